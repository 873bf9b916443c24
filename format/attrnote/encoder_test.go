package attrnote

import (
	"bytes"
	"encoding/json"
	"testing"

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
	})
}
