package gitops

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestWritingHeapIsFlat: what the store keeps in memory while a run
// writes does not grow with the number of objects it has written (the
// pending pack rolls, and nothing is listed per object), and is a few
// MB at most.
func TestWritingHeapIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 220,000 objects")
	}
	gittest.Setenv(t)
	small := retainedAfterWriting(t, 20_000)
	large := retainedAfterWriting(t, 200_000)
	t.Logf("retained: %d KiB after 20,000 objects, %d KiB after 200,000", small>>10, large>>10)
	require.Less(t, large-small, int64(4<<20), "the heap grew by %d KiB for 180,000 objects more", (large-small)>>10)
	// The most it holds: a pending pack one object short of full.
	full := retainedAfterWriting(t, packRollAt-2) // with the set-up write, one short
	t.Logf("retained: %d KiB with a full pending pack", full>>10)
	require.Less(t, full, int64(6<<20))
}

// retainedAfterWriting writes n small blobs to a new store and returns
// how much the heap grew meanwhile, once collected.
func retainedAfterWriting(t *testing.T, n int) int64 {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo, err := Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	_, err = repo.writeObject(plumbing.BlobObject, []byte("first\n")) // the store's own set-up
	require.NoError(t, err)
	before := heapInuse()
	start := time.Now()
	buf := make([]byte, 0, 64)
	for i := range n {
		_, err := repo.writeObject(plumbing.BlobObject, fmt.Appendf(buf[:0], "blob number %d\n", i))
		require.NoError(t, err)
	}
	grown := heapInuse() - before
	t.Logf("%d objects written in %v", n, time.Since(start))
	runtime.KeepAlive(repo)
	require.NoError(t, repo.Close())
	return grown
}

func heapInuse() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}
