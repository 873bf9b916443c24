package transcript

import (
	"bytes"
	"fmt"
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
	pieces := inPieces[0].Pieces
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
