package mdfence

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOpen(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		want Fence
	}{
		{"```", true, Fence{Char: '`', N: 3}},
		{"````python src/a.py", true, Fence{Char: '`', N: 4, Info: "python src/a.py"}},
		{"  ~~~ diff  ", true, Fence{Char: '~', N: 3, Indent: 2, Info: "diff"}},
		{"<source>python", true, Fence{Tag: "source", Info: "python"}},
		{"<diff>", true, Fence{Tag: "diff"}},
		{"``", false, Fence{}},
		{"```a` b", false, Fence{}}, // inline code
		{"</source>", false, Fence{}},
		{"<sources>", false, Fence{}},
		{"", false, Fence{}},
		{"text ```", false, Fence{}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			f, ok := Open(tt.line)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, f)
		})
	}
}

func TestCloses(t *testing.T) {
	four, _ := Open("````md")
	tilde, _ := Open("~~~")
	tag, _ := Open("<source>python")
	tests := []struct {
		f    Fence
		line string
		want bool
	}{
		{four, "````", true},
		{four, " ````` ", true},
		{four, "```", false}, // shorter: a fence inside the block
		{four, "```` x", false},
		{tilde, "~~~~", true},
		{tilde, "```", false},
		{tag, "</source>", true},
		{tag, "</code>", false},
		{tag, "```", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.f.Closes(tt.line), "%q closes %q", tt.line, tt.f)
	}
	assert.True(t, CloseTag(" </pre> "))
	assert.False(t, CloseTag("</path>"))
	assert.False(t, CloseTag("<source>"))
}

// FuzzOpen: an opening fence is closed by its own bare form and never by
// a line that is not a fence.
func FuzzOpen(f *testing.F) {
	f.Add("````python a.py", "````")
	f.Add("<source>go", "</source>")
	f.Add("~~~", "~~")
	f.Add("```", "\r```")
	f.Fuzz(func(t *testing.T, open, line string) {
		fe, ok := Open(open)
		if !ok {
			return
		}
		if fe.Tag != "" {
			assert.True(t, fe.Closes("</"+fe.Tag+">"))
		} else {
			assert.True(t, fe.Closes(strings.Repeat(string(fe.Char), fe.N)))
			assert.False(t, fe.Closes(strings.Repeat(string(fe.Char), fe.N-1)))
		}
		if fe.Closes(line) {
			_, isOpen := Open(line)
			assert.True(t, isOpen || CloseTag(line), "%q closes %q but is no fence", line, open)
		}
	})
}

// closesByTrim is Closes as first written, with strings.Trim: the fast
// Closes must agree with it on every fence and line.
func closesByTrim(f Fence, line string) bool {
	t := strings.Trim(line, " \t")
	if f.Tag != "" {
		return t == "</"+f.Tag+">"
	}
	return len(t) >= f.N && run(t) == len(t) && t[0] == f.Char
}

func FuzzClosesMatchesTrim(f *testing.F) {
	f.Add("````python a.py", " ````` ")
	f.Add("<source>go", "\t</source> ")
	f.Add("~~~", "~~~~\t")
	f.Add("```", "``")
	f.Add("<pre>", "</pre")
	f.Fuzz(func(t *testing.T, open, line string) {
		fe, ok := Open(open)
		if !ok {
			return
		}
		assert.Equal(t, closesByTrim(fe, line), fe.Closes(line), "%q closes %q", line, open)
	})
}
