package gitops

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestDiffTree(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "dir/b.txt": "b\n", "gone.txt": "x\n"})
	repo := open(t, r)
	root := head(t, repo)
	r.Write(t, "a.txt", "a2\n")
	r.Write(t, "new.txt", "n\n")
	r.Git(t, "rm", "-q", "gone.txt")
	r.Git(t, "add", "-A")
	r.Git(t, "commit", "-qm", "second")
	second := head(t, repo)
	ctx := context.Background()

	changes, err := repo.DiffTree(ctx, root, second)
	require.NoError(t, err)
	require.Len(t, changes, 3)
	assert.Equal(t, "a.txt", changes[0].Path)
	assert.Equal(t, byte('M'), changes[0].Status)
	assert.Equal(t, filemode.Regular, changes[0].NewMode)
	assert.Equal(t, byte('D'), changes[1].Status)
	assert.Equal(t, "gone.txt", changes[1].Path)
	assert.True(t, changes[1].NewHash.IsZero())
	assert.Equal(t, byte('A'), changes[2].Status)
	assert.True(t, changes[2].OldHash.IsZero())
	data, err := repo.Blob(changes[0].NewHash)
	require.NoError(t, err)
	assert.Equal(t, "a2\n", string(data))

	// A root commit diffs against the empty tree.
	changes, err = repo.DiffTree(ctx, plumbing.ZeroHash, root)
	require.NoError(t, err)
	require.Len(t, changes, 3)
	assert.Equal(t, "dir/b.txt", changes[1].Path)

	base, ok, err := repo.MergeBase(ctx, root, second)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, root, base)
}

func TestWorktrees(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	r.Git(t, "branch", "review")
	wt := filepath.Join(t.TempDir(), "wt")
	require.NoError(t, repo.AddWorktree(context.Background(), wt, "review"))
	list, err := repo.Worktrees(context.Background())
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, "refs/heads/main", list[0].Branch)
	assert.Equal(t, "refs/heads/review", list[1].Branch)
	assert.Equal(t, head(t, repo), list[1].Head)
	want, _ := filepath.EvalSymlinks(wt)
	got, _ := filepath.EvalSymlinks(list[1].Path)
	assert.Equal(t, want, got)
}
