package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

const geminiStream = `{"type":"init","timestamp":"2026-11-20T10:00:00Z","session_id":"s1","model":"gemini-2.5-pro"}
{"type":"message","role":"user","content":"rename x"}
{"type":"message","role":"assistant","content":"Renam","delta":true}
{"type":"message","role":"assistant","content":"ing.","delta":true}
{"type":"tool_use","tool_name":"replace","tool_id":"r1","parameters":{"file_path":"/w/p/a.py","old_string":"x","new_string":"y"}}
{"type":"tool_result","tool_id":"r1","status":"success"}
{"type":"tool_use","tool_name":"write_file","tool_id":"w2","parameters":{"file_path":"/w/p/b.py","content":"b"}}
{"type":"tool_result","tool_id":"w2","status":"error","error":{"type":"x","message":"denied"}}
{"type":"message","role":"user","content":"and z"}
{"type":"tool_use","tool_name":"write_file","tool_id":"w3","parameters":{"file_path":"/w/p/z.py","content":"z"}}
`

func TestGeminiStream(t *testing.T) {
	assert.Equal(t, Gemini, Detect([]byte(geminiStream), "run.jsonl"))
	assert.Equal(t, Gemini, Detect([]byte(`{"type":"message","timestamp":"t","role":"user","content":"hi"}`), "x.jsonl"))
	assert.Equal(t, ClaudeCode, Detect([]byte(`{"role":"user","content":"hi"}`), "x.jsonl"), "a Messages API message has no event type")

	var got []*Response
	exists := func(p string) bool { return p == "a.py" }
	err := Read(strings.NewReader(geminiStream), Gemini, Options{Exists: exists}, func(r *Response) error {
		got = append(got, r)
		return nil
	})
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "Renaming.", got[0].Text)
	assert.Equal(t, "gemini-2.5-pro", got[0].Model)
	require.Len(t, got[0].Ops, 2)
	assert.Equal(t, editcore.Substring, got[0].Ops[0].Kind)
	assert.Equal(t, "a.py", got[0].Ops[0].Path)
	assert.Empty(t, got[0].Ops[0].RecordedError)
	assert.Equal(t, "b.py", got[0].Ops[1].Path)
	assert.Equal(t, "denied", got[0].Ops[1].RecordedError)
	require.Len(t, got[1].Ops, 1, "a call with no result is reported")
	assert.Contains(t, got[1].Ops[0].RecordedError, "not known to have run")
}
