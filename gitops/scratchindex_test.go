package gitops

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// A scratch index starts as the index is, takes what its caller adds,
// reads its blobs whole, puts paths back as HEAD has them, and writes a
// tree, the user's index, working tree and refs untouched.
func TestScratchIndex(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", ".gitignore": "*.log\n"})
	repo := open(t, r)
	ctx := t.Context()
	r.Write(t, "a.txt", "changed\n\n")
	r.Write(t, "b.txt", "b too\n")
	r.Write(t, "new.txt", "new\n")
	r.Write(t, "debug.log", "ignored\n")
	before := r.Snapshot(t)

	index, err := repo.ScratchIndex("test")
	require.NoError(t, err)
	defer index.Close()
	require.NoError(t, index.AddTracked(ctx))
	untracked, err := index.Untracked(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"new.txt"}, untracked)
	require.NoError(t, index.Add(ctx, untracked))
	entries, err := index.Entries(ctx)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Path)
		assert.Equal(t, filemode.Regular, e.Mode, e.Path)
		if e.Path == "a.txt" {
			b, err := index.Blob(ctx, e.Hash)
			require.NoError(t, err)
			assert.Equal(t, "changed\n\n", string(b), "a blob is read whole")
		}
	}
	assert.Equal(t, []string{".gitignore", "a.txt", "b.txt", "new.txt"}, names)
	require.NoError(t, index.ResetToHead(ctx, []string{"b.txt", "new.txt"}))
	tree, err := index.WriteTree(ctx)
	require.NoError(t, err)
	require.Equal(t, before, r.Snapshot(t), "the index, working tree and refs are untouched")
	assert.Equal(t, ".gitignore=*.log|a.txt=changed\n|b.txt=b", listTree(t, r, tree))
}

func TestScratchIndexBare(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.WorkTree = ""
	_, err := repo.ScratchIndex("test")
	require.ErrorContains(t, err, "a bare repository has no working tree")
}
