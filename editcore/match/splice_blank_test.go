package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBlankLinesEdgeBlanks: blank lines at the edges of a blank_lines
// pattern take in the file's blank lines there, so a blank line the
// replacement keeps before inserted text stays in place (aider replay 017).
func TestBlankLinesEdgeBlanks(t *testing.T) {
	file := []string{"a", "b", "", "c", "", "", "d"}
	old := []string{"a", "b", "c", "", ""}
	repl := []string{"a", "b", "", "c", "", "X", ""}
	m, err := Find(file, old, Options{})
	require.NoError(t, err)
	assert.Equal(t, BlankLines, m.Step)
	assert.Equal(t, []string{"a", "b", "", "c", "", "X", "", "d"}, Splice(file, m, old, repl))

	// Leading blank lines likewise.
	file = []string{"x", "", "", "a", "b", "", "c"}
	old = []string{"", "a", "b", "c"}
	repl = []string{"", "a", "b", "c", "d"}
	m, err = Find(file, old, Options{})
	require.NoError(t, err)
	assert.Equal(t, BlankLines, m.Step)
	got := Splice(file, m, old, repl)
	assert.Equal(t, []string{"x", "", "", "a", "b", "", "c", "d"}, got)
}
