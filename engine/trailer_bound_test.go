package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
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

func TestBoundTrailers(t *testing.T) {
	tr := func(k string, n int) []gitops.Trailer {
		var out []gitops.Trailer
		for i := range n {
			out = append(out, gitops.Trailer{Key: k, Value: fmt.Sprint(i + 1)})
		}
		return out
	}
	head := []gitops.Trailer{{Key: "Aiedit-Transcript", Value: "r.md sha256:0"}}
	tail := []gitops.Trailer{{Key: "Aiedit-Summary", Value: "applied=1"}}
	short := append(append(append([]gitops.Trailer{}, head...), tr("Aiedit-Block", maxListed)...), tail...)
	assert.Equal(t, short, boundTrailers(short), "a list at the limit is kept whole")

	long := append(append(append(append([]gitops.Trailer{}, head...), tr("Aiedit-Block", maxListed+3)...), tr("Aiedit-Shell", 2)...), tail...)
	got := boundTrailers(long)
	require.Len(t, got, 1+maxListed+1+2+1)
	assert.Equal(t, head[0], got[0])
	assert.Equal(t, gitops.Trailer{Key: "Aiedit-Block", Value: fmt.Sprint(maxListed)}, got[maxListed])
	assert.Equal(t, gitops.Trailer{Key: "Aiedit-Omitted", Value: fmt.Sprintf("3 Aiedit-Block lines (past the first %d); apply --json lists them all", maxListed)}, got[maxListed+1])
	assert.Equal(t, "Aiedit-Shell", got[maxListed+2].Key)
	assert.Equal(t, tail[0], got[len(got)-1])
}
