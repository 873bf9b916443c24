package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// cursorSession is shaped as Cursor writes its agent transcripts: a
// user query (with the timestamp Cursor puts before it), the assistant's
// text and tool_use blocks keyed by path, without ids or results.
const cursorSession = `{"role":"user","message":{"content":[{"type":"text","text":"<timestamp>Tuesday, Apr 28, 2026, 10:15 AM (UTC+3)</timestamp>\n<user_query>\nfix add and add a test\n</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"text","text":"Reading app.js first."},{"type":"tool_use","name":"Read","input":{"path":"/home/ana/app/app.js"}}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"StrReplace","input":{"path":"/home/ana/app/app.js","old_string":"a - b","new_string":"a + b"}}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Write","input":{"path":"/home/ana/app/test/app.test.js","contents":"test('adds', () => {})\n"}},{"type":"text","text":"Fixed add and added a test."}]}}
{"role":"user","message":{"content":[{"type":"text","text":"<user_query>\nremove old.js\n</user_query>"}]}}
{"role":"assistant","message":{"content":[{"type":"tool_use","name":"Shell","input":{"command":"git rm old.js","description":"remove old.js"}},{"type":"tool_use","name":"StrReplace","input":{"path":"/home/ana/app/app.js"}},{"type":"tool_use","name":"Write","input":{"contents":"x"}}]}}
`

func TestCursor(t *testing.T) {
	assert.Equal(t, Cursor, Detect([]byte(cursorSession), "4b7e.jsonl"))
	assert.Equal(t, ClaudeCode, Detect([]byte(`{"type":"user","message":{"role":"user","content":"hi"},"uuid":"u1","sessionId":"s"}`), "x.jsonl"),
		"Claude Code's records carry a type and ids")

	var got []*Response
	exists := func(p string) bool { return p == "app.js" || p == "old.js" }
	err := Read(strings.NewReader(cursorSession), Cursor, Options{Exists: exists}, func(r *Response) error {
		got = append(got, r)
		return nil
	})
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "Reading app.js first.\n\nFixed add and added a test.", got[0].Text)
	require.Len(t, got[0].Ops, 2, "Read changes no file")
	assert.Equal(t, editcore.Substring, got[0].Ops[0].Kind)
	assert.Equal(t, "app.js", got[0].Ops[0].Path)
	assert.Equal(t, "a - b", got[0].Ops[0].OldText)
	assert.Equal(t, editcore.Write, got[0].Ops[1].Kind)
	assert.Equal(t, "test/app.test.js", got[0].Ops[1].Path)
	assert.Equal(t, "test('adds', () => {})\n", string(got[0].Ops[1].Content))
	for _, o := range got[0].Ops {
		assert.Empty(t, o.RecordedError, "Cursor records no results: nothing is known to have failed")
	}
	ops := got[1].Ops
	require.Len(t, ops, 3)
	assert.Contains(t, ops[0].Raw, "git rm old.js")
	assert.Contains(t, ops[1].Problem, "StrReplace without old_string")
	assert.Contains(t, ops[2].Problem, "names no file")
}
