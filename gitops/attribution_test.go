package gitops

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAttributionRoundTrip(t *testing.T) {
	a := &Attribution{
		Responses: []AttrResponse{{Transcript: "t.md sha256:00", Response: 2, Total: 3, Model: "m", Agent: "aider"}},
		Files: []AttrFile{
			{Path: "b.py", Lines: []AttrLines{{Start: 9, End: 9, Block: 2}, {Start: 1, End: 3, Block: 1}}},
			{Path: "a.py", Lines: []AttrLines{{Start: 4, End: 4, Block: 1}}},
		},
	}
	got, err := DecodeAttribution(a.Encode())
	require.NoError(t, err)
	assert.Equal(t, "a.py", got.Files[0].Path)
	assert.Equal(t, 1, got.Files[1].Lines[0].Start) // sorted
	r, block, ok := got.At("b.py", 2)
	require.True(t, ok)
	assert.Equal(t, 2, r.Response)
	assert.Equal(t, 1, block)
	_, _, ok = got.At("b.py", 5)
	assert.False(t, ok)
}

func TestDecodeAttributionRefuses(t *testing.T) {
	for name, in := range map[string]string{
		"not json":   "hello",
		"version 2":  `{"version":2,"responses":[],"files":[]}`,
		"bad source": `{"version":1,"responses":[],"files":[{"path":"a","lines":[{"start":1,"end":1,"source":0,"block":1}]}]}`,
		"backwards":  `{"version":1,"responses":[{}],"files":[{"path":"a","lines":[{"start":3,"end":1,"source":0,"block":1}]}]}`,
	} {
		_, err := DecodeAttribution([]byte(in))
		assert.Error(t, err, name)
	}
}

// FuzzDecodeAttribution: no panics; a note that decodes answers At for
// every line it lists and encodes to a note that decodes the same.
func FuzzDecodeAttribution(f *testing.F) {
	f.Add([]byte(`{"version":1,"responses":[{"transcript":"t","response":1,"total":1}],"files":[{"path":"a","lines":[{"start":1,"end":2,"source":0,"block":1}]}]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := DecodeAttribution(data)
		if err != nil {
			return
		}
		for _, file := range a.Files {
			for _, l := range file.Lines {
				if _, _, ok := a.At(file.Path, l.Start); !ok {
					t.Fatalf("At(%q, %d) not found", file.Path, l.Start)
				}
			}
		}
		again, err := DecodeAttribution(a.Encode())
		require.NoError(t, err)
		assert.Equal(t, len(a.Files), len(again.Files))
	})
}

func TestParseBlame(t *testing.T) {
	out := "1111111111111111111111111111111111111111 1 1 2\nauthor Bea Base\nboundary\nfilename old.py\n\tdef f():\n" +
		"1111111111111111111111111111111111111111 2 2\n\t    return 1\n" +
		"2222222222222222222222222222222222222222 5 3 1\nauthor Ada Author\nfilename new.py\n\tx = 1\n"
	lines := parseBlame([]byte(out))
	require.Len(t, lines, 3)
	assert.Equal(t, BlameLine{Commit: lines[0].Commit, OrigPath: "old.py", OrigLine: 2, Line: 2, Text: "    return 1", Author: "Bea Base", Boundary: true}, lines[1])
	assert.Equal(t, "new.py", lines[2].OrigPath)
	assert.Equal(t, 5, lines[2].OrigLine)
	assert.Equal(t, "Ada Author", lines[2].Author)
}

// FuzzParseBlame: no panics on any input, and no more lines than the
// input has tab-led lines. (A zero commit is git's "not committed yet".)
func FuzzParseBlame(f *testing.F) {
	f.Add([]byte("1111111111111111111111111111111111111111 1 1 1\nauthor A\nfilename a\n\tx\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if n := len(parseBlame(data)); n > bytes.Count(data, []byte("\t")) {
			t.Fatalf("%d lines from %d tabs", n, bytes.Count(data, []byte("\t")))
		}
	})
}
