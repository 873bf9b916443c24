package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// TestWorkdirAcrossSources: every tool-call source maps a session that
// ran in the folder above the repository (/home/kim, the repository at
// /home/kim/shop, whose src/app.py exists) onto the repository, and
// leaves the note the agent wrote in /home/kim outside; each response
// says the folder it was mapped from.
func TestWorkdirAcrossSources(t *testing.T) {
	exists := func(p string) bool { return p == "src/app.py" || p == "src" }
	inferred := []Workdir{{Path: "/home/kim/shop", From: WorkdirInferred}}
	tests := map[string]struct {
		src  Source
		data string
	}{
		"claude code": {ClaudeCode, `{"type":"user","cwd":"/home/kim","sessionId":"s","message":{"role":"user","content":"go"},"uuid":"u1","timestamp":"2025-11-03T09:00:00Z"}
{"type":"assistant","cwd":"/home/kim","sessionId":"s","message":{"role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":"/home/kim/shop/src/app.py","old_string":"a","new_string":"b"}},{"type":"tool_use","id":"t2","name":"Write","input":{"file_path":"/home/kim/notes.md","content":"n\n"}}]},"uuid":"a1","timestamp":"2025-11-03T09:00:01Z"}
`},
		"cline": {Cline, `[{"role":"user","content":[{"type":"text","text":"<task>\ngo\n</task>"},{"type":"text","text":"<environment_details>\n# Current Working Directory (/home/kim) Files\nshop/\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<write_to_file>\n<path>shop/src/app.py</path>\n<content>\nb\n</content>\n</write_to_file>"}]},
{"role":"user","content":[{"type":"text","text":"[write_to_file for 'shop/src/app.py'] Result:"},{"type":"text","text":"saved"}]},
{"role":"assistant","content":[{"type":"text","text":"<write_to_file>\n<path>notes.md</path>\n<content>\nn\n</content>\n</write_to_file>"}]}]`},
		"openhands": {OpenHands, `[{"id":1,"source":"user","action":"message","args":{"content":"go"}},
{"id":2,"source":"agent","action":"edit","args":{"path":"/home/kim/shop/src/app.py","command":"str_replace","old_str":"a","new_str":"b"}},
{"id":3,"source":"agent","action":"edit","args":{"path":"/home/kim/notes.md","command":"create","file_text":"n\n"}}]`},
		"swe-agent": {SWEAgent, `{"trajectory":[
{"action":"str_replace_editor str_replace /home/kim/shop/src/app.py --old_str a --new_str b","observation":"The file has been edited.","thought":"edit","state":{"open_file":"n/a","working_dir":"/home/kim"}},
{"action":"create /home/kim/notes.md","observation":"[File: /home/kim/notes.md (1 lines total)]","thought":"note","state":{"open_file":"/home/kim/notes.md","working_dir":"/home/kim"}}]}`},
		"gemini": {Gemini, `{"sessionId":"s","projectHash":"h","startTime":"2025-11-20T10:00:00Z","messages":[
{"id":"u1","type":"user","content":"go"},
{"id":"g1","type":"gemini","content":"Done.","toolCalls":[
 {"name":"replace","args":{"file_path":"/home/kim/shop/src/app.py","old_string":"a","new_string":"b"},"status":"success"},
 {"name":"write_file","args":{"file_path":"/home/kim/notes.md","content":"n\n"},"status":"success"}]}]}`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, _, err := readAll(t, []byte(tc.data), tc.src, Options{Root: "/repo", Exists: exists})
			require.NoError(t, err)
			var ops []editcore.Op
			var used []Workdir
			for _, r := range rs {
				ops = append(ops, r.Ops...)
				used = addWorkdirs(used, r.Workdirs)
			}
			require.Len(t, ops, 2)
			assert.Equal(t, "src/app.py", ops[0].Path)
			assert.False(t, ops[0].Outside)
			assert.Equal(t, "/home/kim/notes.md", ops[1].Path)
			assert.True(t, ops[1].Outside)
			assert.Equal(t, inferred, used)
		})
	}
}

// TestWorkdirCodex: a Codex rollout's patch paths, relative to the
// session's folder (here the one above the repository) or absolute, map
// as the caller resolves them, and the response then names the folder.
func TestWorkdirCodex(t *testing.T) {
	data := `{"timestamp":"2025-11-04T10:00:00Z","type":"session_meta","payload":{"id":"x","cwd":"/home/kim","originator":"codex_cli_rs","cli_version":"0.53.0"}}
{"timestamp":"2025-11-04T10:00:01Z","type":"event_msg","payload":{"type":"user_message","message":"go","kind":"plain"}}
{"timestamp":"2025-11-04T10:00:02Z","type":"response_item","payload":{"type":"custom_tool_call","status":"completed","call_id":"c1","name":"apply_patch","input":"*** Begin Patch\n*** Update File: shop/src/app.py\n@@\n-a\n+b\n*** Add File: /home/kim/notes.md\n+n\n*** End Patch\n"}}
`
	var got []string
	var used []Workdir
	err := Read(strings.NewReader(data), Codex, Options{Root: "/repo", Exists: func(p string) bool { return p == "src/app.py" }}, func(r *Response) error {
		for _, p := range r.Patches {
			got = append(got, p.Resolve("shop/src/app.py"), p.Resolve("/home/kim/notes.md"))
		}
		used = r.Workdirs
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"src/app.py", "/home/kim/notes.md"}, got)
	assert.Equal(t, []Workdir{{Path: "/home/kim/shop", From: WorkdirInferred}}, used)
}
