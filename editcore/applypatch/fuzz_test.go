package applypatch_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/applypatch"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/parse/parsetest"
)

// parseChunked feeds text to a parser forced to apply_patch (see
// parsetest.Chunked).
func parseChunked(text, cuts []byte) []editcore.Op {
	return parsetest.Chunked(parse.New(parse.WithFormats(applypatch.New())), text, cuts)
}

// FuzzApplyPatch checks that no input panics, that every operation has a
// line, and that any chunking gives the operations of the whole text.
func FuzzApplyPatch(f *testing.F) {
	f.Add([]byte("*** Begin Patch\n*** Add File: a\n+x\n*** Delete File: b\n*** Update File: c\n*** Move to: d\n@@ def f():\n x\n-y\n+z\n\n*** End of File\n*** End Patch\n"), []byte{0})
	f.Add([]byte("apply_patch <<'EOF'\r\n*** Begin Patch\r\n*** Update File: é.txt\r\n@@\r\n+😀\r\n*** End Patch\r\nEOF\r\n"), []byte{2, 5})
	f.Add([]byte("```\n*** Begin Patch\n*** Frobnicate File: x\n@@\n```\n"), []byte{3})
	f.Add([]byte("*** Begin Patch\n*** Update File: a\n@@ -1,2 +1,2 @@ f\n@@\n-a\n*** Begin Patch\n<<EOF\n"), []byte{1, 7})
	f.Fuzz(func(t *testing.T, text, cuts []byte) {
		whole := parseChunked(text, nil)
		for _, op := range whole {
			if op.Line < 1 {
				t.Fatalf("op %v has line %d", op.Kind, op.Line)
			}
			if op.Kind == editcore.Malformed && op.Problem == "" {
				t.Fatalf("malformed op without a problem: %+v", op)
			}
		}
		if len(cuts) == 0 {
			cuts = []byte{0}
		}
		got := parseChunked(text, cuts)
		if !assert.ObjectsAreEqual(whole, got) {
			t.Fatalf("chunked parse differs from whole parse\nwhole: %+v\nchunked: %+v", whole, got)
		}
	})
}
