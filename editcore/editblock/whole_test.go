package editblock

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A block writing a file whole gives the same operation whether its lines
// went to a section or to the file as they came: within the head, across
// pieces, and with a line longer than a piece.
func TestWholeFileContent(t *testing.T) {
	long := strings.Repeat("y", pieceSize+pieceSize/2)
	tests := map[string][]string{
		"small":             {"one", "", "three"},
		"empty line only":   {""},
		"past the head":     repeatLines("line of a large file", 3*pieceSize/21),
		"line over a piece": append(repeatLines("z", 1000), long, "after", long),
		"head line over":    {long, "tail"},
	}
	for name, lines := range tests {
		t.Run(name, func(t *testing.T) {
			var w wholeFile
			for _, l := range lines {
				w.add(l)
			}
			got := w.bytes()
			require.Equal(t, len(editcore.FileContent(lines)), len(got))
			assert.True(t, string(editcore.FileContent(lines)) == string(got))
			assert.Equal(t, len(got), cap(got), "no spare capacity past the content")
			assert.Nil(t, w.head)
			if w.rest != nil {
				assert.Empty(t, w.rest.bufs, "every piece given back")
			}
		})
	}
	var empty wholeFile
	assert.Nil(t, empty.bytes())
}

// A block dropped before its end gives its pieces back.
func TestWholeFileFree(t *testing.T) {
	var w wholeFile
	for _, l := range repeatLines(strings.Repeat("x", 99), 2*pieceSize/100) {
		w.add(l)
	}
	require.NotNil(t, w.rest)
	require.NotEmpty(t, w.rest.bufs)
	w.free()
	assert.Empty(t, w.rest.bufs)
	assert.Nil(t, w.head)
}

// An unclosed block writing a large file is reported, and its pieces let go.
func TestWholeFileUnclosed(t *testing.T) {
	p := New()
	p.Line(1, "big.txt")
	p.Line(2, startText)
	p.Line(3, replText)
	for i := range 2 * pieceSize / 50 {
		p.Line(4+i, strings.Repeat("x", 49))
	}
	w := p.b.whole
	require.NotNil(t, w.rest)
	ops := p.End()
	require.Len(t, ops, 1)
	assert.Equal(t, editcore.Malformed, ops[0].Kind)
	assert.Empty(t, w.rest.bufs)
}

func repeatLines(line string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = line
	}
	return out
}

// An operation holding a file's content is handed out in an array of its
// own, so that letting the content go frees it; a small edit comes from
// the shared array.
func TestLargeOpsOwnArray(t *testing.T) {
	p := New()
	feed := func(lines ...string) (ops []editcore.Op) {
		for i, l := range lines {
			if _, _, o := p.Line(i+1, l); o != nil {
				ops = o // as handed out, not a copy
			}
		}
		return ops
	}
	feed("a.py", startText, "x", replText, "y", endText) // starts the shared array
	next := &p.slab[0]
	ops := feed("new.txt", startText, replText, "content", endText)
	require.Len(t, ops, 1)
	assert.Equal(t, editcore.Create, ops[0].Kind)
	assert.NotSame(t, next, &ops[0], "a creation is not in the shared array")
	assert.Nil(t, next.Content, "nor left behind in it")

	next = &p.slab[0]
	ops = feed("b.py", startText, "x", replText, "y", endText)
	require.Len(t, ops, 1)
	assert.Same(t, next, &ops[0], "a small edit is")
}
