package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// clineCLISession builds a session document in the shape the Cline CLI
// (3.0.65) writes <id>.messages.json: the session's keys, the messages one
// a line, then the system prompt that names the working directory.
func clineCLISession(messages ...string) string {
	return `{"version": 1, "updated_at": "2025-10-09T09:00:00.000Z", "agent": "lead", "sessionId": "s1", ` +
		`"origin": {"source": "cli", "mode": "user", "sessionId": "s1", "version": "3.0.65"}, "messages": [` + "\n" +
		strings.Join(messages, ",\n") + "\n" +
		`], "system_prompt": "You are a coding agent.\n\n<env>\n1. Platform: linux\n4. Working Directory: /home/ana/app\n</env>\n"}` + "\n"
}

const (
	clineCLIAsk  = `{"id":"u1","role":"user","content":[{"type":"text","text":"<user_input mode=\"act\">fix add</user_input>"}],"ts":1760000000000}`
	clineCLIAsk2 = `{"id":"u2","role":"user","content":[{"type":"text","text":"<user_input mode=\"act\">and more</user_input>"}],"ts":1760000009000}`
)

// clineCLICall is an assistant message making one tool call.
func clineCLICall(id, name, input string) string {
	return `{"id":"msg_` + id + `","role":"assistant","content":[{"type":"tool_use","id":"call_` + id + `","name":"` + name + `","input":` + input + `}],"ts":1760000001000,"modelInfo":{"id":"m-1"}}`
}

// clineCLIAnswer is the user message that answers call id.
func clineCLIAnswer(id, content string) string {
	return `{"id":"r` + id + `","role":"user","content":[{"type":"tool_result","tool_use_id":"call_` + id + `","content":` + content + `}],"ts":1760000002000}`
}

func TestClineCLI(t *testing.T) {
	ok := `"{\"query\":\"edit\",\"result\":\"done\",\"success\":true}"`
	tests := map[string]struct {
		messages []string
		want     []editcore.Op // Kind, Path and what each kind carries
		failed   []string      // each op's RecordedError
		prompts  []string
	}{
		"editor creates a missing file": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"path":"/home/ana/app/a.txt","new_text":"one\n"}`), clineCLIAnswer("1", ok)},
			want:     []editcore.Op{{Kind: editcore.Create, Path: "a.txt", Content: []byte("one\n")}},
			failed:   []string{""},
			prompts:  []string{"fix add"},
		},
		"editor replaces old_text, a path relative to the working directory": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"path":"src/a.js","old_text":"a - b","new_text":"a + b"}`), clineCLIAnswer("1", ok)},
			want:     []editcore.Op{{Kind: editcore.Substring, Path: "src/a.js", OldText: "a - b", NewText: "a + b"}},
			failed:   []string{""},
			prompts:  []string{"fix add"},
		},
		"editor inserts before insert_line, splitting at every newline": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"path":"a.txt","new_text":"x\ny\n","insert_line":3}`)},
			want:     []editcore.Op{{Kind: editcore.Insert, Path: "a.txt", Start: 2, New: []string{"x", "y", ""}}},
			failed:   []string{""},
			prompts:  []string{"fix add"},
		},
		"a failed editor call": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"path":"a.txt","old_text":"q","new_text":"r"}`),
				clineCLIAnswer("1", `"{\"query\":\"edit\",\"result\":\"No replacement performed: text not found\",\"success\":false}"`)},
			want:    []editcore.Op{{Kind: editcore.Substring, Path: "a.txt", OldText: "q", NewText: "r"}},
			failed:  []string{"No replacement performed: text not found"},
			prompts: []string{"fix add"},
		},
		"editor with bad input": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"new_text":"x"}`), clineCLICall("2", "editor", `{"path":"a","insert_line":0,"new_text":"x"}`),
				clineCLICall("3", "editor", `{"path":"a"}`), clineCLICall("4", "editor", `"a"`)},
			want:    []editcore.Op{{Kind: editcore.Malformed}, {Kind: editcore.Malformed, Path: "a"}, {Kind: editcore.Malformed, Path: "a"}, {Kind: editcore.Malformed}},
			failed:  []string{"", "", "", ""},
			prompts: []string{"fix add"},
		},
		"run_commands: each command its own result": {
			messages: []string{clineCLIAsk, clineCLICall("1", "run_commands", `{"commands":["rm old.txt",{"command":"git","args":["rm","gone.txt"]}]}`),
				clineCLIAnswer("1", `[{"query":"rm old.txt","result":"","success":true},{"query":"git rm gone.txt","result":"[Command exited with code 128]","error":"Command exited with code 128","success":false}]`)},
			want:    []editcore.Op{{Kind: editcore.Shell, Raw: "rm old.txt"}, {Kind: editcore.Shell, Raw: "git 'rm' 'gone.txt'"}},
			failed:  []string{"", "Command exited with code 128"},
			prompts: []string{"fix add"},
		},
		"display-only messages and a second turn": {
			messages: []string{clineCLIAsk, clineCLICall("1", "editor", `{"path":"a.txt","new_text":"1"}`),
				`{"id":"error_1","role":"assistant","content":[{"type":"text","text":"Cannot connect"}],"ts":1760000003000,"metadata":{"displayOnly":true}}`,
				clineCLIAsk2, clineCLICall("2", "run_commands", `{"commands":"rm b.txt"}`)},
			want:    []editcore.Op{{Kind: editcore.Create, Path: "a.txt", Content: []byte("1")}, {Kind: editcore.Shell, Raw: "rm b.txt"}},
			failed:  []string{"", ""},
			prompts: []string{"fix add", "and more"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			doc := clineCLISession(tc.messages...)
			require.Equal(t, ClineCLI, Detect([]byte(doc), "x.json"), "detected by its keys")
			require.Equal(t, ClineCLI, Detect([]byte(`[]`), "s1.messages.json"), "or by its name")
			var got []*Response
			err := Read(strings.NewReader(doc), ClineCLI, Options{Root: "/home/ana/app", Exists: func(string) bool { return true }}, func(r *Response) error {
				got = append(got, r)
				return nil
			})
			require.NoError(t, err)
			var ops []editcore.Op
			var prompts []string
			for _, r := range got {
				ops = append(ops, r.Ops...)
				prompts = append(prompts, r.Prompt)
				assert.True(t, strings.HasPrefix(r.Key, "cline-cli-message:msg_"), "a turn is known by its first message's id: %s", r.Key)
			}
			assert.Equal(t, tc.prompts, prompts)
			require.Len(t, ops, len(tc.want))
			for i, w := range tc.want {
				o := ops[i]
				assert.Equal(t, w.Kind, o.Kind, "op %d: %s", i, o.Raw)
				if w.Kind == editcore.Shell {
					assert.Equal(t, w.Raw, o.Raw, "op %d: the command, replayed as shell-made edits", i)
					continue
				}
				if w.Kind == editcore.Malformed && w.Path == "" {
					continue
				}
				assert.Equal(t, w.Path, o.Path, "op %d", i)
				assert.Equal(t, string(w.Content), string(o.Content), "op %d", i)
				assert.Equal(t, w.OldText, o.OldText, "op %d", i)
				assert.Equal(t, w.NewText, o.NewText, "op %d", i)
				assert.Equal(t, w.Start, o.Start, "op %d", i)
				assert.Equal(t, w.New, o.New, "op %d", i)
			}
			for i, f := range tc.failed {
				assert.Equal(t, f, ops[i].RecordedError, "op %d", i)
			}
			if len(got) > 0 {
				assert.Equal(t, "m-1", got[0].Model)
			}
		})
	}
}

func TestClineCLICommands(t *testing.T) {
	tests := map[string]struct {
		input string
		want  []string
	}{
		"a list of strings":    {`{"commands":["a","b"]}`, []string{"a", "b"}},
		"structured, quoted":   {`{"commands":[{"command":"printf","args":["it's","x"]}]}`, []string{`printf 'it'\''s' 'x'`}},
		"one string":           {`{"commands":"a"}`, []string{"a"}},
		"one object":           {`{"commands":{"command":"ls"}}`, []string{"ls"}},
		"command":              {`{"command":"echo","args":["a"]}`, []string{"echo 'a'"}},
		"cmd":                  {`{"cmd":"pwd"}`, []string{"pwd"}},
		"a bare list":          {`["a",{"command":"b"}]`, []string{"a", "b"}},
		"a bare string":        {`"a"`, []string{"a"}},
		"nothing of the kinds": {`{"x":1}`, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, clineCLICommands([]byte(tc.input)))
		})
	}
}

