package transcript

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadOpenHandsSDK: the software-agent-sdk's events (OpenHands V1), as
// JSONL or as a JSON list, map like the V0 event stream: file_editor like
// the text editor, terminal (bash before SDK 1.2) like run, apply_patch
// through the applypatch format, the Gemini-style write_file and edit like
// Write and Edit. An observation that is an error, a non-zero exit code, a
// rejection or an agent error marks its action failed; a null action (a
// call that did not validate) adds nothing.
func TestReadOpenHandsSDK(t *testing.T) {
	jsonl := fixture(t, "openhands-sdk.jsonl")
	list := append([]byte("["), bytes.ReplaceAll(bytes.TrimSpace(jsonl), []byte("\n"), []byte(",\n"))...)
	list = append(list, ']')
	want := [][]string{{
		"substring shop/cart.py",
		"substring shop/cart.py failed: No replacement was performed, old_str `nope` did not appear verbatim.",
		"shell git mv /workspace/shop/shop/util.py /workspace/shop/shop/helpers.py move shop/util.py,shop/helpers.py",
		"shell rm build.log remove build.log failed: exit status 1: rm: cannot remove 'build.log': No such file or directory",
		"replace shop/cart.py g1", "write shop/tax.py",
		"write NOTES.md failed: rejected: No notes, please.",
		"append x.py failed: Terminal session crashed.",
	}, {
		"substring shop/cart.py",
		"write shop/__init__.py",
		"shell mkdir -p docs mkdir docs",
		"insert shop/cart.py failed: Invalid insert_line parameter: 0.",
	}}
	for name, data := range map[string][]byte{"jsonl": jsonl, "json list": list} {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, OpenHands, Detect(data, "events.json"))
			// The workspace /workspace/shop is found from a file that exists.
			rs, ws, err := readAll(t, data, OpenHands, Options{Exists: func(p string) bool { return p == "shop/cart.py" }})
			require.NoError(t, err)
			assert.Empty(t, ws)
			require.Len(t, rs, 2)
			for i, r := range rs {
				assert.Equal(t, want[i], describeOps(r.Ops), "response %d", i+1)
			}
			assert.Equal(t, "Look first.\n\nTotals round to cents.\n\nCart totals round to cents.", rs[0].Text)
			assert.Equal(t, "2026-03-01T09:00:03.000001Z", rs[0].Time.Format("2006-01-02T15:04:05.999999Z07:00"))
			assert.Equal(t, []string{"shop/cart.py", "shop/tax.py"}, rs[0].Context, "viewed, edited, patched")
			assert.True(t, rs[1].Ops[0].ReplaceAll, "expected_replacements 2")
			assert.Equal(t, "Rename.", rs[1].Text)
		})
	}
}

// TestReadOpenHandsRecordsOfAnotherShape: a record that is no event is
// skipped with a warning in the user's terms, once for a run of records
// skipped for the same reason, never with Go's decoding text.
func TestReadOpenHandsRecordsOfAnotherShape(t *testing.T) {
	data := `{"id": "a", "action": 5}
{"id": "b", "action": 6}
{"id": "c", "action": 7}
{"id": 1, "timestamp": 5, "action": "run", "args": {"command": "ls"}}
{"id": 2, "source": "agent", "action": "edit", "args": {"path": "/w/a.py", "command": "create", "file_text": "x"}}
`
	rs, ws, err := readAll(t, []byte(data), OpenHands, Options{})
	require.NoError(t, err)
	assert.Len(t, rs, 1)
	assert.Equal(t, []warning{
		{1, `record skipped: its "action" is not a name, and it has no "kind" to be an SDK event`},
		{1, "2 more records skipped for the same reason (at 2, 3)"},
		{4, `record skipped: its "timestamp" is a JSON number, which no OpenHands event has there`},
	}, ws)
}
