package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/transcript"
)

func TestResponseDigest(t *testing.T) {
	base := &transcript.Response{Line: 12, Text: "Fix it.\n\napp.py\n```\nx\n```\n"}
	write := func(content string) *transcript.Response {
		return &transcript.Response{Line: 3, Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte(content), Line: 3}}}
	}
	tests := map[string]struct {
		a, b *transcript.Response
		same bool
	}{
		"same text elsewhere in the file":  {base, &transcript.Response{Line: 40, Text: base.Text}, true},
		"trailing blanks and blank lines":  {base, &transcript.Response{Text: "\nFix it.  \n\napp.py\n```\nx\n```\n\n\n"}, true},
		"other text":                       {base, &transcript.Response{Text: "Fix it!\n"}, false},
		"same tool call at another record": {write("x\n"), &transcript.Response{Line: 9, Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte("x\n"), Line: 9}}}, true},
		"other content":                    {write("x\n"), write("y\n"), false},
		"value moved between fields":       {&transcript.Response{Ops: []editcore.Op{{Kind: editcore.Substring, Path: "a", OldText: "b"}}}, &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Substring, Path: "ab"}}}, false},
		"recorded failure":                 {write("x\n"), &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py", Content: []byte("x\n"), RecordedError: "denied"}}}, false},
		"patch text":                       {&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Line: 2}}}, &transcript.Response{Patches: []transcript.Patch{{Text: "p1", Line: 7}}}, true},
		"patch text read in another format": {
			&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Ops: []editcore.Op{{Kind: editcore.Replace, Path: "a.py"}}}}},
			&transcript.Response{Patches: []transcript.Patch{{Text: "p1", Ops: []editcore.Op{{Kind: editcore.Malformed, Problem: "not udiff"}}}}}, true},
		"prose versus tool call of the same": {&transcript.Response{Text: "a.py"}, &transcript.Response{Ops: []editcore.Op{{Kind: editcore.Write, Path: "a.py"}}}, false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			a, b := responseDigest(tt.a), responseDigest(tt.b)
			require.Regexp(t, `^sha256:[0-9a-f]{64}$`, a)
			assert.Equal(t, tt.same, a == b)
		})
	}
}

func TestRecordedDigestsTakeOnce(t *testing.T) {
	var d recordedDigests
	// Walked newest first: c3 (digest x), c2 (y), c1 (x).
	d.note("log.md", "x", "c3", "sha256:b", 3)
	d.note("log.md", "y", "c2", "sha256:a", 2)
	d.note("log.md", "x", "c1", "sha256:a", 1)
	d.mark("c2") // recognised by its number

	c, ok := d.take("log.md", "x")
	require.True(t, ok)
	assert.Equal(t, "c1", c, "the oldest first")
	c, ok = d.take("log.md", "x")
	require.True(t, ok)
	assert.Equal(t, "c3", c)
	_, ok = d.take("log.md", "x")
	assert.False(t, ok, "each commit stands for one response")
	_, ok = d.take("log.md", "y")
	assert.False(t, ok, "taken by number already")
	_, ok = d.take("other.md", "x")
	assert.False(t, ok, "another transcript's")
	_, ok = d.take("log.md", "")
	assert.False(t, ok)
}
