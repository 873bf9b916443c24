package gitops

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func packsIn(t *testing.T, dir string) []string {
	t.Helper()
	packs, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack"))
	require.NoError(t, err)
	return packs
}

// A run that published a pack before each of several git processes (as
// land does before each git merge-tree) leaves one pack when it closes,
// every object in it; one that published one pack leaves it as it is.
func TestClosingJoinsPublishedPacks(t *testing.T) {
	gittest.Setenv(t)
	for _, n := range []int{1, 5} {
		t.Run(fmt.Sprintf("%d_packs", n), func(t *testing.T) {
			r := gittest.New(t, map[string]string{"a.txt": "a\n"})
			r.Git(t, "repack", "-a", "-d", "-q")
			before := len(packsIn(t, r.Dir))
			repo, err := Discover(context.Background(), r.Dir)
			require.NoError(t, err)
			var hashes []plumbing.Hash
			for i := range n {
				h, err := repo.writeObject(plumbing.BlobObject, fmt.Appendf(nil, "object %d\n", i))
				require.NoError(t, err)
				hashes = append(hashes, h)
				require.NoError(t, repo.PublishObjects()) // a git process reads it next
			}
			assert.Len(t, packsIn(t, r.Dir), before+n)
			require.NoError(t, repo.Close())
			assert.Len(t, packsIn(t, r.Dir), before+1, "one pack for the run")
			for _, h := range hashes {
				assert.Equal(t, "blob", gittest.Run(t, r.Dir, nil, "cat-file", "-t", h.String()))
			}
			entries, err := os.ReadDir(filepath.Join(r.Dir, ".git", "objects", "pack"))
			require.NoError(t, err)
			for _, e := range entries {
				assert.Regexp(t, `^pack-[0-9a-f]{40}\.(pack|idx)$`, e.Name(), "no .keep nor pending pack is left")
			}
			gittest.Run(t, r.Dir, nil, "fsck", "--strict")
		})
	}
}

// A published pack that is still kept (another run's .keep on an
// identical pack, or the user's) keeps every pack as it is.
func TestClosingKeepsKeptPacks(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo, err := Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	for i := range 3 {
		_, err := repo.writeObject(plumbing.BlobObject, fmt.Appendf(nil, "object %d\n", i))
		require.NoError(t, err)
		require.NoError(t, repo.PublishObjects())
	}
	packs := packsIn(t, r.Dir)
	repo.objects.mu.Lock()
	held := repo.objects.held
	require.Len(t, held, 3)
	keep, first := held[2].keep, held[0].keep
	repo.objects.held = held[:2] // the third as if another owner held it: not released at close
	repo.objects.mu.Unlock()
	require.FileExists(t, keep)
	require.NoError(t, repo.Close())
	assert.ElementsMatch(t, packs, packsIn(t, r.Dir), "no pack joined nor removed")
	assert.FileExists(t, keep)
	assert.NoFileExists(t, first)
}
