package gitops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestProtectWrittenSurvivesPrune: objects written and packed by
// ProtectWritten survive `git gc --prune=now` and `git prune --expire=now`
// while unreachable (what a run's objects are until its ref moves); once
// released and made reachable they are like any other objects, and the
// loose copies the run wrote are gone.
func TestProtectWrittenSurvivesPrune(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	for _, name := range []string{"x/one.txt", "x/two.txt", "three.txt"} {
		f, err := fs.Create(name)
		require.NoError(t, err)
		_, err = f.Write([]byte("content of " + name + "\n"))
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	commit, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{head(t, repo)}, "protected\n")
	require.NoError(t, err)
	// Nothing git can see yet: no loose object, no pack.
	_, err = gittest.RunErr(r.Dir, "cat-file", "-e", commit.String())
	require.Error(t, err)
	loose := func(h plumbing.Hash) bool {
		_, err := os.Stat(filepath.Join(r.Dir, ".git", "objects", h.String()[:2], h.String()[2:]))
		return err == nil
	}
	// An unreachable object of someone else's, which the prunes below
	// must delete for the test to prove anything.
	other := plumbing.NewHash(hashObject(t, r.Dir, "unreachable\n"))
	require.True(t, loose(other))

	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	keeps, _ := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "pack-*.keep"))
	require.Len(t, keeps, 1)
	out := gittest.Run(t, r.Dir, nil, "verify-pack", "-v", strings.TrimSuffix(keeps[0], ".keep")+".idx")
	require.Contains(t, out, commit.String())
	for _, ext := range []string{".pack", ".idx"} {
		fi, err := os.Stat(strings.TrimSuffix(keeps[0], ".keep") + ext)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o444), fi.Mode().Perm(), ext)
	}

	// Unreachable, with prunes racing: nothing of the run is lost.
	gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "--quiet")
	gittest.Run(t, r.Dir, nil, "prune", "--expire=now")
	_, err = gittest.RunErr(r.Dir, "cat-file", "-e", other.String())
	require.Error(t, err, "gc kept an unreachable object: the test proves nothing")
	require.Equal(t, "commit", gittest.Run(t, r.Dir, nil, "cat-file", "-t", commit.String()))

	gittest.Run(t, r.Dir, nil, "update-ref", "refs/heads/protected", commit.String())
	prot.Release()
	keeps, _ = filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "pack-*.keep"))
	require.Empty(t, keeps)
	gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "--quiet")
	require.Equal(t, "content of x/one.txt", gittest.Run(t, r.Dir, nil, "show", "protected:x/one.txt"))
	fsck(t, r)
}

// TestProtectWrittenReleasesLooseCopies: a run leaves one pack and no
// loose copies of what it packed.
func TestProtectWrittenReleasesLooseCopies(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	h, err := repo.writeObject(plumbing.BlobObject, []byte("a blob of the run\n"))
	require.NoError(t, err)
	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	prot.Release()
	_, err = os.Stat(filepath.Join(r.Dir, ".git", "objects", h.String()[:2], h.String()[2:]))
	require.ErrorIs(t, err, os.ErrNotExist)
	require.Equal(t, "a blob of the run", gittest.Run(t, r.Dir, nil, "cat-file", "blob", h.String()))
	// Read back by the run itself, from the pack.
	obj, err := repo.objects.read(plumbing.BlobObject, h)
	require.NoError(t, err)
	require.Equal(t, int64(len("a blob of the run\n")), obj.Size())
}

// TestProtectWrittenPruned: an object a git process wrote for the run
// (commit-tree -S writes its commit loose) and a prune deleted before it
// could be packed is ErrObjectPruned, and no .keep is left behind.
func TestProtectWrittenPruned(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	_, err := repo.writeObject(plumbing.BlobObject, []byte("the run's own\n"))
	require.NoError(t, err)
	byGit := plumbing.NewHash(hashObject(t, r.Dir, "soon pruned\n"))
	repo.objects.wroteForeign(byGit)
	gittest.Run(t, r.Dir, nil, "prune", "--expire=now")
	_, err = repo.ProtectWritten()
	require.ErrorIs(t, err, ErrObjectPruned)
	keeps, _ := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "*.keep"))
	require.Empty(t, keeps)
	tmps, _ := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "aiedit-*"))
	require.Empty(t, tmps)
}

// hashObject writes a loose blob as git does, and returns its name.
func hashObject(t *testing.T, dir, content string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "blob")
	require.NoError(t, os.WriteFile(f, []byte(content), 0o644))
	return gittest.Run(t, dir, nil, "hash-object", "-w", f)
}
