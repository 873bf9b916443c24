package transcript

import (
	"fmt"
	"os"
	"path/filepath"
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

// ccLines writes Claude Code session records for tests: each is a JSON
// object with the session's id and cwd added.
func ccLines(t *testing.T, session string, recs ...string) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(`{"sessionId":"` + session + `","cwd":"/home/dev/proj",` + strings.TrimPrefix(r, "{") + "\n")
	}
	return b.String()
}

const (
	ccAsk     = `{"type":"user","message":{"role":"user","content":"Delegate greet, then document farewell."}}`
	ccTask    = `{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[{"type":"text","text":"Delegating greet."},{"type":"tool_use","id":"toolu_T1","name":"Task","input":{"prompt":"Make greet shout."}}]}}`
	ccTaskRes = `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_T1","type":"tool_result","content":[{"type":"text","text":"greet shouts."}]}]},"toolUseResult":{"status":"completed","agentId":"%s"}}`
	ccMain    = `{"type":"assistant","message":{"model":"claude-opus-4-6","role":"assistant","content":[{"type":"text","text":"Both done."},{"type":"tool_use","id":"toolu_E1","name":"Write","input":{"file_path":"/home/dev/proj/NOTES.md","content":"farewell\n"}}]}}`
	ccSubAsk  = `{"type":"user","isSidechain":true,"agentId":"%s","message":{"role":"user","content":"Make greet shout."}}`
	ccSubEdit = `{"type":"assistant","isSidechain":true,"agentId":"%s","message":{"model":"claude-sonnet-4-6","role":"assistant","content":[{"type":"text","text":"Subagent prose."},{"type":"tool_use","id":"toolu_S%[1]s","name":"Write","input":{"file_path":"/home/dev/proj/%[1]s.txt","content":"x\n"}}]}}`
	ccSubRes  = `{"type":"user","isSidechain":true,"agentId":"%s","message":{"role":"user","content":[{"tool_use_id":"toolu_S%[1]s","type":"tool_result","content":"File created."}]}}`
)

// Claude Code 2.1.2+ keeps a subagent's records in
// <session>/subagents/agent-<id>.jsonl beside the session file: read from
// its file, the session takes them in at the Task result, as sidechain.
func TestClaudeSubagentFiles(t *testing.T) {
	sub := func(id string, extra ...string) string {
		return strings.Join(append([]string{
			fmtRec(ccSubAsk, id), fmtRec(ccSubEdit, id), fmtRec(ccSubRes, id),
		}, extra...), "\n")
	}
	tests := map[string]struct {
		session  string            // the session's id in its records
		main     []string          // records of the session file
		files    map[string]string // under <dir>: subagent transcripts
		noPath   bool              // read as from standard input
		ops      []opSummary
		warnings []string // substrings, in order
	}{
		"subagent file read at the task result": {
			main:  []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files: map[string]string{"s1/subagents/agent-a1.jsonl": sub("a1")},
			ops:   []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
		},
		"missing subagent file": {
			main:     []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			ops:      []opSummary{{Kind: editcore.Write, Path: "NOTES.md"}},
			warnings: []string{"subagent transcript {dir}/s1/subagents/agent-a1.jsonl not found: the edits of subagent a1 are missing"},
		},
		"standard input": {
			main:     []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files:    map[string]string{"s1/subagents/agent-a1.jsonl": sub("a1")},
			noPath:   true,
			ops:      []opSummary{{Kind: editcore.Write, Path: "NOTES.md"}},
			warnings: []string{"the edits of subagent a1 are not read"},
		},
		"sidechain already in the session": {
			main:  []string{ccAsk, ccTask, fmtRec(ccSubEdit, "a1"), fmtRec(ccSubRes, "a1"), fmtRec(ccTaskRes, "a1"), ccMain},
			files: map[string]string{"s1/subagents/agent-a1.jsonl": sub("a1")},
			ops:   []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
		},
		"subagent of a subagent": {
			main: []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files: map[string]string{
				"s1/subagents/agent-a1.jsonl": sub("a1", `{"type":"user","isSidechain":true,"message":{"role":"user","content":[{"tool_use_id":"toolu_X","type":"tool_result","content":"ok"}]},"toolUseResult":{"agentId":"a2"}}`),
				"s1/subagents/agent-a2.jsonl": sub("a2"),
			},
			ops: []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "a2.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
		},
		"a subagent that names itself is read once": {
			main: []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files: map[string]string{
				"s1/subagents/agent-a1.jsonl": sub("a1", `{"type":"user","isSidechain":true,"message":{"role":"user","content":[{"tool_use_id":"toolu_X","type":"tool_result","content":"ok"}]},"toolUseResult":{"agentId":"a1"}}`),
			},
			ops: []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
		},
		"resumed session: the records' id names the folder": {
			session: "s0",
			main:    []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files:   map[string]string{"s0/subagents/agent-a1.jsonl": sub("a1")},
			ops:     []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
		},
		"an agent id that is no file name": {
			main:     []string{ccAsk, ccTask, fmtRec(ccTaskRes, "../../etc/x"), ccMain},
			ops:      []opSummary{{Kind: editcore.Write, Path: "NOTES.md"}},
			warnings: []string{`subagent "../../etc/x" not read`},
		},
		"a bad record in the subagent file": {
			main:     []string{ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain},
			files:    map[string]string{"s1/subagents/agent-a1.jsonl": "{not json\n" + sub("a1")},
			ops:      []opSummary{{Kind: editcore.Write, Path: "a1.txt"}, {Kind: editcore.Write, Path: "NOTES.md"}},
			warnings: []string{"subagent transcript {dir}/s1/subagents/agent-a1.jsonl:1: record skipped: not valid JSON"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for f, data := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(f))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(data+"\n"), 0o644))
			}
			session := tc.session
			if session == "" {
				session = "s1"
			}
			opt := Options{Path: filepath.Join(dir, "s1.jsonl")}
			if tc.noPath {
				opt.Path = ""
			}
			rs, ws, err := readAll(t, []byte(ccLines(t, session, tc.main...)), ClaudeCode, opt)
			require.NoError(t, err)
			require.Len(t, rs, 1)
			assert.Equal(t, "Delegating greet.\n\nBoth done.", rs[0].Text)
			assert.Equal(t, "claude-opus-4-6", rs[0].Model)
			assert.Equal(t, tc.ops, summarize(rs[0].Ops))
			for _, o := range rs[0].Ops {
				if o.Path != "NOTES.md" && len(tc.main) == 4 {
					assert.Equal(t, 3, o.Line, "a subagent's edits are at its Task result")
				}
			}
			require.Len(t, ws, len(tc.warnings))
			for i, w := range tc.warnings {
				assert.Equal(t, 3, ws[i].line)
				assert.Contains(t, ws[i].msg, strings.ReplaceAll(w, "{dir}", dir))
			}
		})
	}
}

func fmtRec(format, id string) string { return fmt.Sprintf(format, id) }
