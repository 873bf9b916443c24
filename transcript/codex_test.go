package transcript

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// cxRollout writes a rollout: its session_meta, a user message, then the
// given response items.
func cxRollout(t *testing.T, items ...map[string]any) []byte {
	t.Helper()
	lines := []map[string]any{
		{"type": "session_meta", "payload": map[string]any{"id": "s1", "cwd": "/home/dev/proj"}},
		{"type": "response_item", "payload": map[string]any{"type": "message", "role": "user",
			"content": []any{map[string]any{"type": "input_text", "text": "clean up"}}}},
	}
	for _, it := range items {
		lines = append(lines, map[string]any{"type": "response_item", "payload": it})
	}
	var b strings.Builder
	for _, l := range lines {
		j, err := json.Marshal(l)
		require.NoError(t, err)
		b.Write(j)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

func cxCall(id, name string, args map[string]any) map[string]any {
	a, _ := json.Marshal(args)
	return map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id}
}

func cxOutput(id, output string) map[string]any {
	return map[string]any{"type": "function_call_output", "call_id": id, "output": output}
}

// unifiedOut is the unified exec tool's output: its header, then Output.
func unifiedOut(status, output string) string {
	return "Chunk ID: 4f2a1c\nWall time: 0.0102 seconds\n" + status + "\nOriginal token count: 14\nOutput:\n" + output
}

// The unified exec tool (exec_command, write_stdin) says how its process
// ended in the header before "Output:": a failure there is the command's
// failure, an exit line inside the output is not; a process still running
// takes its outcome from write_stdin, and one never seen to exit is not
// replayed.
func TestCodexExecCommandOutcome(t *testing.T) {
	rm := cxCall("c1", "exec_command", map[string]any{"cmd": "rm config.py", "workdir": "/home/dev/proj"})
	poll := func(id string) map[string]any {
		return cxCall(id, "write_stdin", map[string]any{"session_id": 42, "chars": ""})
	}
	type op struct {
		Kind   editcore.Kind
		Reason string // the command's reason for not being replayed
		Err    string
	}
	tests := map[string]struct {
		items []map[string]any
		want  []op
	}{
		"exited 0": {
			items: []map[string]any{rm, cxOutput("c1", unifiedOut("Process exited with code 0", ""))},
			want:  []op{{Kind: editcore.Shell}},
		},
		"exited 1": {
			items: []map[string]any{rm, cxOutput("c1", unifiedOut("Process exited with code 1", "rm: cannot remove 'config.py': Read-only file system\n"))},
			want:  []op{{Kind: editcore.Shell, Err: "rm: cannot remove 'config.py': Read-only file system"}},
		},
		"exited 1 with no output": {
			items: []map[string]any{rm, cxOutput("c1", unifiedOut("Process exited with code 1", ""))},
			want:  []op{{Kind: editcore.Shell, Err: "Process exited with code 1"}},
		},
		"an exit line in the output is the command's own": {
			items: []map[string]any{rm, cxOutput("c1", unifiedOut("Process exited with code 0", "Process exited with code 1\n"))},
			want:  []op{{Kind: editcore.Shell}},
		},
		"running, then exited 0": {
			items: []map[string]any{
				rm, cxOutput("c1", unifiedOut("Process running with session ID 42", "")),
				poll("w1"), cxOutput("w1", unifiedOut("Process running with session ID 42", "")),
				poll("w2"), cxOutput("w2", unifiedOut("Process exited with code 0", "")),
			},
			want: []op{{Kind: editcore.Shell}},
		},
		"running, then exited 1": {
			items: []map[string]any{
				rm, cxOutput("c1", unifiedOut("Process running with session ID 42", "")),
				poll("w1"), cxOutput("w1", unifiedOut("Process exited with code 1", "rm: interrupted\n")),
			},
			want: []op{{Kind: editcore.Shell, Err: "rm: interrupted"}},
		},
		"running at the end of the turn": {
			items: []map[string]any{
				rm, cxOutput("c1", unifiedOut("Process running with session ID 42", "")),
				poll("w1"), cxOutput("w1", unifiedOut("Process running with session ID 42", "")),
			},
			want: []op{{Kind: editcore.Shell, Reason: stillRunning}},
		},
		"no exit and no process": {
			items: []map[string]any{rm, cxOutput("c1", "Chunk ID: a\nWall time: 0.5 seconds\nOutput:\n")},
			want:  []op{{Kind: editcore.Shell, Reason: noExit}},
		},
		"a poll of another process": {
			items: []map[string]any{
				rm, cxOutput("c1", unifiedOut("Process running with session ID 7", "")),
				poll("w1"), cxOutput("w1", unifiedOut("Process exited with code 0", "")),
			},
			want: []op{{Kind: editcore.Shell, Reason: stillRunning}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, ws, err := readAll(t, cxRollout(t, tc.items...), Codex, Options{Root: "/home/dev/proj"})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, 1)
			var got []op
			for _, p := range rs[0].Patches {
				for _, o := range p.Ops {
					reason := ""
					if o.Command != nil && o.Command.Op == "" {
						reason = o.Command.Reason
					}
					got = append(got, op{Kind: o.Kind, Reason: reason, Err: p.RecordedError})
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestExecOutput(t *testing.T) {
	tests := map[string]struct {
		output string
		want   execOut
		ok     bool
	}{
		"exited":              {output: unifiedOut("Process exited with code 2", "boom\n"), want: execOut{exited: true, code: 2, output: "boom"}, ok: true},
		"running":             {output: unifiedOut("Process running with session ID 17", "…"), want: execOut{session: "17", output: "…"}, ok: true},
		"no chunk id":         {output: "Wall time: 1.0 seconds\nProcess exited with code 0\nOutput:\n", want: execOut{exited: true}, ok: true},
		"no output line":      {output: "Chunk ID: a\nWall time: 1.0 seconds\nProcess exited with code 3", want: execOut{exited: true, code: 3}, ok: true},
		"exit line in output": {output: unifiedOut("Process running with session ID 5", "Process exited with code 0\n"), want: execOut{session: "5", output: "Process exited with code 0"}, ok: true},
		"crlf":                {output: "Chunk ID: a\r\nWall time: 1 seconds\r\nProcess exited with code 1\r\nOutput:\r\nno\r\n", want: execOut{exited: true, code: 1, output: "no"}, ok: true},
		"shell tool output":   {output: "Exit code: 1\nWall time: 0.1 seconds\nOutput:\nno\n"},
		"plain text":          {output: "Chunk ID is a word"},
		"not a string":        {output: ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.output)
			if name == "not a string" {
				raw = []byte(`{"content":"x","success":true}`)
			}
			got, ok := execOutput(raw)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

// codex exec --json prints events whose file changes hold no patch text:
// the reader refuses the stream, naming the session file that has them.
func TestCodexExecEventsRefused(t *testing.T) {
	tests := map[string]struct {
		data string
		id   string
	}{
		"whole stream": {
			data: `{"type":"thread.started","thread_id":"019a2d7a-41c4"}
{"type":"turn.started"}
{"type":"item.completed","item":{"id":"item_1","type":"file_change","changes":[{"path":"/p/a.py","kind":"update"}],"status":"completed"}}
{"type":"turn.completed","usage":{"input_tokens":1,"cached_input_tokens":0,"output_tokens":1}}
`,
			id: "019a2d7a-41c4",
		},
		"without thread.started": {
			data: `{"type":"item.completed","item":{"id":"item_3","type":"agent_message","text":"Done."}}` + "\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, _, err := readAll(t, []byte(tc.data), Codex, Options{})
			assert.Empty(t, rs)
			var te *Error
			require.ErrorAs(t, err, &te)
			var ee *ExecEventsError
			require.ErrorAs(t, err, &ee)
			assert.Equal(t, tc.id, ee.ThreadID)
			assert.ErrorContains(t, err, "codex exec --json")
			assert.ErrorContains(t, err, "records no patch text")
			want := "rollout-*-<thread id>.jsonl"
			if tc.id != "" {
				want = "rollout-*-" + tc.id + ".jsonl"
			}
			assert.ErrorContains(t, err, "~/.codex/sessions/YYYY/MM/DD/"+want)
		})
	}
}
