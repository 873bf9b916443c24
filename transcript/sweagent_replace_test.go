package transcript

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// sweTraj is a SWE-agent 1.0 trajectory of one step per action, each with
// the state SWE-agent records after it.
func sweTraj(t *testing.T, steps ...[3]string) []byte {
	t.Helper()
	var traj []map[string]any
	for _, s := range steps {
		traj = append(traj, map[string]any{
			"action": s[0], "observation": s[1], "response": "", "thought": "step",
			"state": map[string]string{"open_file": s[2], "working_dir": "/pydicom__pydicom"},
		})
	}
	b, err := json.Marshal(map[string]any{"trajectory": traj, "info": map[string]any{"submission": ""}})
	require.NoError(t, err)
	return b
}

// TestSWEAgentWindowedEdit: SWE-agent 1.0's `edit SEARCH REPLACE
// [REPLACE-ALL]` is a replacement of the open file's text (every
// occurrence with any third word, "False" too, as the tool reads it); a
// refused edit is failed at the time; the SWE-agent 0.x `edit N:M` form
// still reads.
func TestSWEAgentWindowedEdit(t *testing.T) {
	const open = "/pydicom__pydicom/src/values.py"
	ok := "Text replaced. Please review the changes and make sure they are correct:"
	tests := map[string]struct {
		action, obs string
		want        editcore.Op
		problem     string
	}{
		"one occurrence": {
			action: "edit 'return x' 'return int(x)'", obs: ok,
			want: editcore.Op{Kind: editcore.Substring, Path: "src/values.py", OldText: "return x", NewText: "return int(x)"},
		},
		"several lines, a quote inside": {
			action: "edit 'def f(x):\n    return x'\"'\"'s'\"'\"'\n' 'def f(x):\n    return x'",
			obs:    ok,
			want:   editcore.Op{Kind: editcore.Substring, Path: "src/values.py", OldText: "def f(x):\n    return x's'\n", NewText: "def f(x):\n    return x"},
		},
		"replace all": {
			action: "edit 'VR.US' 'VR.UL' True", obs: "Replaced 3 occurrences. Please review the changes",
			want: editcore.Op{Kind: editcore.Substring, Path: "src/values.py", OldText: "VR.US", NewText: "VR.UL", ReplaceAll: true},
		},
		"False is a non-empty word: replace all too": {
			action: "edit 'VR.US' 'VR.UL' False", obs: ok,
			want: editcore.Op{Kind: editcore.Substring, Path: "src/values.py", OldText: "VR.US", NewText: "VR.UL", ReplaceAll: true},
		},
		"refused: not in the shown lines": {
			action: "edit 'nope' 'yes'", obs: "Your edit was not applied (file not modified): Text 'nope' not found in displayed lines.\n###SWE-AGENT-RETRY-WITH-OUTPUT###",
			want: editcore.Op{Kind: editcore.Substring, Path: "src/values.py", OldText: "nope", NewText: "yes",
				RecordedError: "Your edit was not applied (file not modified): Text 'nope' not found in displayed lines.\n###SWE-AGENT-RETRY-WITH-OUTPUT###"},
		},
		"too many words": {
			action: "edit 'a' 'b' True extra", obs: ok, problem: "edit takes a search text, a replacement and an optional replace-all flag",
		},
		"neither form": {
			action: "edit 12", obs: ok, problem: "an edit command needs \"edit N:M\", the new lines and end_of_edit, or \"edit SEARCH REPLACE\"",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			data := sweTraj(t, [3]string{"open src/values.py", "[File: " + open + " (40 lines total)]", open}, [3]string{tc.action, tc.obs, open})
			rs, _, err := readAll(t, data, SWEAgent, Options{Exists: func(p string) bool { return p == "src/values.py" }})
			require.NoError(t, err)
			require.Len(t, rs, 1)
			require.Len(t, rs[0].Ops, 1)
			got := rs[0].Ops[0]
			if tc.problem != "" {
				assert.Equal(t, editcore.Malformed, got.Kind)
				assert.Equal(t, tc.problem, got.Problem)
				return
			}
			assert.Equal(t, tc.want.Kind, got.Kind)
			assert.Equal(t, tc.want.Path, got.Path)
			assert.Equal(t, tc.want.OldText, got.OldText)
			assert.Equal(t, tc.want.NewText, got.NewText)
			assert.Equal(t, tc.want.ReplaceAll, got.ReplaceAll)
			assert.Equal(t, tc.want.RecordedError, got.RecordedError)
		})
	}
}

// TestSWEAgentShellPaths: a command's absolute paths map through the
// repository's folder as the edits' do; one outside it is outside.
func TestSWEAgentShellPaths(t *testing.T) {
	data := sweTraj(t,
		[3]string{"create reproduce_bug.py", "[File: /pydicom__pydicom/reproduce_bug.py (1 lines total)]", "/pydicom__pydicom/reproduce_bug.py"},
		[3]string{"rm /pydicom__pydicom/reproduce_bug.py", "", "n/a"},
		[3]string{"rm /tmp/scratch.py", "", "n/a"})
	rs, _, err := readAll(t, data, SWEAgent, Options{Exists: func(p string) bool { return p == "src/values.py" }})
	require.NoError(t, err)
	require.Len(t, rs, 3)
	assert.Equal(t, []string{"create reproduce_bug.py"}, describeOps(rs[0].Ops))
	assert.Equal(t, []string{"shell rm /pydicom__pydicom/reproduce_bug.py remove reproduce_bug.py"}, describeOps(rs[1].Ops))
	assert.False(t, rs[1].Ops[0].Outside)
	assert.Equal(t, []string{"shell rm /tmp/scratch.py remove /tmp/scratch.py"}, describeOps(rs[2].Ops))
	assert.True(t, rs[2].Ops[0].Outside)
}

// FuzzSWEReplace: any action reads without a panic; a replacement it
// makes has a search text, on the open file.
func FuzzSWEReplace(f *testing.F) {
	f.Add("edit 'a' 'b'")
	f.Add("edit 'a\nb' \"c\" True")
	f.Add("edit 'unterminated")
	f.Add("edit $(x) 'b' False extra")
	f.Fuzz(func(t *testing.T, action string) {
		op, ok := sweReplace(1, action, "/testbed/a.py")
		if ok && op.Kind == editcore.Substring && (op.OldText == "" || op.Path != "/testbed/a.py") {
			t.Fatalf("%q: %+v", action, op)
		}
	})
}
