package gitops

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeAttributions(t *testing.T) {
	one := (&Attribution{Commit: "aa", Responses: []AttrResponse{{Transcript: "t.md", Response: 1, Total: 2}},
		Files: []AttrFile{{Path: "a", Lines: []AttrLines{{Start: 1, End: 2}}}}}).Encode()
	two := (&Attribution{Commit: "bb", Responses: []AttrResponse{{Transcript: "t.md", Response: 2, Total: 2}},
		Files: []AttrFile{{Path: "a", Lines: []AttrLines{{Start: 3, End: 3}}}}}).Encode()
	for name, tc := range map[string]struct {
		data    []byte
		commits []string
		err     string
	}{
		"one":                 {data: one, commits: []string{"aa"}},
		"git's concatenation": {data: bytes.Join([][]byte{one, two}, []byte("\n")), commits: []string{"aa", "bb"}},
		"no separator":        {data: append(bytes.TrimSpace(one), two...), commits: []string{"aa", "bb"}},
		"empty":               {data: []byte("\n\n"), err: "empty"},
		"not json":            {data: []byte("hello"), err: "document 1"},
		"second broken":       {data: append(append([]byte{}, one...), "{\"version\":"...), err: "document 2"},
		"other version":       {data: append(append([]byte{}, one...), `{"version": 2}`...), err: "schema version 2"},
		"bad run":             {data: []byte(`{"version":1,"responses":[],"files":[{"path":"a","lines":[{"start":1,"end":1,"source":0}]}]}`), err: "bad line run"},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := DecodeAttributions(tc.data)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			var commits []string
			for _, a := range got {
				commits = append(commits, a.Commit)
			}
			assert.Equal(t, tc.commits, commits)
		})
	}
}

// A stream of notes reads as the notes one by one: each document, and
// joining them in any way git does, gives the same documents back.
func FuzzDecodeAttributions(f *testing.F) {
	f.Add([]byte(`{"version":1,"responses":[],"files":[]}`), []byte("\n"))
	f.Add([]byte(`{"version":1,"commit":"x","responses":[{"transcript":"t","response":1,"total":1}],"files":[{"path":"p","lines":[{"start":1,"end":3,"source":0,"block":1}]}]}`), []byte(""))
	f.Fuzz(func(t *testing.T, doc, sep []byte) {
		single, err := DecodeAttributions(doc)
		if err != nil || len(single) != 1 {
			return
		}
		// git joins notes with newlines; JSON's white space (space, tab,
		// CR, LF) is what may stand between documents, not every byte
		// bytes.TrimSpace takes for space (\v, \f, U+0085).
		if len(bytes.Trim(sep, " \t\r\n")) > 0 {
			return
		}
		joined := append(append(append([]byte{}, doc...), sep...), doc...)
		both, err := DecodeAttributions(joined)
		require.NoError(t, err)
		require.Len(t, both, 2)
		assert.Equal(t, single[0], both[0])
		assert.Equal(t, single[0], both[1])
	})
}
