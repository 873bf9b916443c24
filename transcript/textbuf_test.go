package transcript

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A long response is handed on in pieces of whole lines whose joined
// text is the Text it was before: blank lines kept between lines, a long
// line whole in its piece, the separators at its end trimmed.
func TestPiecesAreText(t *testing.T) {
	var b strings.Builder
	b.WriteString("## User\n\nGo.\n\n## Assistant\n\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "a.txt\n```\n<<<<<<< SEARCH\nnot there %d   \n=======\n\n  \nx\n>>>>>>> REPLACE\n```\n\n", i)
		if i == 10000 {
			b.WriteString(strings.Repeat("y", 3*textChunk/2) + "\n")
		}
	}
	b.WriteString("\n---\n\n***  \n\n## User\n\nThanks.\n\n## Assistant\n\nShort.\n")
	data := []byte(b.String())

	whole, _, err := readAll(t, data, Markdown, Options{})
	require.NoError(t, err)
	require.Len(t, whole, 2)
	require.True(t, whole[0].Pieces == nil, "a text under piecesMin is joined")

	defer func(was int) { piecesMin = was }(piecesMin)
	piecesMin = 1 << 10
	inPieces, _, err := readAll(t, data, Markdown, Options{})
	require.NoError(t, err)
	require.Len(t, inPieces, 2)
	pieces := collect(t, inPieces[0].Pieces)
	require.GreaterOrEqual(t, len(pieces), 3)
	assert.Empty(t, inPieces[0].Text)
	for i, p := range pieces {
		require.True(t, bytes.HasSuffix(p, []byte("\n")), "piece %d does not end a line", i)
		assert.LessOrEqual(t, len(p), 3*textChunk/2+2, "piece %d", i)
	}
	assert.True(t, whole[0].Text == string(bytes.Join(pieces, nil)), "the pieces joined are not the text")
	assert.Equal(t, whole[0].Line, inPieces[0].Line)
	assert.Equal(t, "Short.\n", inPieces[1].Text, "a short response is joined")
}

// collect is every piece, read back.
func collect(t *testing.T, p *Pieces) [][]byte {
	t.Helper()
	var out [][]byte
	require.NoError(t, p.Each(func(b []byte) bool {
		out = append(out, b)
		return true
	}))
	return out
}

// Past spillFrom, the pieces but the last two are in a temporary file,
// nameless, read back as they were; a response that ends in separators
// over several pieces has them trimmed from the file's too; the text is
// walked again the same.
func TestPiecesSpill(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(was, from int) { piecesMin, spillFrom = was, from }(piecesMin, spillFrom)
	var b strings.Builder
	b.WriteString("## User\n\nGo.\n\n## Assistant\n\n")
	for i := range 40000 {
		fmt.Fprintf(&b, "a.txt\n```\n<<<<<<< SEARCH\nnot there %d   \n=======\nx\n>>>>>>> REPLACE\n```\n\n", i)
	}
	b.WriteString(strings.Repeat("---\n\n", textChunk/3))
	b.WriteString("## User\n\nThanks.\n\n## Assistant\n\nShort.\n")
	data := []byte(b.String())
	piecesMin = 1 << 30 // joined
	whole, _, err := readAll(t, data, Markdown, Options{})
	require.NoError(t, err)
	require.Nil(t, whole[0].Pieces)

	piecesMin, spillFrom = 1<<10, 1<<10
	spilled, _, err := readAll(t, data, Markdown, Options{})
	require.NoError(t, err)
	p := spilled[0].Pieces
	require.NotNil(t, p)
	assert.NotNil(t, p.file, "kept in a file")
	assert.LessOrEqual(t, len(p.mem), keepPieces)
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, entries, "the file has no name")
	for range 2 {
		assert.True(t, whole[0].Text == string(bytes.Join(collect(t, p), nil)), "the pieces joined are not the text")
	}
	p.Close()
	assert.Equal(t, "Short.\n", spilled[1].Text)
}
