package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestManyBlocksBoundedMessage: one response with far more blocks than
// the commit message lists. The message keeps the first maxListed
// Aiedit-Block lines and one Aiedit-Omitted line, parses as trailers with
// git, and the summary and the JSON report still count every block.
func TestManyBlocksBoundedMessage(t *testing.T) {
	// The second is past the blocks kept in memory: the rest are read
	// back from disk for the message and the report.
	for _, n := range []int{2*maxListed + 500, keptBlocks + maxListed} {
		t.Run(fmt.Sprint(n), func(t *testing.T) { manyBlocks(t, n) })
	}
}

func manyBlocks(t *testing.T, n int) {
	var b strings.Builder
	b.WriteString("Many files.\n\n")
	for i := range n {
		b.WriteString(editblock(fmt.Sprintf("d/f%d.txt", i), "x\n"))
	}
	rep, repo := applyJSON(t, "many.md", b.String())
	require.Len(t, rep.Responses, 1)
	assert.Len(t, rep.Responses[0].Blocks, n, "the report lists every block")

	msg := repo.Git(t, "log", "-1", "--format=%B", "aiedit/many")
	assert.Less(t, len(msg), 100<<10, "the message stays small")
	blocks := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Block,valueonly)", "aiedit/many")
	assert.Equal(t, maxListed, strings.Count(blocks, "\n"))
	assert.Contains(t, blocks, fmt.Sprintf("%d applied d/f%d.txt", maxListed, maxListed-1))
	omitted := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Omitted,valueonly)", "aiedit/many")
	assert.Equal(t, fmt.Sprintf("%d Aiedit-Block lines (past the first %d); apply --json lists them all", n-maxListed, maxListed), strings.TrimSpace(omitted))
	summary := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Summary,valueonly)", "aiedit/many")
	assert.Contains(t, summary, fmt.Sprintf("applied=%d ", n))
	files := repo.Git(t, "ls-tree", "-r", "--name-only", "aiedit/many", "d/")
	assert.Equal(t, n, strings.Count(files, "\n")+1, "every block is applied")
	parsed := gittest.RunInput(t, repo.Dir, nil, msg, "interpret-trailers", "--parse")
	assert.Equal(t, maxListed, strings.Count(parsed, "Aiedit-Block: "))
}

// TestManyFailedBlocksListTheirReasons: the reasons a message lists are
// the first maxListed reasons, whichever blocks they belong to; here
// those of blocks past the blocks listed. Each list is followed by its
// own Aiedit-Omitted line.
func TestManyFailedBlocksListTheirReasons(t *testing.T) {
	const failed = maxListed + 200
	var b strings.Builder
	b.WriteString("Many files.\n\n")
	for i := range maxListed {
		b.WriteString(editblock(fmt.Sprintf("d/f%d.txt", i), "x\n"))
	}
	for i := range failed {
		fmt.Fprintf(&b, "g/m%d.txt\n<<<<<<< SEARCH\nnot there\n=======\ny\n>>>>>>> REPLACE\n\n", i)
	}
	_, repo := applyJSON(t, "many.md", b.String())
	msg := repo.Git(t, "log", "-1", "--format=%B", "aiedit/many")
	rec := trailer.Decode(msg)
	require.Len(t, rec.Blocks, maxListed)
	assert.Equal(t, []trailer.Omission{{Key: trailer.KeyBlock, N: failed, First: maxListed}, {Key: trailer.KeyReason, N: failed - maxListed, First: maxListed}}, rec.Omitted)

	var keys, reasons []string
	for _, tr := range trailer.Parse(msg) {
		if len(keys) == 0 || keys[len(keys)-1] != tr.Key {
			keys = append(keys, tr.Key)
		}
		if tr.Key == trailer.KeyReason {
			reasons = append(reasons, tr.Value)
		}
	}
	assert.Equal(t, []string{trailer.KeyTranscript, trailer.KeyResponse, trailer.KeyBlock, trailer.KeyOmitted,
		trailer.KeyReason, trailer.KeyOmitted, trailer.KeySummary, trailer.KeyAssistedBy}, keys)
	require.Len(t, reasons, maxListed)
	assert.Regexp(t, fmt.Sprintf(`^%d \S`, maxListed+1), reasons[0], "the first reason is the first failed block's, past the blocks listed")
	assert.Regexp(t, fmt.Sprintf(`^%d \S`, 2*maxListed), reasons[maxListed-1])
	parsed := gittest.RunInput(t, repo.Dir, nil, msg, "interpret-trailers", "--parse")
	assert.Equal(t, maxListed, strings.Count(parsed, "Aiedit-Reason: "))
}
