package editblock

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

func TestRawLines(t *testing.T) {
	small := newRaw("a", "b", "c", "d")
	assert.Equal(t, "a\nb\nc\nd", small.text(0))
	assert.Equal(t, "a\nb", small.text(2))
	assert.Equal(t, 4, small.count())

	// Past editcore.MaxRaw: the first and last lines, and how many are
	// not kept between them; the text stays near the bound.
	var big rawLines
	const n = 100_000
	for i := range n {
		big.add(fmt.Sprintf("line %06d %s", i, strings.Repeat("x", 40)))
	}
	require.Equal(t, n, big.count())
	text := big.text(0)
	assert.LessOrEqual(t, len(text), editcore.MaxRaw+100)
	assert.True(t, strings.HasPrefix(text, "line 000000 "))
	assert.True(t, strings.HasSuffix(text, fmt.Sprintf("line %06d %s", n-1, strings.Repeat("x", 40))))
	lines := strings.Split(text, "\n")
	kept := len(lines) - 1
	assert.Contains(t, text, "\n"+editcore.Omitted(n-kept)+"\n")
	// The last line can still be dropped (an orphan's lookback).
	assert.True(t, strings.HasSuffix(big.text(1), fmt.Sprintf("line %06d %s", n-2, strings.Repeat("x", 40))))
	// Entries let go hold no text.
	for _, l := range big.tail[:big.from] {
		assert.Empty(t, l)
	}
}
