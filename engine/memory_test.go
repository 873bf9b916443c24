package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// TestPeakHeapFlat: a run holds no response it has applied. Responses
// that each create a 100 KB file are applied 40 and then 400 at a time;
// the peak heap of the larger run may not grow with the 36 MB more it
// applied (it grew by 3× that before: every response's text, file and
// blocks stayed in memory until the run ended).
func TestPeakHeapFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("applies 40 MB of responses")
	}
	small := peakHeap(t, 40)
	large := peakHeap(t, 400)
	t.Logf("peak heap: %d MB for 40 responses, %d MB for 400", small>>20, large>>20)
	require.Less(t, large, small+24<<20, "the peak heap grows with the number of responses applied")
}

func peakHeap(t *testing.T, n int) uint64 {
	t.Helper()
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
	body := strings.Repeat(strings.Repeat("x", 99)+"\n", 1000)
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "## User\n\nMake file %d.\n\n## Assistant\n\nCreate f%d.txt.\n\nf%d.txt\n««« EDIT\n═══════ REPL\n%d\n%s»»» EDIT END\n\n", i, i, i, i, body)
	}
	path := filepath.Join(t.TempDir(), "many.md")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	b.Reset()
	peak := peakHeapOf(t, &Options{Dir: repo.Dir, Transcripts: []string{path}, Quiet: true})
	require.Equal(t, fmt.Sprint(n), repo.Git(t, "rev-list", "--count", "main..aiedit/many"))
	return peak
}

// TestPeakHeapFlatOneResponse: one response of many blocks holds no
// block it has recorded past the first thousands. Its blocks fail (a
// failed block keeps the most: its edit, its message), 20,000 and then
// 80,000 of them. The peak heap of the larger may grow by a small
// multiple of its longer text (read whole before it is parsed), not by
// its blocks: it grew by 2 KB a block, 120 MB here, when every result
// stayed in memory until the commit and the report.
func TestPeakHeapFlatOneResponse(t *testing.T) {
	if testing.Short() {
		t.Skip("applies a response of 80,000 blocks")
	}
	small, smallText := peakHeapBlocks(t, 20000)
	large, largeText := peakHeapBlocks(t, 80000)
	t.Logf("peak heap: %d MB for 20,000 blocks (%d KB), %d MB for 80,000 (%d KB)", small>>20, smallText>>10, large>>20, largeText>>10)
	require.Less(t, large, small+4*uint64(largeText-smallText)+8<<20, "the peak heap grows with the blocks of one response")
}

func peakHeapBlocks(t *testing.T, n int) (peak uint64, text int) {
	t.Helper()
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
	var b strings.Builder
	b.WriteString("## User\n\nGo.\n\n## Assistant\n\n")
	for i := range n {
		fmt.Fprintf(&b, "a.txt\n```\n<<<<<<< SEARCH\nnot there %d\n=======\nx\n>>>>>>> REPLACE\n```\n\n", i)
	}
	text = b.Len()
	path := filepath.Join(t.TempDir(), "blocks.md")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	b.Reset()
	// Not quiet: the lines said of each block go to standard error, here
	// thrown away, as a terminal would not keep them either.
	s := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
	// Collected often, so that the heap in use is what the run holds,
	// not what it has let go of since the last collection.
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	peak = peakHeapOf(t, &Options{Dir: repo.Dir, Transcripts: []string{path}, JSON: true, IO: s})
	msg := repo.Git(t, "log", "-1", "--format=%(trailers:key=Aiedit-Summary,valueonly)", "aiedit/blocks")
	require.Contains(t, msg, fmt.Sprintf("failed=1 skipped=%d ", n-1))
	return peak, text
}

// peakHeapOf runs opts and samples the heap in use while it runs.
func peakHeapOf(t *testing.T, opts *Options) uint64 {
	t.Helper()
	runtime.GC()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	if opts.IO == nil {
		opts.IO, _, _, _ = iostreams.Test()
	}
	err := runErr(context.Background(), opts)
	close(done)
	<-stopped
	if err != nil && exitcode.Of(err, 0) != exitcode.Partial {
		require.NoError(t, err)
	}
	return peak.Load()
}