// FuzzClineCLI: a Cline CLI session never panics the reader, reads the
// same however it arrives, and its commands and results decode whatever
// the model sent.
func FuzzClineCLI(f *testing.F) {
	f.Add([]byte(clineCLISession(clineCLIAsk, clineCLICall("1", "editor", `{"path":"a","new_text":"x","insert_line":2}`), clineCLIAnswer("1", `[{"success":false}]`))))
	f.Add([]byte(clineCLISession(clineCLIAsk, clineCLICall("1", "run_commands", `{"commands":[{"command":"git","args":["mv","a","b"]}]}`), clineCLIAnswer("1", `"{\"success\":true}"`))))
	f.Add([]byte(`{"commands":[1,"a",{"command":""}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBoth(t, data, ClineCLI)
		_ = clineCLICommands(data)
		_ = clineCLIResults(data)
	})
}

func TestClineCLIApplyPatch(t *testing.T) {
	doc := clineCLISession(clineCLIAsk,
		clineCLICall("1", "apply_patch", `{"input":"*** Begin Patch\n*** Update File: /home/ana/app/a.txt\n@@\n-two\n+TWO\n*** Add File: b.txt\n+new\n*** End Patch\n"}`),
		clineCLIAnswer("1", `"{\"query\":\"apply_patch\",\"result\":\"Successfully applied patch\",\"success\":true}"`),
		clineCLICall("2", "apply_patch", `"*** Begin Patch\n*** Delete File: c.txt\n*** End Patch\n"`),
		clineCLIAnswer("2", `"{\"query\":\"apply_patch\",\"result\":\"c.txt not found\",\"success\":false}"`))
	got, _, err := readAll(t, []byte(doc), ClineCLI, Options{Root: "/home/ana/app", Exists: func(string) bool { return true }})
	require.NoError(t, err)
	require.Len(t, got, 1)
	ops := got[0].Ops
	require.Len(t, ops, 3)
	assert.Equal(t, "a.txt", ops[0].Path)
	assert.Equal(t, []string{"two"}, ops[0].Old)
	assert.Equal(t, []string{"TWO"}, ops[0].New)
	assert.Equal(t, "b.txt", ops[1].Path)
	assert.Empty(t, ops[0].RecordedError+ops[1].RecordedError)
	assert.Equal(t, editcore.Delete, ops[2].Kind)
	assert.Equal(t, "c.txt not found", ops[2].RecordedError)
}
