package gitops

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
