package udiff_test

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse reads a 200-file git diff of 5 hunks each, whole and in
// 4 KiB chunks.
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
		b.Run(fmt.Sprintf("chunk=%d", chunk), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if ops := parseAll(text, chunk); len(ops) != 1000 {
					b.Fatalf("%d ops", len(ops))
				}
			}
		})
	}
}
