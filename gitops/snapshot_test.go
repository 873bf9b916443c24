package gitops

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestSnapshotWorkTree(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", ".gitignore": "*.log\n"})
	repo := open(t, r)
	ctx := context.Background()

	clean, err := repo.SnapshotWorkTree(ctx, "snapshot\n")
	require.NoError(t, err)
	require.True(t, clean.Clean)
	require.Equal(t, head(t, repo), clean.Commit)

	r.Write(t, "a.txt", "changed\n")
	r.Write(t, "new/c.txt", "untracked\n")
	r.Write(t, "debug.log", "ignored\n")
	r.Git(t, "rm", "-q", "--cached", "b.txt") // staged removal; the file stays on disk
	before := r.Snapshot(t)

	s, err := repo.SnapshotWorkTree(ctx, "snapshot\n")
	require.NoError(t, err)
	require.False(t, s.Clean)
	require.Equal(t, head(t, repo), s.Head)
	require.Equal(t, before, r.Snapshot(t), "the index, working tree and refs are untouched")
	publish(t, repo)
	require.Equal(t, s.Head.String(), r.Git(t, "rev-parse", s.Commit.String()+"^"))
	require.Equal(t, ".gitignore\na.txt\nb.txt\nnew/c.txt", r.Git(t, "ls-tree", "-r", "--name-only", s.Commit.String()))
	require.Equal(t, "changed", r.Git(t, "show", s.Commit.String()+":a.txt"))
	require.Empty(t, r.Git(t, "stash", "list"))
	fsck(t, r)
}
