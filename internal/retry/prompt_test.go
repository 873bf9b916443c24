package retry

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// mapFiles serves files from a map.
func mapFiles(m map[string]string) Files {
	return func(p string) ([]byte, bool, error) {
		s, ok := m[p]
		return []byte(s), ok, nil
	}
}

func TestBuild(t *testing.T) {
	files := mapFiles(map[string]string{
		"app.py":   "def f():\n    return 1\n\ndef g():\n    return 1\n",
		"lib.py":   "x = 1\n",
		"bin.dat":  "a\x00b",
		"fence.md": "```go\nx\n```\n",
		"tail.txt": "no newline",
	})
	tests := map[string]struct {
		items    []Item
		contains []string
		absent   []string
		empty    bool
	}{
		"nothing": {empty: true},
		"ambiguous uses the seed's template": {
			items: []Item{{Response: 2, Block: 1, Path: "app.py", Status: editcore.Failed, Error: editcore.AmbiguousAnchor}},
			contains: []string{
				"Some edits failed due to ambiguous anchors (the context lines matched multiple locations in the file). Please retry these edits with more unique anchor context — include a distinctive preceding line (like a function name, class definition, or unique comment) to disambiguate:\n\n- app.py: the lines to find match more than one place in the file (response 2, block 1)",
				"app.py (5 lines):\n```\n     1\tdef f():\n     2\t    return 1\n     3\t\n",
			},
			absent: []string{"could not be applied", "not attempted"},
		},
		"not in context quotes the whole file verbatim": {
			items:    []Item{{Response: 1, Block: 2, Path: "lib.py", Status: editcore.NotInContext}},
			contains: []string{"you had not seen them in full", "- lib.py\n", "Full content of the files you had not seen:\n\nlib.py (1 line):\n```\nx = 1\n```\n"},
			absent:   []string{"     1\t"},
		},
		"failed and skipped by it": {
			items: []Item{
				{Response: 1, Block: 1, Path: "app.py", Status: editcore.Failed, Error: editcore.AnchorNotFound},
				{Response: 1, Block: 2, Path: "app.py", Status: editcore.Skipped, Error: editcore.PreviousEditFailed},
			},
			contains: []string{
				"- app.py: the lines to find are not in the file (response 1, block 1)\n- app.py: not attempted: an earlier edit to the same file in this response failed (response 1, block 2)",
			},
		},
		"a malformed block is to be written again, not copied from a file": {
			items: []Item{{Response: 1, Block: 1, Path: "-", Status: editcore.Failed, Error: editcore.MalformedBlock,
				Reason: "malformed block: no file path before <<<<<<< SEARCH"}},
			contains: []string{
				"Some edit blocks could not be read as edits. Write them again in the same format, as each message says:\n\n" +
					"- malformed block: no file path before <<<<<<< SEARCH (response 1, block 1)",
			},
			absent: []string{"could not be applied", "Copy the lines", "- -:", "Current content"},
		},
		"malformed and failed blocks each under their own heading": {
			items: []Item{
				{Response: 1, Block: 1, Path: "app.py", Status: editcore.Failed, Error: editcore.MalformedBlock,
					Reason: "malformed block: block never closed"},
				{Response: 1, Block: 2, Path: "lib.py", Status: editcore.Failed, Error: editcore.AnchorNotFound},
			},
			contains: []string{
				"Copy the lines to replace exactly from the current file content below (without the line numbers) and retry them:\n\n" +
					"- lib.py: the lines to find are not in the file (response 1, block 2)\n\n",
				"as each message says:\n\n- app.py: malformed block: block never closed (response 1, block 1)",
				"lib.py (1 line):",
			},
			absent: []string{"app.py (5 lines)"},
		},
		"skipped binary is listed, not quoted": {
			items:    []Item{{Response: 1, Block: 1, Path: "bin.dat", Status: editcore.Skipped, Error: editcore.BinaryFile}},
			contains: []string{"Some edits were skipped", "- bin.dat: the file is binary"},
			absent:   []string{"Current content"},
		},
		"missing file": {
			items:    []Item{{Response: 1, Block: 1, Path: "gone.py", Status: editcore.Failed, Error: editcore.FileNotFound}},
			contains: []string{"gone.py: there is no such file now"},
		},
		"fence longer than the content's": {
			items:    []Item{{Response: 1, Block: 1, Path: "fence.md", Status: editcore.NotInContext}},
			contains: []string{"fence.md (3 lines):\n````\n```go\nx\n```\n````"},
		},
		"no newline at the end": {
			items:    []Item{{Response: 1, Block: 1, Path: "tail.txt", Status: editcore.NotInContext}},
			contains: []string{"```\nno newline\n```\n(no newline at the end of the file)"},
		},
		"one file quoted once": {
			items: []Item{
				{Response: 1, Block: 1, Path: "app.py", Status: editcore.Failed, Error: editcore.AmbiguousAnchor},
				{Response: 2, Block: 1, Path: "app.py", Status: editcore.NotInContext},
			},
			absent: []string{"Full content of the files"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := Build(tt.items, files)
			require.NoError(t, err)
			if tt.empty {
				assert.Empty(t, got)
				return
			}
			for _, c := range tt.contains {
				assert.Contains(t, got, c)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, got, a)
			}
			assert.True(t, strings.HasSuffix(got, "\n"))
		})
	}
}

