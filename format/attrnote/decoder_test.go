package attrnote

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeAll(t *testing.T) {
	one := (&Note{Commit: "aa", Responses: []Response{{Transcript: "t.md", Response: 1, Total: 2}},
		Files: []File{{Path: "a", Lines: []Lines{{Start: 1, End: 2}}}}}).Encode()
	two := (&Note{Commit: "bb", Responses: []Response{{Transcript: "t.md", Response: 2, Total: 2}},
		Files: []File{{Path: "a", Lines: []Lines{{Start: 3, End: 3}}}}}).Encode()
	for name, tc := range map[string]struct {
		data    []byte
		commits []string
		err     string
	}{
		"one":                 {data: one, commits: []string{"aa"}},
		"git's concatenation": {data: bytes.Join([][]byte{one, two}, []byte("\n")), commits: []string{"aa", "bb"}},
		"no separator":        {data: append(bytes.TrimSpace(one), two...), commits: []string{"aa", "bb"}},
		"CRLF between":        {data: bytes.Join([][]byte{one, two}, []byte("\r\n\t ")), commits: []string{"aa", "bb"}},
		"empty":               {data: []byte("\n\n"), err: "empty"},
		"nothing":             {data: nil, err: "empty"},
		"not json":            {data: []byte("hello"), err: "document 1"},
		"text after":          {data: append(append([]byte{}, one...), "signed-off\n"...), err: "document 2"},
		"second broken":       {data: append(append([]byte{}, one...), "{\"version\":"...), err: "document 2"},
		"other version":       {data: append(append([]byte{}, one...), `{"version": 2}`...), err: "schema version 2"},
		"bad run":             {data: []byte(`{"version":1,"responses":[],"files":[{"path":"a","lines":[{"start":1,"end":1,"source":0}]}]}`), err: "bad line run"},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := DecodeAll(tc.data)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			var commits []string
			for _, n := range got {
				commits = append(commits, n.Commit)
			}
			assert.Equal(t, tc.commits, commits)
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	for name, tc := range map[string]struct {
		in, err string
	}{
		"not json":       {"hello", "attribution note: invalid character"},
		"empty":          {"", "attribution note: unexpected end of JSON input"},
		"two documents":  {`{"version":1} {"version":1}`, "attribution note: invalid character"},
		"version 0":      {`{"responses":[],"files":[]}`, "schema version 0; this git-aiedit reads version 1"},
		"version 2":      {`{"version":2,"responses":[],"files":[]}`, "schema version 2; this git-aiedit reads version 1"},
		"wrong type":     {`{"version":"1"}`, "attribution note: json: cannot unmarshal string"},
		"no response":    {`{"version":1,"responses":[],"files":[{"path":"a","lines":[{"start":1,"end":1,"source":0,"block":1}]}]}`, "bad line run 1-1 (source 0) in a"},
		"source below":   {`{"version":1,"responses":[{}],"files":[{"path":"a","lines":[{"start":1,"end":1,"source":-1,"block":1}]}]}`, "bad line run 1-1 (source -1) in a"},
		"backwards":      {`{"version":1,"responses":[{}],"files":[{"path":"a","lines":[{"start":3,"end":1,"source":0,"block":1}]}]}`, "bad line run 3-1 (source 0) in a"},
		"line 0":         {`{"version":1,"responses":[{}],"files":[{"path":"a","lines":[{"start":0,"end":1,"source":0,"block":1}]}]}`, "bad line run 0-1 (source 0) in a"},
		"second file":    {`{"version":1,"responses":[{}],"files":[{"path":"a","lines":[]},{"path":"b","lines":[{"start":2,"end":2,"source":1}]}]}`, "bad line run 2-2 (source 1) in b"},
		"newer, and bad": {`{"version":2,"responses":[],"files":[{"path":"a","lines":[{"start":0}]}]}`, "schema version 2"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Decode([]byte(tc.in))
			require.ErrorContains(t, err, tc.err)
		})
	}
}

// FuzzDecode: no panics; a note that decodes answers At for every line
// it lists, and encodes to a note that decodes and encodes again to as
// many bytes (the same bytes but for the order of files or runs that
// share a path or a start, which a decoded note may hold and Encode does
// not order among themselves).
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"version":1,"responses":[{"transcript":"t","response":1,"total":1}],"files":[{"path":"a","lines":[{"start":1,"end":2,"source":0,"block":1}]}]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Decode(data)
		if err != nil {
			return
		}
		for _, file := range n.Files {
			for _, l := range file.Lines {
				if _, _, ok := n.At(file.Path, l.Start); !ok {
					t.Fatalf("At(%q, %d) not found", file.Path, l.Start)
				}
			}
		}
		enc := n.Encode()
		again, err := Decode(enc)
		require.NoError(t, err)
		assert.Equal(t, len(enc), len(again.Encode()))
	})
}

// A stream of notes reads as the notes one by one: each document, and
// joining them in any way git does, gives the same documents back.
func FuzzDecodeAll(f *testing.F) {
	f.Add([]byte(`{"version":1,"responses":[],"files":[]}`), []byte("\n"))
	f.Add([]byte(`{"version":1,"commit":"x","responses":[{"transcript":"t","response":1,"total":1}],"files":[{"path":"p","lines":[{"start":1,"end":3,"source":0,"block":1}]}]}`), []byte(""))
	f.Fuzz(func(t *testing.T, doc, sep []byte) {
		single, err := DecodeAll(doc)
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
		both, err := DecodeAll(joined)
		require.NoError(t, err)
		require.Len(t, both, 2)
		assert.Equal(t, single[0], both[0])
		assert.Equal(t, single[0], both[1])
	})
}
