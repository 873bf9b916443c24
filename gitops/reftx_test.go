package gitops

import (
	"context"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// A ref transaction started before discovery (apply starts it while git
// discovers the repository): Commit moves the refs with the reflog
// message it was started with; Abort, or a directory that is no
// repository, moves nothing and leaves no process running.
func TestRefTransactionBeforeDiscovery(t *testing.T) {
	ctx := context.Background()
	const ref = "refs/heads/aiedit/tx"
	exited := func(t *testing.T, tx *RefTransaction) {
		t.Helper()
		if tx.err == nil {
			require.NotNil(t, tx.cmd.ProcessState, "update-ref waited for")
		}
	}

	t.Run("commit", func(t *testing.T) {
		gr := gittest.New(t, map[string]string{"f": "f\n"})
		tx := StartRefTransaction(gr.Dir, "aiedit: apply early.md")
		repo := open(t, gr)
		base := head(t, repo)
		require.NoError(t, tx.For(repo).Commit(ctx, RefUpdate{Ref: ref, New: base, Old: plumbing.ZeroHash}))
		exited(t, tx)
		assert.Equal(t, base.String(), gr.Git(t, "rev-parse", ref))
		assert.Equal(t, "aiedit: apply early.md", gr.Git(t, "reflog", "-1", "--format=%gs", ref))
	})

	t.Run("abort", func(t *testing.T) {
		gr := gittest.New(t, map[string]string{"f": "f\n"})
		before := gr.Git(t, "for-each-ref")
		tx := StartRefTransaction(gr.Dir, "aiedit: apply early.md")
		tx.Abort()
		exited(t, tx)
		assert.Equal(t, before, gr.Git(t, "for-each-ref"))
		tx.Abort() // twice is harmless
	})

	t.Run("no repository", func(t *testing.T) {
		gittest.Setenv(t)
		dir := t.TempDir()
		t.Setenv("GIT_CEILING_DIRECTORIES", dir)
		tx := StartRefTransaction(dir, "aiedit: apply early.md")
		_, err := Discover(ctx, dir)
		require.Error(t, err)
		tx.Abort()
		exited(t, tx)
	})

	t.Run("another directory", func(t *testing.T) {
		// A transaction started elsewhere never moves this repository's
		// refs: Commit makes its own.
		gr := gittest.New(t, map[string]string{"f": "f\n"})
		other := gittest.New(t, map[string]string{"g": "g\n"})
		tx := StartRefTransaction(other.Dir, "aiedit: apply early.md")
		repo := open(t, gr)
		base := head(t, repo)
		require.NoError(t, tx.For(repo).Commit(ctx, RefUpdate{Ref: ref, New: base, Old: plumbing.ZeroHash}))
		exited(t, tx)
		assert.Equal(t, base.String(), gr.Git(t, "rev-parse", ref))
		_, err := gittest.RunErr(other.Dir, "rev-parse", "--verify", "-q", ref)
		assert.Error(t, err, "nothing moved where the process started")
	})

	t.Run("no For", func(t *testing.T) {
		gr := gittest.New(t, map[string]string{"f": "f\n"})
		tx := StartRefTransaction(gr.Dir, "aiedit: apply early.md")
		require.Error(t, tx.Commit(ctx, RefUpdate{Ref: ref, New: plumbing.ZeroHash, Old: plumbing.ZeroHash}))
		exited(t, tx)
	})
}
