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

// geminiStreamRelative has a write to a relative path: stream-json keeps
// neither the folder Gemini CLI ran in nor the file its result named.
const geminiStreamRelative = `{"type":"init","timestamp":"2026-11-20T10:00:00Z","session_id":"s2","model":"gemini-2.5-pro"}
{"type":"message","role":"user","content":"write notes"}
{"type":"tool_use","tool_name":"write_file","tool_id":"w1","parameters":{"file_path":"notes.md","content":"n"}}
{"type":"tool_result","tool_id":"w1","status":"success"}
{"type":"tool_use","tool_name":"replace","tool_id":"r2","parameters":{"file_path":"/w/p/a.py","old_string":"x","new_string":"y"}}
{"type":"tool_result","tool_id":"r2","status":"success"}
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

// A relative path in stream-json output is reported outside, never taken
// from the repository's root: Gemini CLI took it from the folder it ran
// in, which may have been a subfolder, and the output does not say.
func TestGeminiStreamRelativeOutside(t *testing.T) {
	var got []*Response
	err := Read(strings.NewReader(geminiStreamRelative), Gemini, Options{Exists: func(p string) bool { return p == "a.py" || p == "notes.md" }},
		func(r *Response) error {
			got = append(got, r)
			return nil
		})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Len(t, got[0].Ops, 2)
	assert.True(t, got[0].Ops[0].Outside, "notes.md is not taken from the root")
	assert.Contains(t, got[0].Ops[0].OutsideWhy, "stream-json output does not record")
	assert.False(t, got[0].Ops[1].Outside)
	assert.Equal(t, "a.py", got[0].Ops[1].Path)
}

func TestCopilotCLI(t *testing.T) {
	log := `{"type":"session.start","data":{"sessionId":"s","context":{"cwd":"/home/u/p"}},"id":"1","timestamp":"2026-11-21T09:00:00Z","parentId":null}
{"type":"user.message","data":{"content":"go"},"id":"2","timestamp":"t","parentId":"1"}
{"type":"tool.execution_start","data":{"toolCallId":"a","toolName":"edit","arguments":{"path":"/home/u/p/x.go","old_str":"a","new_str":"b"}},"id":"3","timestamp":"t","parentId":"2"}
{"type":"tool.execution_complete","data":{"toolCallId":"a","success":false,"error":{"message":"no match"}},"id":"4","timestamp":"t","parentId":"3"}
{"type":"tool.execution_start","data":{"toolCallId":"b","toolName":"create","arguments":{"path":"/home/u/p/y.go","file_text":"y"}},"id":"5","timestamp":"t","parentId":"2"}
{"type":"tool.execution_complete","data":{"toolCallId":"b","success":true},"id":"6","timestamp":"t","parentId":"5"}
`
	assert.Equal(t, CopilotCLI, Detect([]byte(log), "events.jsonl"))
	var got []*Response
	require.NoError(t, Read(strings.NewReader(log), CopilotCLI, Options{}, func(r *Response) error {
		got = append(got, r)
		return nil
	}))
	require.Len(t, got, 1)
	require.Len(t, got[0].Ops, 2)
	assert.Equal(t, "x.go", got[0].Ops[0].Path)
	assert.Equal(t, "no match", got[0].Ops[0].RecordedError)
	assert.Equal(t, editcore.Create, got[0].Ops[1].Kind)
	assert.Equal(t, "y.go", got[0].Ops[1].Path)
}

func TestOpenCodeDetect(t *testing.T) {
	assert.Equal(t, OpenCode, Detect([]byte(`{"info":{"id":"ses_1","directory":"/p"},"messages":[`), "session.json"))
	assert.Equal(t, OpenCode, Detect([]byte("{\n  \"info\": {\"id\": \"ses_1\"},\n  \"messages\": [\n"), "session.json"))
	assert.Equal(t, ClaudeCode, Detect([]byte(`{"model":"m","messages":[{"role":"user","content":"x"}]}`), "req.json"))
}
