package gitops

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// rollAt lowers packRollAt for a test.
func rollAt(t *testing.T, n int) {
	old := packRollAt
	packRollAt = n
	t.Cleanup(func() { packRollAt = old })
}

// writeFiles creates files dirs×per in fs, returning each one's content.
func writeFiles(t *testing.T, fs *TreeFS, prefix string, dirs, per int) map[string]string {
	t.Helper()
	files := map[string]string{}
	for d := range dirs {
		for i := range per {
			name := fmt.Sprintf("%s%02d/f%04d.txt", prefix, d, i)
			content := fmt.Sprintf("content of %s\n", name)
			f, err := fs.Create(name)
			require.NoError(t, err)
			_, err = f.Write([]byte(content))
			require.NoError(t, err)
			require.NoError(t, f.Close())
			files[name] = content
		}
	}
	return files
}

// keptPacks lists the packs with a .keep file, by their index.
func keptPacks(t *testing.T, dir string) []string {
	t.Helper()
	keeps, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "pack-*.keep"))
	require.NoError(t, err)
	for i, k := range keeps {
		keeps[i] = strings.TrimSuffix(k, ".keep") + ".idx"
	}
	return keeps
}

// sameIdxAsGit verifies a pack, and that its index is the one git's own
// index-pack writes for it, byte for byte.
func sameIdxAsGit(t *testing.T, dir, idx string) {
	t.Helper()
	gittest.Run(t, dir, nil, "verify-pack", "-v", idx)
	theirs := filepath.Join(t.TempDir(), "git.idx")
	gittest.Run(t, dir, nil, "index-pack", "-o", theirs, strings.TrimSuffix(idx, ".idx")+".pack")
	ours, err := os.ReadFile(idx)
	require.NoError(t, err)
	want, err := os.ReadFile(theirs)
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, ours), "index %s differs from git's", filepath.Base(idx))
}

// TestPackRollManyObjects: a run writing many objects publishes its
// pending pack each time it is full, under a .keep; every object reads
// back through the store, every index is the one git would write for the
// pack, and the run closes with one pack, git fsck clean.
func TestPackRollManyObjects(t *testing.T) {
	gittest.Setenv(t)
	rollAt(t, 100)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	r.Git(t, "repack", "-a", "-d", "-q")
	before := len(packsIn(t, r.Dir))
	repo, err := Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	files := writeFiles(t, fs, "d", 10, 100)
	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	commit, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{head(t, repo)}, "many\n")
	require.NoError(t, err)

	kept := keptPacks(t, r.Dir)
	require.GreaterOrEqual(t, len(kept), 10, "the pending pack rolled every 100 objects")
	repo.objects.mu.Lock()
	require.Less(t, int(repo.objects.pending.count), 100)
	repo.objects.mu.Unlock()
	for name, content := range files {
		h := objectHash(plumbing.BlobObject, []byte(content))
		data, err := repo.objects.readBytes(plumbing.BlobObject, h)
		require.NoError(t, err, name)
		require.Equal(t, content, string(data), name)
	}
	for _, idx := range kept {
		sameIdxAsGit(t, r.Dir, idx)
	}
	// git sees the objects of the rolled packs; those still pending are
	// the run's alone until it publishes them.
	n := 0
	for _, content := range files {
		h := objectHash(plumbing.BlobObject, []byte(content))
		repo.objects.mu.Lock()
		_, pending := repo.objects.pending.objs.find(h)
		repo.objects.mu.Unlock()
		if n++; n%97 == 0 && !pending {
			gittest.Run(t, r.Dir, nil, "cat-file", "-e", h.String())
		}
	}

	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	require.NoError(t, repo.UpdateRef(t.Context(), "refs/heads/many", commit, plumbing.ZeroHash, "many"))
	prot.Release()
	repo.ForgetWritten()
	require.NoError(t, repo.Close())
	assert.Len(t, packsIn(t, r.Dir), before+1, "one pack for the run")
	assert.Empty(t, keptPacks(t, r.Dir))
	for _, p := range packsIn(t, r.Dir) {
		sameIdxAsGit(t, r.Dir, strings.TrimSuffix(p, ".pack")+".idx")
	}
	fsck(t, r)
	require.Equal(t, files["d07/f0042.txt"], gittest.Run(t, r.Dir, nil, "show", "many:d07/f0042.txt")+"\n")
}

