package gitops

import (
	"context"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// open discovers the test repository.
func open(t *testing.T, r *gittest.Repo) *Repo {
	t.Helper()
	repo, err := Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, repo.Close()) })
	return repo
}

func head(t testing.TB, repo *Repo) plumbing.Hash {
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

// change is one edit made both through TreeFS and through git plumbing.
type change struct {
	path    string
	content string // "" with del: remove
	del     bool
	exec    bool // new file mode 100755 (git side only; TreeFS keeps modes)
}

// gitTree builds the tree git itself would write for base plus changes,
// through a temporary index: read-tree, update-index, write-tree.
func gitTree(t *testing.T, r *gittest.Repo, base string, changes []change) string {
	t.Helper()
	env := []string{"GIT_INDEX_FILE=" + t.TempDir() + "/index"}
	gittest.Run(t, r.Dir, env, "read-tree", base)
	for _, c := range changes {
		if c.del {
			gittest.Run(t, r.Dir, env, "rm", "-r", "-q", "--cached", "--", c.path)
			continue
		}
		blob := gittest.RunInput(t, r.Dir, env, c.content, "hash-object", "-w", "--stdin")
		mode := "100644"
		if c.exec {
			mode = "100755"
		}
		gittest.Run(t, r.Dir, env, "update-index", "--add", "--cacheinfo", mode+","+blob+","+c.path)
	}
	return gittest.Run(t, r.Dir, env, "write-tree")
}

// publish makes what repo wrote visible to git processes, as a run does
// before any of them reads it.
func publish(t testing.TB, repo *Repo) {
	t.Helper()
	require.NoError(t, repo.PublishObjects())
}
