package gitops

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestResponseCycleLeavesCheckoutAlone runs what one response does (edit a
// view, write tree and commit, move a review branch) on a checkout with
// uncommitted changes, and checks that the user's files, index, HEAD and
// other refs are byte-identical afterwards.
func TestResponseCycleLeavesCheckoutAlone(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "python_project.txtar"))
	gr.Write(t, "calc/ops.py", "uncommitted\n")
	gr.Write(t, "staged.txt", "staged\n")
	gr.Git(t, "add", "staged.txt")
	before := gr.Snapshot(t)

	repo := open(t, gr)
	ctx := context.Background()
	base := head(t, repo)
	const branch = "refs/heads/aiedit/chat"
	tip := plumbing.ZeroHash
	for i, edit := range []string{"def mul(a, b):\n    return a * b\n", "def div(a, b):\n    return a / b\n"} {
		fs, err := repo.TreeFS(base)
		if !tip.IsZero() {
			fs, err = repo.TreeFS(tip)
		}
		require.NoError(t, err)
		old, err := util.ReadFile(fs, "calc/ops.py")
		require.NoError(t, err)
		require.NoError(t, util.WriteFile(fs, "calc/ops.py", append(old, edit...), 0o644))
		if i == 0 {
			require.NoError(t, fs.Rename("tests", "test"))
		}
		tree, err := repo.WriteTree(fs)
		require.NoError(t, err)
		parent := base
		if !tip.IsZero() {
			parent = tip
		}
		msg := trailer.FormatMessage("Add an operation", "", []trailer.Trailer{{Key: trailer.KeyResponse, Value: string(rune('1'+i)) + "/2"}})
		c, err := repo.WriteCommit(ctx, tree, []plumbing.Hash{parent}, msg)
		require.NoError(t, err)
		require.NoError(t, repo.UpdateRef(ctx, branch, c, tip, "aiedit: response"))
		tip = c
	}

	assert.Equal(t, before, gr.Snapshot(t).Without("refs/heads/aiedit/"))
	fsck(t, gr)
	// Loose objects are written to a temporary file and renamed: none is
	// left behind.
	leftovers, err := filepath.Glob(filepath.Join(gr.Dir, ".git", "objects", "pack", "tmp_*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers)
	assert.Equal(t, "2", gr.Git(t, "rev-list", "--count", base.String()+".."+branch))
	assert.Contains(t, gr.Git(t, "show", branch+":calc/ops.py"), "def div")
	var responses []string
	require.NoError(t, repo.FirstParents(ctx, tip, base, func(c *Commit) error {
		for _, tr := range trailer.Parse(c.Message) {
			responses = append(responses, tr.Value)
		}
		return nil
	}))
	assert.Equal(t, []string{"2/2", "1/2"}, responses)
}