// TestRolledPacksSurvivePrune: with the pending pack rolling into kept
// packs as the run writes, `git prune --expire=now` running all along and
// `git gc --prune=now` between the writes, the protection and the ref
// move lose nothing the run wrote.
func TestRolledPacksSurvivePrune(t *testing.T) {
	gittest.Setenv(t)
	rollAt(t, 50)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	// git's own prune and gc do not run together: prune would remove
	// the temporary files of gc's repack.
	var gitLock sync.Mutex
	gc := func() {
		gitLock.Lock()
		defer gitLock.Unlock()
		gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "--quiet")
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			gitLock.Lock()
			_, _ = gittest.RunErr(r.Dir, "prune", "--expire=now")
			gitLock.Unlock()
		}
	}()
	defer func() {
		close(stop)
		wg.Wait()
	}()
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	files := map[string]string{}
	for batch := range 3 {
		for k, v := range writeFiles(t, fs, fmt.Sprintf("b%d-", batch), 2, 60) {
			files[k] = v
		}
		// Blobs are written as files close; trees now.
		_, err := repo.WriteTree(fs)
		require.NoError(t, err)
		gc()
	}
	require.GreaterOrEqual(t, len(keptPacks(t, r.Dir)), 3)
	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	commit, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{head(t, repo)}, "pruned around\n")
	require.NoError(t, err)
	gc()
	require.NoError(t, repo.UpdateRefProtected(t.Context(), "refs/heads/survived", commit, plumbing.ZeroHash, "survived"))
	gc()
	missing, err := repo.VerifyObjects(t.Context())
	require.NoError(t, err)
	require.Empty(t, missing)
	for name, content := range files {
		require.Equal(t, content, gittest.Run(t, r.Dir, nil, "show", "survived:"+name)+"\n", name)
	}
	fsck(t, r)
}

// TestRolledPacksLetGo: packs a failed move let go and a gc then removed
// are what VerifyObjects reports missing; ProtectWritten, asked again,
// keeps their objects anew (copied from the indexes the store still
// maps), so the next move loses nothing.
func TestRolledPacksLetGo(t *testing.T) {
	gittest.Setenv(t)
	rollAt(t, 40)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	start := repo.objects.mark()
	var hashes []plumbing.Hash
	for i := range 150 {
		h, err := repo.writeObject(plumbing.BlobObject, fmt.Appendf(nil, "blob %d\n", i))
		require.NoError(t, err)
		hashes = append(hashes, h)
	}
	prot, err := repo.ProtectWritten()
	require.NoError(t, err)
	require.True(t, prot.Held())
	prot.Release() // the move failed
	gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "--quiet")
	_, err = gittest.RunErr(r.Dir, "cat-file", "-e", hashes[0].String())
	require.Error(t, err, "gc kept an unreachable object: the test proves nothing")

	missing, err := repo.missing(t.Context(), repo.objects.writtenSince(start))
	require.NoError(t, err)
	assert.ElementsMatch(t, hashes, missing)

	prot, err = repo.ProtectWritten()
	require.NoError(t, err)
	gittest.Run(t, r.Dir, nil, "gc", "--prune=now", "--quiet")
	for _, h := range hashes {
		gittest.Run(t, r.Dir, nil, "cat-file", "-e", h.String())
	}
	prot.Release()
	missing, err = repo.VerifyObjects(t.Context())
	require.NoError(t, err)
	assert.Empty(t, missing, "kept anew, then let go while nothing removed them")
}

// TestProtectReachableCopiesNothingOwn: ProtectReachable of a tip the run
// wrote itself keeps the run's pack and copies none of its objects into
// another (it once took the objects of the pack ProtectWritten had just
// kept for objects no one kept).
func TestProtectReachableCopiesNothingOwn(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	repo.ForgetWritten()
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	writeFiles(t, fs, "d", 2, 5)
	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	commit, err := repo.writeCommitObject(t.Context(), tree, []plumbing.Hash{head(t, repo)}, "own\n")
	require.NoError(t, err)
	prot, err := repo.ProtectReachable(t.Context(), commit)
	require.NoError(t, err)
	defer prot.Release()
	assert.Len(t, keptPacks(t, r.Dir), 1, "the run's objects in one kept pack")
}

// TestDiscardWrites: a store that discards what it writes (a dry run's)
// rolls and publishes its packs as any other while it runs, each object
// readable, and leaves none of them when it closes.
func TestDiscardWrites(t *testing.T) {
	gittest.Setenv(t)
	rollAt(t, 100)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	list := func() []string {
		var out []string
		require.NoError(t, filepath.WalkDir(filepath.Join(r.Dir, ".git", "objects"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				out = append(out, p)
			}
			return err
		}))
		return out
	}
	had := list()
	repo, err := Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	repo.DiscardWrites()
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	files := writeFiles(t, fs, "d", 5, 100)
	_, err = repo.WriteTree(fs)
	require.NoError(t, err)
	require.NoError(t, repo.PublishObjects()) // as before a git process reads them
	require.GreaterOrEqual(t, len(keptPacks(t, r.Dir)), 5, "rolled and kept while it runs")
	for name, content := range files {
		data, err := repo.objects.readBytes(plumbing.BlobObject, objectHash(plumbing.BlobObject, []byte(content)))
		require.NoError(t, err, name)
		require.Equal(t, content, string(data))
	}
	require.NoError(t, repo.Close())
	assert.Equal(t, had, list(), "what it wrote is gone")
	fsck(t, r)
}
