package applypatch_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/git-aiedit/git-aiedit/editcore/applypatch"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// BenchmarkParse parses a patch of 1,000 updated files through the
// combiner, the way a response is read.
func BenchmarkParse(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("*** Begin Patch\n")
	for i := range 1000 {
		fmt.Fprintf(&sb, "*** Update File: src/f%d.py\n@@ def f%d():\n     a = 1\n-    return a\n+    return a + 1\n\n", i, i)
	}
	sb.WriteString("*** End Patch\n")
	text := []byte(sb.String())
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		p := parse.New(parse.WithFormats(applypatch.New()))
		if n := len(p.Feed(text)) + len(p.Finish()); n != 1000 {
			b.Fatalf("%d ops", n)
		}
	}
}