func TestBuildCutsLongFiles(t *testing.T) {
	long := strings.Repeat("line\n", MaxLines+5)
	got, err := Build([]Item{{Response: 1, Block: 1, Path: "big", Status: editcore.Failed, Error: editcore.AnchorNotFound}},
		mapFiles(map[string]string{"big": long}))
	require.NoError(t, err)
	assert.Contains(t, got, "big (2005 lines):")
	assert.Contains(t, got, "  2000\tline\n```\n[… 5 more lines not shown]")
	assert.NotContains(t, got, "  2001\t")
}

func TestBuildFileError(t *testing.T) {
	_, err := Build([]Item{{Response: 1, Block: 1, Path: "a", Status: editcore.Failed}},
		func(string) ([]byte, bool, error) { return nil, false, assert.AnError })
	require.ErrorIs(t, err, assert.AnError)
}

// TestBuildQuotesAroundTheIntendedPlace: a long file is quoted only around
// the lines the failed edits were meant for; an ambiguous edit needs the
// whole file.
func TestBuildQuotesAroundTheIntendedPlace(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&long, "line %d\n", i)
	}
	files := func(p string) ([]byte, bool, error) { return []byte(long.String()), true, nil }

	text, err := Build([]Item{
		{Response: 1, Block: 1, Path: "big.txt", Status: editcore.Failed, Error: editcore.AnchorNotFound, Reason: "no match", Line: 100},
		{Response: 1, Block: 2, Path: "big.txt", Status: editcore.Failed, Error: editcore.OldTextMismatch, Reason: "differs", Line: 110},
	}, files)
	require.NoError(t, err)
	assert.Contains(t, text, "big.txt (300 lines; the lines around the edits):")
	assert.Contains(t, text, "[… lines 1-84 not shown]")
	assert.Contains(t, text, "    85\tline 85\n")
	assert.Contains(t, text, "   125\tline 125\n")
	assert.Contains(t, text, "[… lines 126-300 not shown]")
	assert.NotContains(t, text, "\tline 200\n")

	text, err = Build([]Item{
		{Response: 1, Block: 1, Path: "big.txt", Status: editcore.Failed, Error: editcore.AmbiguousAnchor, Reason: "at lines 10, 200", Line: 10},
	}, files)
	require.NoError(t, err)
	assert.Contains(t, text, "   200\tline 200\n", "every candidate is shown")
}

func TestCarryOver(t *testing.T) {
	out := []Item{
		{Path: "a.py", Block: 1, Status: editcore.Failed},
		{Path: "b.py", Block: 2, Status: editcore.Failed},
		{Path: "c.py", Block: 3, Status: editcore.Failed},
	}
	got := CarryOver(out, []Outcome{
		{Path: "a.py", Status: editcore.Applied},  // settled
		{Path: "b.py", Status: editcore.Failed},   // replaced by the round's own failure
		{Path: "d.py", Status: editcore.Rejected}, // nothing to do with the others
	})
	require.Len(t, got, 1)
	assert.Equal(t, "c.py", got[0].Path)
}

func TestBuildListsRejectedOnlyWithFailures(t *testing.T) {
	files := mapFiles(map[string]string{"app.py": "x = 1\n"})
	rejected := Item{Response: 1, Block: 2, Path: "app.py", Status: editcore.Rejected}
	got, err := Build([]Item{rejected}, files)
	require.NoError(t, err)
	assert.Empty(t, got, "a rejected block alone needs no retry")
	got, err = Build([]Item{{Response: 1, Round: 1, Block: 1, Path: "app.py", Status: editcore.Failed, Error: editcore.AnchorNotFound, Proposed: "<<<<<<< SEARCH\ny\n=======\nz\n>>>>>>> REPLACE"}, rejected}, files)
	require.NoError(t, err)
	assert.Contains(t, got, "(response 1, retry 1, block 1)")
	assert.Contains(t, got, "The edits as you wrote them:\n\napp.py (response 1, retry 1, block 1):\n```\n<<<<<<< SEARCH\n")
	assert.Contains(t, got, "The user reviewed these edits and rejected them; do not propose them again:\n\n- app.py (response 1, block 2)")
}
