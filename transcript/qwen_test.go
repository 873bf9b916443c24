package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// qwenLine is one record of a Qwen Code session log, in the shape 0.24.4
// writes: Claude Code's envelope with a provenance, a Gemini message.
func qwenLine(uuid, typ, provenance, rest string) string {
	return `{"uuid":"` + uuid + `","parentUuid":null,"sessionId":"s1","timestamp":"2026-01-02T03:04:05.000Z","type":"` + typ +
		`","provenance":"` + provenance + `","cwd":"/home/ana/app","version":"0.24.4",` + rest + "}\n"
}

func qwenCall(uuid, id, name, args string) string {
	return qwenLine(uuid, "assistant", "assistant_output", `"model":"m-1","message":{"role":"model","parts":[{"functionCall":{"id":"`+id+`","name":"`+name+`","args":`+args+`}}]}`)
}

func qwenResult(uuid, id, status, display string) string {
	return qwenLine(uuid, "tool_result", "tool_result", `"message":{"role":"user","parts":[{"functionResponse":{"id":"`+id+`","response":{"output":"x"}}}]},"toolCallResult":{"callId":"`+id+`","status":"`+status+`","resultDisplay":`+display+`}`)
}

func TestQwen(t *testing.T) {
	ask := qwenLine("u1", "user", "real_user", `"message":{"role":"user","parts":[{"text":"fix add"}]}`)
	tests := map[string]struct {
		records []string
		want    []editcore.Op
		failed  []string
	}{
		"write_file, edit, a read": {
			records: []string{ask,
				qwenLine("a0", "assistant", "assistant_output", `"message":{"role":"model","parts":[{"text":"Reading.","thought":true},{"text":"Fixing."}]}`),
				qwenCall("a1", "c1", "read_file", `{"absolute_path":"/home/ana/app/a.js"}`),
				qwenCall("a2", "c2", "write_file", `{"file_path":"/home/ana/app/b.txt","content":"b\n"}`),
				qwenResult("r2", "c2", "success", `"ok"`),
				qwenCall("a3", "c3", "edit", `{"file_path":"/home/ana/app/a.js","old_string":"a - b","new_string":"a + b","replace_all":true}`),
				qwenCall("a4", "c4", "edit", `{"file_path":"/home/ana/app/c.txt","old_string":"","new_string":"c"}`),
			},
			want: []editcore.Op{{Kind: editcore.Write, Path: "b.txt", Content: []byte("b\n")},
				{Kind: editcore.Substring, Path: "a.js", OldText: "a - b", NewText: "a + b", ReplaceAll: true},
				{Kind: editcore.Create, Path: "c.txt", Content: []byte("c")}},
			failed: []string{"", "", ""},
		},
		"a failed edit and a failed command": {
			records: []string{ask,
				qwenCall("a1", "c1", "edit", `{"file_path":"/home/ana/app/a.js","old_string":"q","new_string":"r"}`),
				qwenResult("r1", "c1", "error", `"not found"`),
				qwenCall("a2", "c2", "run_shell_command", `{"command":"rm x.txt","is_background":false}`),
				qwenResult("r2", "c2", "success", `{"type":"shell_result","exitCode":1,"output":"rm: no"}`),
			},
			want:   []editcore.Op{{Kind: editcore.Substring, Path: "a.js", OldText: "q", NewText: "r"}, {Kind: editcore.Shell, Raw: "rm x.txt"}},
			failed: []string{"error", "exit code 1 rm: no"},
		},
		"malformed calls": {
			records: []string{ask, qwenCall("a1", "c1", "edit", `{"file_path":"a"}`), qwenCall("a2", "c2", "write_file", `{"file_path":"a"}`),
				qwenCall("a3", "c3", "write_file", `{"content":"x"}`), qwenCall("a4", "c4", "edit", `"x"`)},
			want:   []editcore.Op{{Kind: editcore.Malformed}, {Kind: editcore.Malformed}, {Kind: editcore.Malformed}, {Kind: editcore.Malformed}},
			failed: []string{"", "", "", ""},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			doc := strings.Join(tc.records, "")
			require.Equal(t, QwenCode, Detect([]byte(doc), "s1.jsonl"))
			got, _, err := readAll(t, []byte(doc), QwenCode, Options{Root: "/home/ana/app", Exists: func(string) bool { return true }})
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, "fix add", got[0].Prompt)
			assert.True(t, strings.HasPrefix(got[0].Key, "qwen-record:a"), "a turn is known by its first assistant record: %s", got[0].Key)
			ops := got[0].Ops
			require.Len(t, ops, len(tc.want))
			for i, w := range tc.want {
				assert.Equal(t, w.Kind, ops[i].Kind, "op %d", i)
				switch w.Kind {
				case editcore.Shell:
					assert.Equal(t, w.Raw, ops[i].Raw)
				case editcore.Malformed:
				default:
					assert.Equal(t, w.Path, ops[i].Path)
					assert.Equal(t, string(w.Content), string(ops[i].Content))
					assert.Equal(t, w.OldText, ops[i].OldText)
					assert.Equal(t, w.NewText, ops[i].NewText)
					assert.Equal(t, w.ReplaceAll, ops[i].ReplaceAll)
				}
				assert.Equal(t, tc.failed[i], ops[i].RecordedError, "op %d", i)
			}
		})
	}
}

// A second prompt starts a second response; the CLI's own user records
// (not real_user) and system records do not.
func TestQwenTurns(t *testing.T) {
	doc := qwenLine("u1", "user", "real_user", `"message":{"role":"user","parts":[{"text":"one"}]}`) +
		qwenCall("a1", "c1", "write_file", `{"file_path":"/home/ana/app/a","content":"1"}`) +
		qwenLine("s1", "system", "system", `"subtype":"ui_telemetry","systemPayload":{}`) +
		qwenLine("u2", "user", "command_output", `"message":{"role":"user","parts":[{"text":"/stats"}]}`) +
		qwenLine("u3", "user", "real_user", `"message":{"role":"user","parts":[{"text":"two"}]}`) +
		qwenCall("a2", "c2", "write_file", `{"file_path":"/home/ana/app/b","content":"2"}`)
	got, _, err := readAll(t, []byte(doc), QwenCode, Options{Root: "/home/ana/app"})
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, []string{"one", "two"}, []string{got[0].Prompt, got[1].Prompt})
	assert.Equal(t, "qwen-record:a2", got[1].Key)
	assert.Equal(t, "m-1", got[0].Model)
}

// FuzzQwen: a Qwen Code session never panics the reader and reads the
// same however it arrives.
func FuzzQwen(f *testing.F) {
	f.Add([]byte(qwenCall("a1", "c1", "edit", `{"file_path":"/a/b","old_string":"x","new_string":"y"}`) + qwenResult("r1", "c1", "success", `{"exitCode":2}`)))
	f.Add([]byte(qwenCall("a1", "c1", "run_shell_command", `{"command":"git mv a b","directory":"sub"}`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBoth(t, data, QwenCode)
	})
}
