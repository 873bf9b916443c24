package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// TestReadGemini: each gemini message's tool calls become operations in
// order; user messages end a turn; a call that did not succeed is
// recorded with its error; thoughts are not prose.
func TestReadGemini(t *testing.T) {
	doc := `{"sessionId":"s","projectHash":"h","startTime":"2025-11-20T10:00:00Z","messages":[
 {"id":"u1","type":"user","content":"go"},
 {"id":"g1","type":"gemini","model":"gemini-2.5-flash","content":[{"text":"plan","thought":true},{"text":"Done."}],"toolCalls":[
   {"name":"replace","args":{"file_path":"/w/a.py","old_string":"x","new_string":"y","expected_replacements":"3"},"status":"success"},
   {"name":"replace","args":{"file_path":"/w/new.py","old_string":"","new_string":"n\n"},"status":"success"},
   {"name":"write_file","args":{"file_path":"/w/b.py"},"status":"success"},
   {"name":"write_file","args":{"file_path":"/w/c.py","content":"c\n"},"status":"cancelled"},
   {"name":"replace","args":"not an object","status":"success"},
   {"name":"google_web_search","args":{"query":"x"},"status":"success"}
 ]},
 {"id":"i1","type":"info","content":"note"},
 {"id":"u2","type":"user","content":"more"},
 {"id":"g2","type":"gemini","content":"Second.","toolCalls":[{"name":"run_shell_command","args":{"command":"mkdir -p docs","directory":"sub"},"status":"success"}]}
]}`
	rs, _, err := readAll(t, []byte(doc), Gemini, Options{})
	require.NoError(t, err)
	require.Len(t, rs, 2)

	r := rs[0]
	assert.Equal(t, "Done.", r.Text)
	assert.Equal(t, "gemini-2.5-flash", r.Model)
	assert.Equal(t, "gemini-message:g1", r.Key)
	assert.Nil(t, r.Context, "every file is in context")
	require.Len(t, r.Ops, 5)
	assert.Equal(t, editcore.Substring, r.Ops[0].Kind)
	assert.True(t, r.Ops[0].ReplaceAll, "expected_replacements 3 replaces every occurrence")
	assert.Equal(t, editcore.Create, r.Ops[1].Kind)
	assert.Equal(t, editcore.Malformed, r.Ops[2].Kind, "write_file without content")
	assert.Equal(t, "the tool call ended cancelled", r.Ops[3].RecordedError)
	assert.Equal(t, editcore.Malformed, r.Ops[4].Kind, "arguments that do not decode")

	r = rs[1]
	assert.Equal(t, "Second.", r.Text)
	require.Len(t, r.Ops, 1)
	assert.Equal(t, editcore.Shell, r.Ops[0].Kind)
	assert.Equal(t, []string{"sub/docs"}, r.Ops[0].Command.Paths, "relative to the call's directory")
}

func TestDetectGemini(t *testing.T) {
	assert.Equal(t, Gemini, Detect([]byte(`{"sessionId":"s","projectHash":"h","messages":[`), "session-1.json"))
	assert.Equal(t, ClaudeCode, Detect([]byte(`{"sessionId":"s","type":"user","message":{"role":"user","content":"x"}}`), "x.jsonl"))
}

// TestGeminiReplaceCount: replace changes every occurrence when the call
// allows several (allow_multiple, Gemini CLI 0.31 on) or expects more than
// one (expected_replacements, before it); otherwise exactly one.
func TestGeminiReplaceCount(t *testing.T) {
	tests := map[string]struct {
		extra string // arguments besides file_path, old_string, new_string
		all   bool
	}{
		"neither":                        {``, false},
		"allow_multiple true":            {`,"allow_multiple":true`, true},
		"allow_multiple false":           {`,"allow_multiple":false`, false},
		"expected_replacements 1":        {`,"expected_replacements":1`, false},
		"expected_replacements 3":        {`,"expected_replacements":3`, true},
		"expected_replacements quoted 3": {`,"expected_replacements":"3"`, true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			doc := `{"sessionId":"s","projectHash":"h","messages":[
{"id":"g1","type":"gemini","content":"","toolCalls":[` +
				`{"name":"replace","args":{"file_path":"/w/a.py","old_string":"x","new_string":"y"` + tt.extra + `},"status":"success"}]}]}`
			rs, ws, err := readAll(t, []byte(doc), Gemini, Options{})
			require.NoError(t, err)
			require.Empty(t, ws)
			require.Len(t, rs, 1)
			require.Len(t, rs[0].Ops, 1)
			assert.Equal(t, editcore.Substring, rs[0].Ops[0].Kind)
			assert.Equal(t, tt.all, rs[0].Ops[0].ReplaceAll)
		})
	}
}
