package transcript

import (
	"fmt"
	"strings"
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

// TestGeminiLog: a session log (session-*.jsonl) is read as Gemini CLI
// loads it: the last copy of a message id stands in the place where the
// id first appeared, and $rewindTo drops the message it names and every
// later one. Each response is summarised as its first record, its prose
// and the new text of its replace calls.
func TestGeminiLog(t *testing.T) {
	const (
		callA = `{"id":"a","name":"replace","args":{"file_path":"/w/a.py","old_string":"x","new_string":"A"},"status":"success"}`
		callB = `{"id":"b","name":"replace","args":{"file_path":"/w/a.py","old_string":"y","new_string":"B"},"status":"success"}`
		callC = `{"id":"c","name":"replace","args":{"file_path":"/w/a.py","old_string":"z","new_string":"C"},"status":"success"}`

		meta = `{"sessionId":"s","projectHash":"h","startTime":"2026-08-02T09:00:00.000Z"}`
		u1   = `{"id":"u1","type":"user","content":[{"text":"go"}]}`
		u2   = `{"id":"u2","type":"user","content":[{"text":"more"}]}`
		u3   = `{"id":"u3","type":"user","content":[{"text":"instead"}]}`
		g1   = `{"id":"g1","type":"gemini","content":"One."}`
		g1a  = `{"id":"g1","type":"gemini","content":"One.","toolCalls":[` + callA + `]}`
		g1ab = `{"id":"g1","type":"gemini","content":"One.","toolCalls":[` + callA + `,` + callB + `]}`
		g2   = `{"id":"g2","type":"gemini","content":"Two.","toolCalls":[` + callC + `]}`
		g3   = `{"id":"g3","type":"gemini","content":"Three."}`
		set  = `{"$set":{"lastUpdated":"2026-08-02T09:00:09.000Z"}}`
	)
	tests := map[string]struct {
		lines []string
		want  []string
		warn  string // in a warning, when one is expected
	}{
		"each copy of a message grows it": {
			lines: []string{meta, u1, g1, set, g1a, set, g1ab, set},
			want:  []string{"3 One. A B"},
		},
		"the last copy stands where the id first appeared": {
			lines: []string{meta, u1, g1, u2, g2, g1ab},
			want:  []string{"3 One. A B", "5 Two. C"},
		},
		"a rewind to a user message drops its turn": {
			lines: []string{meta, u1, g1ab, u2, g2, `{"$rewindTo":"u2"}`},
			want:  []string{"3 One. A B"},
		},
		"the conversation goes on after a rewind": {
			lines: []string{meta, u1, g1ab, u2, g2, `{"$rewindTo":"u2"}`, u3, g3},
			want:  []string{"3 One. A B", "8 Three."},
		},
		"a message recorded again after a rewind comes last": {
			lines: []string{meta, u1, g1ab, u2, g2, `{"$rewindTo":"g1"}`, u2, g1a},
			want:  []string{"8 One. A"},
		},
		"a rewind to an unknown message drops every message": {
			lines: []string{meta, u1, g1ab, `{"$rewindTo":"nope"}`, u3, g3},
			want:  []string{"6 Three."},
			warn:  `$rewindTo names message "nope"`,
		},
		// Read as the list it holds (readRecords), numbered by element, as
		// the same document over many lines is.
		"a whole session on one line": {
			lines: []string{`{"sessionId":"s","projectHash":"h","messages":[` + u1 + `,` + g1ab + `,` + u2 + `,` + g2 + `]}`},
			want:  []string{"2 One. A B", "4 Two. C"},
		},
		// Gemini CLI's loader takes a legacy session on the first line of a
		// log, before the records appended after it.
		"a whole session on the first line of a log": {
			lines: []string{`{"sessionId":"s","projectHash":"h","messages":[` + u1 + `,` + g1ab + `]}`, u2, g2},
			want:  []string{"1 One. A B", "3 Two. C"},
		},
		// Since v0.39 each tool result is a user message of its own
		// (checked with Gemini CLI 0.61.0): it answers the calls before it
		// and belongs to their turn.
		"tool results continue the turn": {
			lines: []string{meta, u1, g1a, `{"id":"r1","type":"user","content":[{"functionResponse":{"id":"a","name":"replace","response":{"output":"Successfully modified file"}}}]}`, g2, u3, g3},
			want:  []string{"3 One.\n\nTwo. A C", "7 Three."},
		},
		"a user message with words and a result starts a turn": {
			lines: []string{meta, u1, g1a, `{"id":"r1","type":"user","content":[{"functionResponse":{"id":"a","name":"replace","response":{}}},{"text":"stop"}]}`, g2},
			want:  []string{"3 One. A", "5 Two. C"},
		},
		"a checkpoint of the model's history changes no edit": {
			lines: []string{meta, u1, g1ab, `{"$set":{"messages":[{"id":"s1","type":"user","content":"summary"}]}}`},
			want:  []string{"3 One. A B"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			data := []byte(strings.Join(tt.lines, "\n") + "\n")
			rs, ws, err := readAll(t, data, Gemini, Options{})
			require.NoError(t, err)
			var got []string
			for _, r := range rs {
				s := fmt.Sprintf("%d %s", r.Line, r.Text)
				for _, o := range r.Ops {
					s += " " + o.NewText
				}
				got = append(got, s)
			}
			assert.Equal(t, tt.want, got)
			if tt.warn == "" {
				assert.Empty(t, ws)
			} else {
				require.Len(t, ws, 1)
				assert.Contains(t, ws[0].msg, tt.warn)
			}
			assert.Equal(t, Gemini, Detect(data, "session-1.jsonl"))
		})
	}
}
