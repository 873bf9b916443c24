package engine

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// TestApplyRecorded: a patch as git writes it (what OpenHands and
// SWE-agent record), applied to the base, gives the tree git gives for
// the same work: edits, a new file, a deletion, a rename, a mode change,
// a symbolic link. One that does not apply names its file.
func TestApplyRecorded(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "one\ntwo\n", "old.txt": "keep\n", "gone.txt": "bye\n", "run.sh": "echo\n"})
	r.Write(t, "a.txt", "one\nTWO\n")
	r.Write(t, "dir/new.txt", "new\n")
	r.Git(t, "rm", "-q", "gone.txt")
	r.Git(t, "mv", "old.txt", "renamed.txt")
	require.NoError(t, os.Chmod(r.Path("run.sh"), 0o755))
	require.NoError(t, os.Symlink("a.txt", r.Path("link")))
	r.Git(t, "add", "-A")
	patch := r.Git(t, "diff", "--cached", "-M", "HEAD") + "\n"
	want := r.Git(t, "write-tree")

	ctx := context.Background()
	repo, err := gitops.Discover(ctx, r.Dir)
	require.NoError(t, err)
	defer repo.Close()
	base, err := repo.ResolveCommit(ctx, "HEAD")
	require.NoError(t, err)

	tfs, err := repo.TreeFS(base)
	require.NoError(t, err)
	require.NoError(t, applyRecorded(tfs, transcript.PatchOutcome("test", patch, 0)))
	got, err := repo.WriteTree(tfs)
	require.NoError(t, err)
	assert.Equal(t, want, got.String())

	tests := map[string]struct {
		patch, err string
	}{
		"context that is not in the base": {"diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-three\n+3\n", "a.txt: "},
		"a file that is not there":        {"diff --git a/nope.txt b/nope.txt\n--- a/nope.txt\n+++ b/nope.txt\n@@ -1 +1 @@\n-x\n+y\n", "nope.txt: not in the base"},
		"binary without data":             {"diff --git a/a.txt b/a.txt\nindex 1111111..2222222 100644\nBinary files a/a.txt and b/a.txt differ\n", "a.txt: a binary change without its data"},
		"out of the tree":                 {"diff --git a/../x b/../x\nnew file mode 100644\n--- /dev/null\n+++ b/../x\n@@ -0,0 +1 @@\n+x\n", "../x: unsafe path"},
		"into .git":                       {"diff --git a/.git/config b/.git/config\nnew file mode 100644\n--- /dev/null\n+++ b/.git/config\n@@ -0,0 +1 @@\n+x\n", ".git/config: unsafe path"},
		"not a patch":                     {"diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -x +y @@\n", "cannot be read"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			tfs, err := repo.TreeFS(base)
			require.NoError(t, err)
			err = applyRecorded(tfs, transcript.PatchOutcome("test", tc.patch, 0))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

// FuzzApplyRecorded: a recorded patch, whatever it holds, applies or is
// refused with an error; it never panics, and never reaches outside the
// tree or into .git.
func FuzzApplyRecorded(f *testing.F) {
	gittest.Setenv(f)
	r := gittest.New(f, map[string]string{"a.txt": "one\ntwo\n", "d/b.txt": "b\n"})
	ctx := context.Background()
	repo, err := gitops.Discover(ctx, r.Dir)
	require.NoError(f, err)
	f.Cleanup(func() { repo.Close() })
	base, err := repo.ResolveCommit(ctx, "HEAD")
	require.NoError(f, err)
	f.Add("diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n")
	f.Add("diff --git a/d/b.txt b/e.txt\nsimilarity index 100%\nrename from d/b.txt\nrename to e.txt\n")
	f.Add("diff --git a/n b/n\nnew file mode 120000\n--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+a.txt\n\\ No newline at end of file\n")
	f.Add("diff --git a/a.txt b/a.txt\nold mode 100644\nnew mode 100755\n")
	f.Fuzz(func(t *testing.T, patch string) {
		tfs, err := repo.TreeFS(base)
		require.NoError(t, err)
		if applyRecorded(tfs, transcript.PatchOutcome("test", patch, 0)) != nil {
			return
		}
		changed, err := tfs.Changed()
		require.NoError(t, err)
		for _, p := range changed {
			assert.NotContains(t, "/"+p+"/", "/../")
			assert.NotContains(t, "/"+p+"/", "/.git/")
		}
	})
}
