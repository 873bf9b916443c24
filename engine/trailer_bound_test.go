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
// the commit message lists. The message keeps the first trailer.MaxListed
// Aiedit-Block lines and one Aiedit-Omitted line, parses as trailers with
// git, and the summary and the JSON report still count every block.
func TestManyBlocksBoundedMessage(t *testing.T) {
	const n = 2*trailer.MaxListed + 500
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
	assert.Equal(t, trailer.MaxListed, strings.Count(blocks, "\n"))
	assert.Contains(t, blocks, fmt.Sprintf("%d applied d/f%d.txt", trailer.MaxListed, trailer.MaxListed-1))
	omitted := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Omitted,valueonly)", "aiedit/many")
	assert.Equal(t, fmt.Sprintf("%d Aiedit-Block lines (past the first %d); apply --json lists them all", n-trailer.MaxListed, trailer.MaxListed), strings.TrimSpace(omitted))
	summary := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Summary,valueonly)", "aiedit/many")
	assert.Contains(t, summary, fmt.Sprintf("applied=%d ", n))
	files := repo.Git(t, "ls-tree", "-r", "--name-only", "aiedit/many", "d/")
	assert.Equal(t, n, strings.Count(files, "\n")+1, "every block is applied")
	parsed := gittest.RunInput(t, repo.Dir, nil, msg, "interpret-trailers", "--parse")
	assert.Equal(t, trailer.MaxListed, strings.Count(parsed, "Aiedit-Block: "))
}
