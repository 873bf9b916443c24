package gitops

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// viaJSON is the note as encoding/json writes it, the format Encode keeps.
func viaJSON(t testing.TB, a *Attribution) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(a))
	return b.Bytes()
}

func TestAttributionEncodeMatchesJSON(t *testing.T) {
	for name, a := range map[string]*Attribution{
		"empty":       {},
		"empty lists": {Commit: "89ab", Responses: []AttrResponse{}, Files: []AttrFile{}},
		"full": {
			Responses: []AttrResponse{
				{Transcript: "chat.md", Response: 1, Total: 2},
				{Commit: "0123abcd", Transcript: "a \"quoted\" <b>&\\ name\tü\u2028\x01", Response: 2, Total: 2, Model: "gpt-5", Agent: "codex"},
			},
			Files: []AttrFile{
				{Path: "z/b.go", Lines: []AttrLines{{Start: 9, End: 12, Source: 1, Block: 3}, {Start: 1, End: 1, Source: 0, Block: 1}}},
				{Path: "a.go", Lines: nil},
				{Path: "dir/\xff bad utf8.txt", Lines: []AttrLines{}},
			},
		},
	} {
		t.Run(name, func(t *testing.T) {
			got := a.Encode() // sorts; the reference sees the same order
			require.Equal(t, string(viaJSON(t, a)), string(got))
		})
	}
}

func FuzzAttributionEncode(f *testing.F) {
	f.Add("chat.md", "model", "src/a.go", 1, 2, 3)
	f.Add("\"<&>\u2028", "", "\x00\xff", -1, 0, 1<<40)
	f.Fuzz(func(t *testing.T, transcript, model, path string, start, end, block int) {
		a := &Attribution{
			Commit:    transcript,
			Responses: []AttrResponse{{Transcript: transcript, Model: model, Agent: path, Response: start, Total: end}},
			Files:     []AttrFile{{Path: path, Lines: []AttrLines{{Start: start, End: end, Block: block}}}, {Path: model}},
		}
		got := a.Encode()
		require.Equal(t, string(viaJSON(t, a)), string(got))
	})
}
