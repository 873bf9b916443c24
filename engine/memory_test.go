package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
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
	s, _, _, _ := iostreams.Test()
	err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, IO: s, Quiet: true})
	close(done)
	<-stopped
	require.NoError(t, err)
	require.Equal(t, fmt.Sprint(n), repo.Git(t, "rev-list", "--count", "main..aiedit/many"))
	return peak.Load()
}
