package history

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
)

func TestParse(t *testing.T) {
	msg := trailer.FormatMessage("Fix it.", "Some prose.", []trailer.Trailer{
		{Key: "Aiedit-Transcript", Value: "fix.md sha256:abc"},
		{Key: "Aiedit-Response", Value: "2/3"},
		{Key: "Aiedit-Model", Value: "gpt-x"},
		{Key: "Aiedit-Block", Value: "1 applied a.py"},
		{Key: "Aiedit-Block", Value: "2 failed:anchor_not_found a.py"},
		{Key: "Aiedit-Shell", Value: "not_run npm install"},
		{Key: "Aiedit-Summary", Value: "applied=1 already_applied=0 failed=1 skipped=0 not_in_context=0"},
	})
	r, ok := Parse(msg)
	require.True(t, ok)
	assert.Equal(t, "Fix it.", r.Subject)
	assert.Equal(t, "fix.md", r.TranscriptName())
	assert.Equal(t, 2, r.N)
	assert.Equal(t, 3, r.Total)
	assert.Equal(t, "gpt-x", r.Model)
	require.Len(t, r.Blocks, 2)
	assert.Equal(t, editcore.AnchorNotFound, r.Blocks[1].Error)
	assert.Equal(t, []Shell{{Status: editcore.NotRun, Command: "npm install"}}, r.Shell)
	assert.Equal(t, Summary{Applied: 1, Failed: 1}, r.Summary)
	assert.Equal(t, "1 applied, 1 failed", Counts(r.Summary))
}

func TestParseNotAiedit(t *testing.T) {
	for name, msg := range map[string]string{
		"plain":        "Fix it\n\nbody\n",
		"other":        "Fix it\n\nSigned-off-by: A <a@b>\n",
		"bad response": "x\n\nAiedit-Response: two/3\n",
		"zero":         "x\n\nAiedit-Response: 0/3\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, ok := Parse(msg)
			assert.False(t, ok)
		})
	}
}

// Without an Aiedit-Summary trailer the blocks are counted.
func TestParseCountsBlocks(t *testing.T) {
	r, ok := Parse("x\n\nAiedit-Response: 1/1\nAiedit-Block: 1 applied a\nAiedit-Block: 2 skipped:binary_file b\n")
	require.True(t, ok)
	assert.Equal(t, Summary{Applied: 1, Skipped: 1}, r.Summary)
	assert.Equal(t, 1, r.Summary.Problems())
}

func TestExplain(t *testing.T) {
	assert.Empty(t, Explain(Block{Status: editcore.Applied}))
	assert.Contains(t, Explain(Block{Status: editcore.Failed, Error: editcore.AmbiguousAnchor}), "more than one place")
	assert.Contains(t, Explain(Block{Status: editcore.NotInContext}), "not seen this file")
	assert.Equal(t, "weird", Describe("weird"))
}

func TestParseReason(t *testing.T) {
	msg := "Fix.\n\nAiedit-Transcript: r.md sha256:00\nAiedit-Response: 1/1\n" +
		"Aiedit-Block: 1 failed:ambiguous_anchor a.py\nAiedit-Block: 2 skipped:previous_edit_failed a.py\n" +
		"Aiedit-Reason: 1 ambiguous anchor: the lines match 2 places in a.py, at lines 3, 9\n" +
		"Aiedit-Summary: applied=0 already_applied=0 failed=1 skipped=1 not_in_context=0\n"
	r, ok := Parse(msg)
	require.True(t, ok)
	require.Len(t, r.Blocks, 2)
	assert.Equal(t, "ambiguous anchor: the lines match 2 places in a.py, at lines 3, 9", Explain(r.Blocks[0]))
	assert.Equal(t, "", r.Blocks[1].Reason)
	assert.Contains(t, Explain(r.Blocks[1]), "earlier edit")
}

func TestParseReasonLine(t *testing.T) {
	msg := "Fix.\n\nAiedit-Transcript: r.md sha256:00\nAiedit-Response: 1/1\n" +
		"Aiedit-Block: 1 failed:anchor_not_found a.py\n" +
		"Aiedit-Reason: 1 line 42: in a.py: no match for the 2-line block\n" +
		"Aiedit-Summary: applied=0 already_applied=0 failed=1 skipped=0 not_in_context=0\n"
	r, ok := Parse(msg)
	require.True(t, ok)
	assert.Equal(t, 42, r.Blocks[0].Line)
	assert.Equal(t, "in a.py: no match for the 2-line block", r.Blocks[0].Reason)
}

// A response too large to list keeps the count of what its trailers left
// out; the summary still counts every block.
func TestParseOmitted(t *testing.T) {
	r, ok := Parse("x\n\nAiedit-Response: 1/1\nAiedit-Block: 1 applied a\n" +
		"Aiedit-Omitted: 4 Aiedit-Block lines (past the first 1); apply --json lists them all\n" +
		"Aiedit-Summary: applied=5 already_applied=0 failed=0 skipped=0 not_in_context=0\n")
	require.True(t, ok)
	assert.Len(t, r.Blocks, 1)
	assert.Equal(t, []trailer.Omission{{Key: "Aiedit-Block", N: 4, First: 1}}, r.Omitted)
	assert.Equal(t, "4 Aiedit-Block lines (past the first 1); apply --json lists them all", r.Omitted[0].String())
	assert.Equal(t, 5, r.Summary.Applied)
}
