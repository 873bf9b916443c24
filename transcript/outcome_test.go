package transcript

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOutcome(t *testing.T) {
	fixture := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(t, err)
		return b
	}
	aiderLog := []byte("# aider chat started at 2024-05-01 10:00:00\n\n> Added a.py to the chat.\n\n#### go\n\nok\n\n" +
		"> Applied edit to a.py  \n> Commit 1a2b3c4 feat: one  \n\n#### more\n\nok\n\n> Applied edit to a.py\n> Commit 1801332 feat: two\n")
	tests := map[string]struct {
		data []byte
		src  Source
		want []Outcome
	}{
		"swe-agent submission": {fixture("swe-agent.traj"), SWEAgent,
			[]Outcome{{What: "swe-agent info.submission", Patch: "diff --git a/shop/cart.py b/shop/cart.py\n"}}},
		"swe-agent submitted nothing": {[]byte(`{"trajectory":[],"info":{"exit_status":"exit_cost","submission":null}}`), SWEAgent, nil},
		"openhands evaluation record": {evalRecord(t, false), OpenHands,
			[]Outcome{{What: "openhands test_result.git_patch", Patch: "diff --git a/shop/cart.py b/shop/cart.py\n", Line: 1}}},
		"openhands events state none": {fixture("openhands-events.jsonl"), OpenHands, nil},
		"aider: the last commit":      {aiderLog, Aider, []Outcome{{What: "aider commit 1801332", Commit: "1801332"}}},
		"aider without commits":       {fixture("chat.md"), Aider, nil},
		"aider: where /undo left it": {append(aiderLog, "\n#### /undo\n\n> Removed: 1801332 feat: two\n> Now at:  1a2b3c4 feat: one\n"...), Aider,
			[]Outcome{{What: "aider commit 1a2b3c4", Commit: "1a2b3c4"}}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var got []Outcome
			_, _, err := readAll(t, tt.data, tt.src, Options{Outcome: func(o Outcome) {
				o.Files, o.PatchErr = nil, nil // what PatchOutcome read: TestPatchOutcome
				got = append(got, o)
			}})
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestPatchOutcome: a patch the record states is read as git reads it,
// once, where the record is read; one that does not parse says why.
func TestPatchOutcome(t *testing.T) {
	o := PatchOutcome("openhands test_result.git_patch", "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n"+
		"diff --git a/b.txt b/b.txt\nnew file mode 100644\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+b\n", 3)
	require.NoError(t, o.PatchErr)
	require.Len(t, o.Files, 2)
	assert.Equal(t, "a.txt", o.Files[0].NewName)
	assert.True(t, o.Files[1].IsNew)
	assert.Equal(t, 3, o.Line)

	o = PatchOutcome("swe-agent info.submission", "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -x +y @@\n", 0)
	assert.Error(t, o.PatchErr)

	o = PatchOutcome("swe-agent info.submission", "", 0)
	assert.NoError(t, o.PatchErr)
	assert.Empty(t, o.Files, "an empty patch: the agent changed nothing")
}
