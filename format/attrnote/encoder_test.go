package attrnote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viaJSON is the note as encoding/json writes it, the format Encode keeps.
func viaJSON(t testing.TB, n *Note) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(n))
	return b.Bytes()
}

func TestEncodeMatchesJSON(t *testing.T) {
	for name, n := range map[string]*Note{
		"empty":       {},
		"empty lists": {Commit: "89ab", Responses: []Response{}, Files: []File{}},
		"full": {
			Responses: []Response{
				{Transcript: "chat.md", Response: 1, Total: 2},
				{Commit: "0123abcd", Transcript: "a \"quoted\" <b>&\\ name\tü\u2028\x01", Response: 2, Total: 2, Model: "gpt-5", Agent: "codex"},
			},
			Files: []File{
				{Path: "z/b.go", Lines: []Lines{{Start: 9, End: 12, Source: 1, Block: 3}, {Start: 1, End: 1, Source: 0, Block: 1}}},
				{Path: "a.go", Lines: nil},
				{Path: "dir/\xff bad utf8.txt", Lines: []Lines{}},
			},
		},
	} {
		t.Run(name, func(t *testing.T) {
			got := n.Encode() // sorts; the reference sees the same order
			require.Equal(t, string(viaJSON(t, n)), string(got))
			if n.Files != nil {
				require.Equal(t, string(got), encodeFiles(t, n), "EncodeFilesTo writes what Encode returns")
			}
		})
	}
}

func FuzzEncode(f *testing.F) {
	f.Add("chat.md", "model", "src/a.go", 1, 2, 3)
	f.Add("\"<&>\u2028", "", "\x00\xff", -1, 0, 1<<40)
	f.Fuzz(func(t *testing.T, transcript, model, path string, start, end, block int) {
		n := &Note{
			Commit:    transcript,
			Responses: []Response{{Transcript: transcript, Model: model, Agent: path, Response: start, Total: end}},
			Files:     []File{{Path: path, Lines: []Lines{{Start: start, End: end, Block: block}}}, {Path: model}},
		}
		got := n.Encode()
		require.Equal(t, string(viaJSON(t, n)), string(got))
		var streamed bytes.Buffer
		require.NoError(t, n.EncodeTo(&streamed))
		require.Equal(t, string(got), streamed.String(), "EncodeTo writes what Encode returns")
		require.Equal(t, string(got), encodeFiles(t, n), "EncodeFilesTo writes what Encode returns")
	})
}

// encodeFiles is what EncodeFilesTo writes of n with its own files
// yielded one by one (Encode has put them in order).
func encodeFiles(t testing.TB, n *Note) string {
	head := *n
	head.Files = nil
	var b bytes.Buffer
	require.NoError(t, head.EncodeFilesTo(&b, func(yield func(File) bool) error {
		for _, f := range n.Files {
			if !yield(f) {
				break
			}
		}
		return nil
	}))
	return b.String()
}

// EncodeFilesTo passes on the error of the files it is given, and of
// the writer.
func TestEncodeFilesToErrors(t *testing.T) {
	n := &Note{Responses: []Response{}}
	bad := errors.New("spill gone")
	err := n.EncodeFilesTo(io.Discard, func(func(File) bool) error { return bad })
	require.ErrorIs(t, err, bad)
	many := func(yield func(File) bool) error {
		for i := 0; i < 10000 && yield(File{Path: fmt.Sprint(i), Lines: []Lines{{Start: 1, End: 1}}}); i++ {
		}
		return nil
	}
	require.ErrorIs(t, n.EncodeFilesTo(failingWriter{bad}, many), bad)
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// EncodeTo writes a large note in pieces that make the bytes Encode
// returns, the files given in any order.
func TestEncodeToLarge(t *testing.T) {
	n := &Note{Commit: "c", Responses: []Response{{Transcript: "t.md", Response: 1, Total: 1}}}
	for i := range 5000 {
		n.Files = append(n.Files, File{Path: fmt.Sprintf("src/d%03d/f%06d.txt", (4999-i)/100, 4999-i), Lines: []Lines{{Start: 2, End: 3, Block: i}, {Start: 1, End: 1, Block: i + 1}}})
	}
	var streamed bytes.Buffer
	w := &countingWriter{w: &streamed}
	require.NoError(t, n.EncodeTo(w))
	assert.Equal(t, string(n.Encode()), streamed.String())
	assert.Greater(t, w.writes, 10, "written in pieces")
	assert.Equal(t, streamed.String(), encodeFiles(t, n))
}

type countingWriter struct {
	w      *bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	return c.w.Write(p)
}
