package gitops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestReadRefLocal reads refs in-process and compares each with what git
// says, across the shapes the files backend stores: loose, packed, loose
// over packed, symbolic (HEAD, nested), unborn, detached, a linked
// worktree's own HEAD, and absent.
func TestReadRefLocal(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	first := r.Git(t, "rev-parse", "HEAD")
	r.Write(t, "a.txt", "b\n")
	r.Git(t, "commit", "-qam", "second")
	second := r.Git(t, "rev-parse", "HEAD")
	r.Git(t, "branch", "packed", first)
	r.Git(t, "branch", "both", first)
	r.Git(t, "tag", "-a", "-m", "annotated", "v1", first)
	r.Git(t, "pack-refs", "--all")
	r.Git(t, "update-ref", "refs/heads/both", second) // loose, over its packed entry
	r.Git(t, "symbolic-ref", "refs/heads/alias", "refs/heads/both")
	r.Git(t, "symbolic-ref", "refs/heads/alias2", "refs/heads/alias")
	wt := filepath.Join(t.TempDir(), "wt")
	r.Git(t, "worktree", "add", "-q", "--detach", wt, first)

	repo := open(t, r)
	linked, err := Discover(t.Context(), wt)
	require.NoError(t, err)
	defer linked.Close()

	for _, tc := range []struct {
		repo   *Repo
		name   string
		want   string // "" absent
		unsure bool   // git must be asked
	}{
		{repo, "HEAD", second, false},
		{repo, "refs/heads/main", second, false},
		{repo, "refs/heads/packed", first, false},
		{repo, "refs/heads/both", second, false},
		{repo, "refs/heads/alias", second, false},
		{repo, "refs/heads/alias2", second, false},
		{repo, "refs/tags/v1", r.Git(t, "rev-parse", "refs/tags/v1"), false},
		{repo, "refs/heads/none", "", false},
		{repo, "refs/heads/pack", "", false}, // a prefix of a packed name
		{repo, "refs/heads", "", false},      // a directory
		{repo, "refs/bisect/bad", "", true},
		{repo, "main", "", true},
		{linked, "HEAD", first, false},
		{linked, "refs/heads/main", second, false},
	} {
		h, exists, ok := tc.repo.readRefLocal(tc.name)
		require.Equal(t, !tc.unsure, ok, tc.name)
		if tc.unsure {
			continue
		}
		require.Equal(t, tc.want != "", exists, tc.name)
		if exists {
			require.Equal(t, tc.want, h.String(), tc.name)
		}
		// And as the commands read it.
		got, exists, err := tc.repo.ReadRef(t.Context(), tc.name)
		require.NoError(t, err)
		require.Equal(t, tc.want != "", exists, tc.name)
		if exists {
			require.Equal(t, tc.want, got.String(), tc.name)
		}
	}

	// A tag peels to its commit.
	c, err := repo.ResolveCommit(t.Context(), "refs/tags/v1")
	require.NoError(t, err)
	require.Equal(t, first, c.String())
	c, err = repo.ResolveCommit(t.Context(), first)
	require.NoError(t, err)
	require.Equal(t, first, c.String())

	// Unborn: HEAD names a branch that does not exist.
	require.NoError(t, os.WriteFile(filepath.Join(r.Dir, ".git", "HEAD"), []byte("ref: refs/heads/unborn\n"), 0o644))
	h, exists, ok := repo.readRefLocal("HEAD")
	require.True(t, ok)
	require.False(t, exists)
	require.Equal(t, plumbing.ZeroHash, h)
	// Detached.
	require.NoError(t, os.WriteFile(filepath.Join(r.Dir, ".git", "HEAD"), []byte(first+"\n"), 0o644))
	h, exists, ok = repo.readRefLocal("HEAD")
	require.True(t, ok && exists)
	require.Equal(t, first, h.String())
}
