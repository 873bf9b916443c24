package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplice(t *testing.T) {
	tests := map[string]struct {
		file, old, new string
		opt            Options
		step           Step // expected step, to be sure the case tests what it says
		want           string
	}{
		"exact replacement": {
			file: "a\nb\nc\nd", old: "b\nc", new: "b\nx\nc",
			step: Exact, want: "a\nb\nx\nc\nd",
		},
		"deletion": {
			file: "a\nb\nc\nd", old: "b\nc", new: "c",
			step: Exact, want: "a\nc\nd",
		},
		"everything replaced": {
			file: "a\nb\nc", old: "b", new: "x\ny",
			step: Exact, want: "a\nx\ny\nc",
		},
		"context keeps the file's trailing whitespace": {
			file: "a  |\nb\t|\nc", old: "a\nb", new: "a\nnew\nb",
			step: TrailingWS, want: "a  |\nnew\nb\t|\nc",
		},
		"changed line is the model's": {
			file: "a  |\nb\t|\nc", old: "a\nb", new: "A\nb",
			step: TrailingWS, want: "A\nb\t|\nc",
		},
		"context keeps the file's punctuation": {
			file: "// it’s “done”\nrun()", old: "// it's \"done\"\nrun()", new: "// it's \"done\"\nrun()\nstop()",
			step: Unicode, want: "// it’s “done”\nrun()\nstop()",
		},
		"new lines follow the file's indentation": {
			file: "func f() {\n\tif x {\n\t\ty()\n\t}\n}", old: "if x {\n    y()\n}", new: "if x {\n    y()\n    z()\n}\nw()",
			step: Indent, want: "func f() {\n\tif x {\n\t\ty()\n\t\tz()\n\t}\n\tw()\n}",
		},
		"blank lines: unchanged stretch keeps the file's blank lines": {
			file: "a\n\n\nb\nc\nd", old: "a\nb\nc", new: "a\nb\nX",
			step: BlankLines, want: "a\n\n\nb\nX\nd",
		},
		"blank lines: an insertion replaces them": {
			file: "a\n\n\nb\nc", old: "a\nb", new: "a\nx\nb",
			step: BlankLines, want: "a\nx\nb\nc",
		},
		"blank lines: a deleted neighbour takes them": {
			file: "a\n\n\nb\nc", old: "a\nb", new: "b",
			step: BlankLines, want: "b\nc",
		},
		"blank lines: the pattern's blank faces the file's": {
			file: "a\n  |\n\nb", old: "a\n\nb", new: "a\n\nb\nc",
			step: BlankLines, want: "a\n  |\n\nb\nc",
		},
		"blank lines: a blank the file lacks is not added": {
			file: "x\na\nb\ny", old: "a\n\n\nb", new: "a\n\n\nb\nc",
			step: BlankLines, want: "x\na\nb\nc\ny",
		},
		"blank lines: trailing blank lines at eof": {
			file: "a\nb\n\nc\n\n", old: "b\nc", new: "b\nc\nd", opt: Options{AtEOF: true},
			step: BlankLines, want: "a\nb\n\nc\nd",
		},
		"blank lines: trailing blank lines kept when nothing follows": {
			file: "a\nb\n\nc\n\n", old: "b\nc", new: "B\nc", opt: Options{AtEOF: true},
			step: BlankLines, want: "a\nB\nc\n\n",
		},
		"fuzzy keeps the file's context lines": {
			file: "func one() {\n\treturn 1 + 1\n}\nnext()", old: "func one() {\n\treturn 1 + 2\n}", new: "func one() {\n\treturn 1 + 2\n\t// done\n}",
			opt: Options{Fuzzy: 0.8}, step: Fuzzy, want: "func one() {\n\treturn 1 + 1\n\t// done\n}\nnext()",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			file := lines(tt.file)
			before := append([]string(nil), file...)
			m, err := Find(file, lines(tt.old), tt.opt)
			require.NoError(t, err)
			require.Equal(t, tt.step, m.Step)
			got := Splice(file, m, lines(tt.old), lines(tt.new))
			assert.Equal(t, lines(tt.want), got)
			assert.Equal(t, before, file, "file is not modified")
			assert.Equal(t, file, Splice(file, m, lines(tt.old), lines(tt.old)), "old for old is the file")
		})
	}
}

func TestSpliceOutOfRange(t *testing.T) {
	file := []string{"a", "b"}
	tests := map[string]Match{
		"negative":      {Start: -3, End: -1},
		"past the end":  {Start: 5, End: 9},
		"reversed":      {Start: 2, End: 1},
		"blank step":    {Start: 0, End: 2, Step: BlankLines},
		"longer window": {Start: 0, End: 2, Step: Exact},
	}
	for name, m := range tests {
		t.Run(name, func(t *testing.T) {
			assert.NotPanics(t, func() { Splice(file, m, []string{"x", "", "y", "z"}, []string{"q"}) })
		})
	}
}

func TestAlign(t *testing.T) {
	tests := map[string]struct {
		a, b []string
		want []edit
	}{
		"equal":   {[]string{"a", "b"}, []string{"a", "b"}, []edit{{opKeep, 0, 0}, {opKeep, 1, 1}}},
		"insert":  {[]string{"a", "b"}, []string{"a", "x", "b"}, []edit{{opKeep, 0, 0}, {opInsert, 0, 1}, {opKeep, 1, 2}}},
		"replace": {[]string{"a", "b", "c"}, []string{"a", "x", "c"}, []edit{{opKeep, 0, 0}, {opDelete, 1, 0}, {opInsert, 0, 1}, {opKeep, 2, 2}}},
		"lcs in the middle": {
			[]string{"s", "a", "b", "c", "e"}, []string{"s", "b", "x", "c", "e"},
			[]edit{{opKeep, 0, 0}, {opDelete, 1, 0}, {opKeep, 2, 1}, {opInsert, 0, 2}, {opKeep, 3, 3}, {opKeep, 4, 4}},
		},
		"empty old": {nil, []string{"a"}, []edit{{opInsert, 0, 0}}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, align(tt.a, tt.b))
		})
	}
}
