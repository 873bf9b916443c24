package udiff_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// BenchmarkParse reads a 200-file git diff of 5 hunks each, whole and in
// 4 KiB chunks, collecting as Go does by default and as git-aiedit does.
func BenchmarkParse(b *testing.B) {
	var sb strings.Builder
	for f := 0; f < 200; f++ {
		fmt.Fprintf(&sb, "diff --git a/pkg/f%d.go b/pkg/f%d.go\nindex 1111111..2222222 100644\n--- a/pkg/f%d.go\n+++ b/pkg/f%d.go\n", f, f, f, f)
		for h := 0; h < 5; h++ {
			fmt.Fprintf(&sb, "@@ -%d,7 +%d,7 @@ func f%d() {\n \ta := 1\n \tb := 2\n \tc := 3\n-\treturn a\n+\treturn b\n \td := 4\n \te := 5\n \tf := 6\n", 10+h*20, 10+h*20, h)
		}
	}
	text := sb.String()
	for _, chunk := range []int{0, 4096} {
		for _, gc := range []string{"go", "aiedit"} {
			b.Run(fmt.Sprintf("chunk=%d/gc=%s", chunk, gc), func(b *testing.B) {
				if gc == "aiedit" {
					defer aieditGC()()
				}
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					if ops := parseAll(text, chunk); len(ops) != 1000 {
						b.Fatalf("%d ops", len(ops))
					}
				}
			})
		}
	}
}

// aieditGC collects as git-aiedit does (internal/gcpolicy, which this
// package may not import): not before the process holds 16 MiB. Under
// Go's default a benchmark's heap of a few MB is collected every few
// parses, and the operations' array is faulted in again each time (on the
// project's virtual machines, a page fault costs 12-17 µs). It returns
// what puts Go's default back.
func aieditGC() func() {
	pct, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(16<<20)
	runtime.GC()
	return func() {
		debug.SetGCPercent(pct)
		debug.SetMemoryLimit(limit)
	}
}
