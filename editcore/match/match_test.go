package match

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lines splits a test text into lines; "|" marks the end of a line so that
// trailing white space stays visible in the tables.
func lines(s string) []string {
	out := strings.Split(s, "\n")
	for i, l := range out {
		out[i] = strings.TrimSuffix(l, "|")
	}
	return out
}

const goFile = `package demo

func alpha() {
	x := 1
	return x
}

func beta() {
	y := 2
	return y
}`

func TestFind(t *testing.T) {
	tests := map[string]struct {
		file, pattern string
		opt           Options
		// want: the match (Reindent not compared)
		start, end int
		step       Step
		// or one of these outcomes
		ambiguous *Ambiguous
		notFound  bool
		err       error
	}{
		"exact/unique": {
			file: goFile, pattern: "func beta() {\n\ty := 2",
			start: 7, end: 9, step: Exact,
		},
		"exact/ambiguous": {
			file: goFile, pattern: "}",
			ambiguous: &Ambiguous{Step: Exact, Len: 1, Lines: []int{6, 11}},
		},
		"exact/from skips an earlier location": {
			file: goFile, pattern: "}", opt: Options{From: 6},
			start: 10, end: 11, step: Exact,
		},
		"exact/from at a location includes it": {
			file: goFile, pattern: "}", opt: Options{From: 5},
			ambiguous: &Ambiguous{Step: Exact, Len: 1, Lines: []int{6, 11}},
		},
		"exact/from past the end": {
			file: goFile, pattern: "}", opt: Options{From: 99},
			notFound: true,
		},
		"exact/at eof": {
			file: goFile, pattern: "}", opt: Options{AtEOF: true},
			start: 10, end: 11, step: Exact,
		},
		"exact/at eof but the block is earlier": {
			file: goFile, pattern: "func alpha() {", opt: Options{AtEOF: true},
			notFound: true,
		},
		"exact/pattern longer than file": {
			file: "a\nb", pattern: "a\nb\nc",
			notFound: true,
		},
		"exact/empty file": {
			file: "", pattern: "a",
			notFound: true,
		},

		"trailing_ws/file has trailing spaces": {
			file: "a\nb  |\nc", pattern: "b\nc",
			start: 1, end: 3, step: TrailingWS,
		},
		"trailing_ws/pattern has trailing tab and CR": {
			file: "a\nb\nc", pattern: "b\t\r\nc ",
			start: 1, end: 3, step: TrailingWS,
		},
		"trailing_ws/ambiguous is not resolved by later steps": {
			file: "x\nb |\nc\ny\nb\t|\nc", pattern: "b\nc", opt: Options{Fuzzy: 0.5},
			ambiguous: &Ambiguous{Step: TrailingWS, Len: 2, Lines: []int{2, 5}},
		},
		"trailing_ws/from": {
			file: "b |\nc\ny\nb\t|\nc", pattern: "b\nc", opt: Options{From: 1},
			start: 3, end: 5, step: TrailingWS,
		},
		"trailing_ws/at eof": {
			file: "b |\nc\ny\nb\t|\nc", pattern: "b\nc", opt: Options{AtEOF: true},
			start: 3, end: 5, step: TrailingWS,
		},

		"indent/pattern misses a level": {
			file: goFile, pattern: "x := 1\nreturn x",
			start: 3, end: 5, step: Indent,
		},
		"indent/pattern has an extra level": {
			file: goFile, pattern: "\tfunc beta() {\n\t\ty := 2",
			start: 7, end: 9, step: Indent,
		},
		"indent/spaces for tabs": {
			file: goFile, pattern: "func alpha() {\n    x := 1\n    return x\n}",
			start: 2, end: 6, step: Indent,
		},
		"indent/ambiguous": {
			file: "\tif a {\n\t\tb()\n\t}\n  if a {\n    b()\n  }", pattern: "if a {\n  b()\n}",
			ambiguous: &Ambiguous{Step: Indent, Len: 3, Lines: []int{1, 4}},
		},
		"indent/inconsistent window is not a candidate": {
			file: "\tif a {\n\t\tb()\n\t}\n  if a {\n  b()\n  }", pattern: "if a {\n  b()\n}",
			start: 0, end: 3, step: Indent,
		},
		"indent/mixed tabs and spaces in the pattern": {
			file: goFile, pattern: "func alpha() {\n\tx := 1\n        return x",
			notFound: true,
		},
		"indent/one line off by a level": {
			file: goFile, pattern: "func alpha() {\n\t\tx := 1\n\treturn x",
			notFound: true,
		},
		"indent/from": {
			file: "  a\n  b\n    a\n    b", pattern: "a\nb", opt: Options{From: 1},
			start: 2, end: 4, step: Indent,
		},
		"indent/at eof": {
			file: "  a\n  b\n    a\n    b", pattern: "a\nb", opt: Options{AtEOF: true},
			start: 2, end: 4, step: Indent,
		},

		"unicode/smart quotes in the pattern": {
			file: `msg := "it's done"`, pattern: "msg := “it’s done”",
			start: 0, end: 1, step: Unicode,
		},
		"unicode/smart quotes in the file": {
			file: "// don’t — “stop”\nx()", pattern: "// don't - \"stop\"\nx()",
			start: 0, end: 2, step: Unicode,
		},
		"unicode/exotic spaces, minus and ellipsis": {
			file: "a\u00a0=\u2009b\u2212c // wait...", pattern: "a = b-c // wait…",
			start: 0, end: 1, step: Unicode,
		},
		"unicode/with a different indentation": {
			file: "\tx := ‘a’\n\ty()", pattern: "x := 'a'\ny()",
			start: 0, end: 2, step: Unicode,
		},
		"unicode/ambiguous": {
			file: "s = “a”\nt\ns = \"a\"\ns = ‘a’", pattern: "s = „a‟",
			ambiguous: &Ambiguous{Step: Unicode, Len: 1, Lines: []int{1, 3}},
		},
		"unicode/from": {
			file: "s = “a”\nt\ns = “a”", pattern: `s = "a"`, opt: Options{From: 1},
			start: 2, end: 3, step: Unicode,
		},

		"blank_lines/pattern misses a blank line": {
			file: goFile, pattern: "}\nfunc beta() {",
			start: 5, end: 8, step: BlankLines,
		},
		"blank_lines/pattern has extra blank lines": {
			// The pattern's leading blank line takes in the file's.
			file: goFile, pattern: "\nfunc alpha() {\n\n\tx := 1\n",
			start: 1, end: 4, step: BlankLines,
		},
		"blank_lines/ambiguous": {
			file: "a\n\nb\nc\na\n\n\nb", pattern: "a\nb",
			ambiguous: &Ambiguous{Step: BlankLines, Len: 2, Lines: []int{1, 5}},
		},
		"blank_lines/an exact location wins before blank lines are ignored": {
			file: "a\n\nb\nc\na\nb", pattern: "a\nb",
			start: 4, end: 6, step: Exact,
		},
		"blank_lines/from": {
			file: "a\n\nb\nc\na\n\n\nb", pattern: "a\nb", opt: Options{From: 1},
			start: 4, end: 8, step: BlankLines,
		},
		"blank_lines/at eof takes the trailing blank lines": {
			file: "a\n\nb\nc\na\n\nb\n\n", pattern: "a\nb", opt: Options{AtEOF: true},
			start: 4, end: 9, step: BlankLines,
		},
		"blank_lines/with indentation and punctuation": {
			file: "\tfmt.Println(“hi”)\n\n\treturn", pattern: "fmt.Println(\"hi\")\nreturn",
			start: 0, end: 3, step: BlankLines,
		},
		"blank_lines/an all-blank pattern is not matched": {
			file: "a\nb", pattern: "\n",
			notFound: true,
		},

		"fuzzy/off by default": {
			file: goFile, pattern: "func beta() {\n\ty := 3\n\treturn y\n}",
			notFound: true,
		},
		"fuzzy/on": {
			file: goFile, pattern: "func beta() {\n\ty := 3\n\treturn y\n}", opt: Options{Fuzzy: 0.9},
			start: 7, end: 11, step: Fuzzy,
		},
		"fuzzy/below the threshold": {
			file: goFile, pattern: "func beta() {\n\ty := 3\n\treturn y\n}", opt: Options{Fuzzy: 0.99},
			notFound: true,
		},
		"fuzzy/runner-up within the margin": {
			file:    "func one(a int) int {\n\treturn a + 1\n}\nfunc one(a int) int {\n\treturn a + 2\n}",
			pattern: "func one(a int) int {\n\treturn a + 3\n}", opt: Options{Fuzzy: 0.8},
			ambiguous: &Ambiguous{Step: Fuzzy, Len: 3, Lines: []int{1, 4}},
		},
		"fuzzy/runner-up clearly behind": {
			file:    "func one(a int) int {\n\treturn a + 1\n}\nfunc two(b int) int {\n\treturn b * 2\n}",
			pattern: "func one(a int) int {\n\treturn a + 3\n}", opt: Options{Fuzzy: 0.8},
			start: 0, end: 3, step: Fuzzy,
		},
		"fuzzy/from": {
			file:    "func one(a int) int {\n\treturn a + 1\n}\nfunc one(a int) int {\n\treturn a + 2\n}",
			pattern: "func one(a int) int {\n\treturn a + 3\n}", opt: Options{Fuzzy: 0.8, From: 1},
			start: 3, end: 6, step: Fuzzy,
		},
		"fuzzy/at eof": {
			file:    "func one(a int) int {\n\treturn a + 1\n}\nfunc one(a int) int {\n\treturn a + 2\n}",
			pattern: "func one(a int) int {\n\treturn a + 3\n}", opt: Options{Fuzzy: 0.8, AtEOF: true},
			start: 3, end: 6, step: Fuzzy,
		},

		"error/empty pattern": {
			file: goFile, err: ErrEmptyPattern,
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var pattern []string
			if tt.err == nil {
				pattern = lines(tt.pattern)
			}
			m, err := Find(lines(tt.file), pattern, tt.opt)
			switch {
			case tt.err != nil:
				require.ErrorIs(t, err, tt.err)
			case tt.ambiguous != nil:
				var amb *Ambiguous
				require.ErrorAs(t, err, &amb)
				assert.Equal(t, tt.ambiguous, amb)
			case tt.notFound:
				var nf *NotFound
				require.ErrorAs(t, err, &nf, "got match %+v", m)
			default:
				require.NoError(t, err)
				assert.Equal(t, tt.step, m.Step)
				assert.Equal(t, [2]int{tt.start, tt.end}, [2]int{m.Start, m.End})
			}
		})
	}
}

