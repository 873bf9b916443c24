package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// claude -p --output-format stream-json (and claude-code-action's
// execution log, the same records in a list) marks a subagent's records
// with the Task call's id in parent_tool_use_id: its prompt is no user
// message and its prose no part of the response, its edits are the
// turn's. The working directory is said once, in the system init record.
func TestClaudeStreamJSONSubagent(t *testing.T) {
	const (
		initRec  = `{"type":"system","subtype":"init","cwd":"/home/dev/proj","session_id":"s1","tools":["Task","Edit"],"model":"claude-opus-4-6"}`
		task     = `{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[{"type":"text","text":"Delegating greet."},{"type":"tool_use","id":"toolu_T1","name":"Task","input":{"description":"greet","prompt":"Make greet shout.","subagent_type":"general-purpose"}}]},"parent_tool_use_id":null,"session_id":"s1"}`
		prompt   = `{"type":"user","message":{"role":"user","content":[{"type":"text","text":"Make greet shout."}]},"parent_tool_use_id":"toolu_T1","session_id":"s1"}`
		subEdit  = `{"type":"assistant","message":{"model":"claude-sonnet-4-6","role":"assistant","content":[{"type":"tool_use","id":"toolu_S1","name":"Edit","input":{"file_path":"/home/dev/proj/app.py","old_string":"hi","new_string":"HI"}}]},"parent_tool_use_id":"toolu_T1","session_id":"s1"}`
		subRes   = `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_S1","type":"tool_result","content":"The file has been updated."}]},"parent_tool_use_id":"toolu_T1","session_id":"s1"}`
		subProse = `{"type":"assistant","message":{"model":"claude-sonnet-4-6","role":"assistant","content":[{"type":"text","text":"Subagent: done."}]},"parent_tool_use_id":"toolu_T1","session_id":"s1"}`
		taskRes  = `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_T1","type":"tool_result","content":[{"type":"text","text":"greet shouts."}]}]},"parent_tool_use_id":null,"session_id":"s1"}`
		mainEdit = `{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[{"type":"tool_use","id":"toolu_E1","name":"Write","input":{"file_path":"/home/dev/proj/NOTES.md","content":"shout\n"}}]},"parent_tool_use_id":null,"session_id":"s1"}`
		done     = `{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[{"type":"text","text":"Both done."}]},"parent_tool_use_id":null,"session_id":"s1"}`
		result   = `{"type":"result","subtype":"success","is_error":false,"result":"Both done.","session_id":"s1"}`
	)
	records := []string{initRec, task, prompt, subEdit, subRes, subProse, taskRes, mainEdit, done, result}
	tests := map[string]string{
		"stream-json lines":   strings.Join(records, "\n"),
		"execution log, list": "[" + strings.Join(records, ",\n") + "]",
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, []byte(data), ClaudeCode, Options{})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, 1)
			assert.Equal(t, "Delegating greet.\n\nBoth done.", rs[0].Text)
			assert.Equal(t, "claude-opus-4-6", rs[0].Model)
			assert.Equal(t, []opSummary{
				{Kind: editcore.Substring, Path: "app.py"},
				{Kind: editcore.Write, Path: "NOTES.md"},
			}, summarize(rs[0].Ops))
		})
	}
}
