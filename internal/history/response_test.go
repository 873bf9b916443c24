package history

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/gitops"
)

func TestParseBlock(t *testing.T) {
	tests := map[string]struct {
		in   string
		want Block
		ok   bool
	}{
		"applied":        {in: "1 applied src/app.py", want: Block{Index: 1, Status: editcore.Applied, Path: "src/app.py"}, ok: true},
		"tolerant":       {in: "2 applied:indent a.py", want: Block{Index: 2, Status: editcore.Applied, Detail: "indent", Path: "a.py"}, ok: true},
		"failed":         {in: "3 failed:ambiguous_anchor a b.py", want: Block{Index: 3, Status: editcore.Failed, Detail: "ambiguous_anchor", Error: editcore.AmbiguousAnchor, Path: "a b.py"}, ok: true},
		"not in context": {in: "4 not_in_context lib.py", want: Block{Index: 4, Status: editcore.NotInContext, Path: "lib.py"}, ok: true},
		"unknown path":   {in: "5 failed:malformed_block -", want: Block{Index: 5, Status: editcore.Failed, Detail: "malformed_block", Error: editcore.MalformedBlock, Path: "-"}, ok: true},
		"error_no_path":  {in: "1 applied"},
		"error_no_index": {in: "x applied a.py"},
		"error_empty":    {in: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseBlock(tt.in)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParse(t *testing.T) {
	msg := gitops.FormatMessage("Fix it.", "Some prose.", []gitops.Trailer{
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
	assert.Empty(t, Block{Status: editcore.Applied}.Explain())
	assert.Contains(t, Block{Status: editcore.Failed, Error: editcore.AmbiguousAnchor}.Explain(), "more than one place")
	assert.Contains(t, Block{Status: editcore.NotInContext}.Explain(), "not seen this file")
	assert.Equal(t, "weird", Describe("weird"))
}

// FuzzParseBlock: no panics, and a block that parses renders back to the
// same trailer value.
func FuzzParseBlock(f *testing.F) {
	for _, s := range []string{"1 applied a.py", "2 failed:ambiguous_anchor a b", "x", "", "3 :: -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := ParseBlock(s)
		if !ok {
			return
		}
		status := string(b.Status)
		if b.Detail != "" {
			status += ":" + b.Detail
		}
		again, ok := ParseBlock(strings.Join([]string{strconv.Itoa(b.Index), status, b.Path}, " "))
		require.True(t, ok)
		assert.Equal(t, b, again)
	})
}

func TestParseReason(t *testing.T) {
	msg := "Fix.\n\nAiedit-Transcript: r.md sha256:00\nAiedit-Response: 1/1\n" +
		"Aiedit-Block: 1 failed:ambiguous_anchor a.py\nAiedit-Block: 2 skipped:previous_edit_failed a.py\n" +
		"Aiedit-Reason: 1 ambiguous anchor: the lines match 2 places in a.py, at lines 3, 9\n" +
		"Aiedit-Summary: applied=0 already_applied=0 failed=1 skipped=1 not_in_context=0\n"
	r, ok := Parse(msg)
	require.True(t, ok)
	require.Len(t, r.Blocks, 2)
	assert.Equal(t, "ambiguous anchor: the lines match 2 places in a.py, at lines 3, 9", r.Blocks[0].Explain())
	assert.Equal(t, "", r.Blocks[1].Reason)
	assert.Contains(t, r.Blocks[1].Explain(), "earlier edit")
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
	assert.Equal(t, []string{"4 Aiedit-Block lines (past the first 1); apply --json lists them all"}, r.Omitted)
	assert.Equal(t, 5, r.Summary.Applied)
}
