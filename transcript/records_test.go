package transcript

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A document of records written on one line (a request body as SDKs and
// proxies log it) is that document, not a JSONL log of one record.
func TestReadRecordsDocumentOnOneLine(t *testing.T) {
	type rec struct {
		No  int
		Raw string
	}
	tests := map[string]struct {
		data  string
		want  []rec
		model string // the wrapping object's "model", seen through meta
	}{
		"compact request": {
			data:  `{"model":"m1","messages":[{"a":1},{"a":2}]}` + "\n",
			want:  []rec{{1, `{"a":1}`}, {2, `{"a":2}`}},
			model: `"m1"`,
		},
		"compact request without a newline": {
			data: `{"messages":[{"a":1}]}`,
			want: []rec{{1, `{"a":1}`}},
		},
		"compact request, blank lines and CRLF after it": {
			data: "\ufeff{\"messages\":[{\"a\":1}]}\r\n\r\n  \n",
			want: []rec{{1, `{"a":1}`}},
		},
		"indented request reads the same": {
			data:  "{\n  \"model\": \"m1\",\n  \"messages\": [\n    {\"a\": 1},\n    {\"a\": 2}\n  ]\n}\n",
			want:  []rec{{1, `{"a": 1}`}, {2, `{"a": 2}`}},
			model: `"m1"`,
		},
		"two lines holding lists are two records": {
			data: `{"messages":[{"a":1}]}` + "\n\n" + `{"messages":[{"a":2}]}` + "\n",
			want: []rec{{1, `{"messages":[{"a":1}]}`}, {3, `{"messages":[{"a":2}]}`}},
		},
		"a list under another key is a record": {
			data: `{"message":{"content":[{"a":1}]}}` + "\n",
			want: []rec{{1, `{"message":{"content":[{"a":1}]}}`}},
		},
		"messages that are no list is a record": {
			data: `{"messages":"none"}` + "\n",
			want: []rec{{1, `{"messages":"none"}`}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var got []rec
			model := ""
			e := &emitter{meta: func(k string, v json.RawMessage) {
				if k == "model" {
					model = string(v)
				}
			}}
			err := readRecords(strings.NewReader(tc.data), e, []string{"messages"}, func(n int, raw []byte) error {
				got = append(got, rec{n, string(raw)})
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.model, model)
		})
	}
}

// The sources that read a wrapping document read it on one line too.
func TestReadDocumentOnOneLine(t *testing.T) {
	tests := map[string]struct {
		data string
		src  Source
		ops  []opSummary
	}{
		"messages api request": {
			src: ClaudeCode,
			data: `{"model":"claude-sonnet-4-6","max_tokens":1024,"messages":[` +
				`{"role":"user","content":"Exclaim. The file is /p/app.py"},` +
				`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"str_replace_based_edit_tool","input":{"command":"str_replace","path":"/p/app.py","old_str":"bye","new_str":"bye!"}}]}]}`,
			ops: []opSummary{{Kind: editcore.Substring, Path: "app.py"}},
		},
		"gemini session": {
			src: Gemini,
			data: `{"sessionId":"s1","projectHash":"h","messages":[` +
				`{"id":"u1","type":"user","content":"make it loud"},` +
				`{"id":"g1","type":"gemini","content":"Done.","toolCalls":[{"id":"w1","name":"write_file","args":{"file_path":"/p/loud.txt","content":"LOUD\n"},"status":"success"}]}]}` + "\n",
			ops: []opSummary{{Kind: editcore.Write, Path: "loud.txt"}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, []byte(tc.data), tc.src, Options{Root: "/p"})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, 1)
			assert.Equal(t, tc.ops, summarize(rs[0].Ops))
		})
	}
}