func TestFindFuzzyThreshold(t *testing.T) {
	for name, th := range map[string]float64{"negative": -0.1, "above one": 1.5, "nan": nan()} {
		t.Run(name, func(t *testing.T) {
			_, err := Find([]string{"a"}, []string{"a"}, Options{Fuzzy: th})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "match: fuzzy threshold")
			var nf *NotFound
			assert.False(t, errors.As(err, &nf))
		})
	}
}

func nan() float64 { zero := 0.0; return zero / zero }

func TestAmbiguousMessage(t *testing.T) {
	tests := map[string]struct {
		err  *Ambiguous
		want string
	}{
		"exact": {
			err:  &Ambiguous{Step: Exact, Len: 1, Lines: []int{6, 11}},
			want: "edit location is ambiguous: the 1-line block matches at lines 6 and 11;",
		},
		"tolerant step is named": {
			err:  &Ambiguous{Step: TrailingWS, Len: 2, Lines: []int{2, 5, 9}},
			want: "the 2-line block matches (ignoring trailing whitespace) at lines 2, 5 and 9;",
		},
		"long lists are cut": {
			err:  &Ambiguous{Step: Exact, Len: 1, Lines: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
			want: "at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more;",
		},
		"fuzzy": {
			err:  &Ambiguous{Step: Fuzzy, Len: 3, Lines: []int{1, 4}},
			want: "the 3-line block resembles the lines at 1 and 4 about equally;",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Contains(t, tt.err.Error(), tt.want)
		})
	}
}
