package gitops

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestMergeTreesSurvivesPrune: the tree git merge-tree writes is loose
// and unreachable; a `git gc --prune=now` right after the merge deletes
// git's copy, yet the branch moved onto a commit of that tree names a
// complete commit, because the merge's objects were adopted into the
// run's own pack. The deterministic form of land racing gc.
func TestMergeTreesSurvivesPrune(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "dir/b.txt": "b\n"})
	r.Git(t, "switch", "-q", "-c", "side")
	r.Write(t, "dir/c.txt", "from side\n")
	r.Git(t, "add", ".")
	r.Git(t, "commit", "-qm", "side")
	r.Git(t, "switch", "-q", "main")
	r.Write(t, "dir/d.txt", "from main\n")
	r.Git(t, "add", ".")
	r.Git(t, "commit", "-qm", "main")
	r.Git(t, "switch", "-q", "--detach")
	repo := open(t, r)
	main := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
	side := plumbing.NewHash(r.Git(t, "rev-parse", "side"))

	tree, clean, err := repo.MergeTrees(t.Context(), main, side)
	require.NoError(t, err)
	require.True(t, clean)
	merged, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{main}, "merged\n")
	require.NoError(t, err)

	gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "-q")
	_, err = gittest.RunErr(r.Dir, "cat-file", "-e", tree.String())
	require.Error(t, err, "gc kept git's copy of the merged tree: the test proves nothing")

	require.NoError(t, repo.UpdateRefReachable(t.Context(), "refs/heads/main", merged, main, "test: merged"))
	assert.Equal(t, "from side", r.Git(t, "show", "main:dir/c.txt"))
	assert.Equal(t, "from main", r.Git(t, "show", "main:dir/d.txt"))
	fsck(t, r)
}

// TestProtectReachableFindsMissing: a new tip whose tree no one has
// (here: deleted after it was written by git) is refused before any ref
// moves, with ErrObjectPruned.
func TestProtectReachableFindsMissing(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	base := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
	blob := hashObject(t, r.Dir, "only loose\n")
	tree := plumbing.NewHash(gittest.RunInput(t, r.Dir, nil, "100644 blob "+blob+"\tb.txt\n", "mktree"))
	commit, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{base}, "names a loose tree\n")
	require.NoError(t, err)
	gittest.Run(t, r.Dir, nil, "prune", "--expire=now")

	err = repo.UpdateRefReachable(t.Context(), "refs/heads/main", commit, base, "test")
	require.ErrorIs(t, err, ErrObjectPruned)
	assert.Contains(t, err.Error(), "nothing was changed; run the command again")
	assert.Equal(t, base.String(), r.Git(t, "rev-parse", "main"))
	fsck(t, r)
}

// lineWriter hands on whole lines however the bytes come.
func TestLineWriter(t *testing.T) {
	for _, cuts := range [][]int{{}, {1}, {3, 4, 5}, {10, 11, 30}} {
		text := "aaa bbb\nc\n\nlast without newline"
		var got []string
		w := &lineWriter{fn: func(l []byte) { got = append(got, string(l)) }}
		at := 0
		for _, c := range append(cuts, len(text)) {
			c = min(c, len(text))
			n, err := w.Write([]byte(text[at:c]))
			require.NoError(t, err)
			require.Equal(t, c-at, n)
			at = c
		}
		w.flush()
		assert.Equal(t, []string{"aaa bbb", "c", "", "last without newline"}, got, "cuts %v", cuts)
	}
}
