package snapshot

import (
	"context"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// open discovers the test repository.
func open(t *testing.T, r *gittest.Repo) *gitops.Repo {
	t.Helper()
	repo, err := gitops.Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, repo.Close()) })
	return repo
}

func head(t testing.TB, repo *gitops.Repo) plumbing.Hash {
	t.Helper()
	h, err := repo.ResolveCommit(t.Context(), "HEAD")
	require.NoError(t, err)
	return h
}

// fsck fails the test unless `git fsck --strict` is clean.
func fsck(t *testing.T, r *gittest.Repo) {
	t.Helper()
	out := gittest.Run(t, r.Dir, nil, "fsck", "--strict", "--no-dangling", "--no-progress")
	require.Empty(t, strings.TrimSpace(out))
}

// publish makes what repo wrote visible to git processes, as a run does
// before any of them reads it.
func publish(t testing.TB, repo *gitops.Repo) {
	t.Helper()
	require.NoError(t, repo.PublishObjects())
}
