package transcript

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// benchSize is the transcript size the streaming benchmarks generate
// (TRANSCRIPT_BENCH_MB, default 200).
func benchSize() int64 {
	if v, err := strconv.Atoi(os.Getenv("TRANSCRIPT_BENCH_MB")); err == nil && v > 0 {
		return int64(v) << 20
	}
	return 200 << 20
}

// writeBench writes records until the file reaches size bytes.
func writeBench(b *testing.B, name string, size int64, record func(i int) string) string {
	p := filepath.Join(b.TempDir(), name)
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	var n int64
	for i := 0; n < size; i++ {
		k, _ := w.WriteString(record(i))
		n += int64(k)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	_ = f.Close()
	return p
}

// peakHeap samples HeapInuse while fn runs.
func peakHeap(fn func()) uint64 {
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	fn()
	close(done)
	return peak.Load()
}

func benchRead(b *testing.B, src Source, name string, record func(i int) string) {
	size := benchSize()
	p := writeBench(b, name, size, record)
	b.SetBytes(size)
	b.ResetTimer()
	var peak uint64
	for i := 0; i < b.N; i++ {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		n := 0
		h := peakHeap(func() {
			err = Read(f, src, Options{Root: "/repo"}, func(r *Response) error { n++; return nil })
		})
		_ = f.Close()
		if err != nil || n == 0 {
			b.Fatalf("read: %v, %d responses", err, n)
		}
		peak = max(peak, h)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

func BenchmarkReadClaudeCode(b *testing.B) {
	benchRead(b, ClaudeCode, "session.jsonl", func(i int) string {
		if i%3 == 0 {
			return fmt.Sprintf(`{"type":"user","cwd":"/repo","message":{"role":"user","content":"step %d"}}`+"\n", i)
		}
		return fmt.Sprintf(`{"type":"assistant","cwd":"/repo","message":{"role":"assistant","model":"m","content":[{"type":"text","text":"working on it"},{"type":"tool_use","id":"t%d","name":"Edit","input":{"file_path":"/repo/src/f%d.go","old_string":"a := %d","new_string":"a := %d"}}]}}`+"\n", i, i%50, i, i+1)
	})
}

func BenchmarkReadMarkdown(b *testing.B) {
	benchRead(b, Markdown, "chat.md", func(i int) string {
		return fmt.Sprintf("## User\n\nchange f%d\n\n## Assistant\n\nsrc/f%d.go\n««« EDIT\na := %d\n═══════ REPL\na := %d\n»»» EDIT END\n\n", i, i%50, i, i+1)
	})
}
