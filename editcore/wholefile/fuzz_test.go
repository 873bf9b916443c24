package wholefile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/parse/parsetest"
	"github.com/git-aiedit/git-aiedit/editcore/wholefile"
)

// FuzzWholeFile checks that no input panics and that any chunking gives
// the operations of the whole text, with the format forced and under
// auto-detection (where its operations are held and may be dropped).
func FuzzWholeFile(f *testing.F) {
	f.Add([]byte("src/a.py\n```python\nprint(1)\n```\n$ git rm b.py\n"), []byte{0})
	f.Add([]byte("README.md\r\n````md\r\n```go\r\nx\r\n```\r\n````\r\n"), []byte{2, 5})
	f.Add([]byte("a.py\n```\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END\n```\n"), []byte{3})
	f.Add([]byte("```text\nb.txt\n```\n```\nunclosed é😀"), []byte{1, 7})
	f.Add([]byte("x.sh\n```bash\n*** Begin Patch\n*** Delete File: a\n*** End Patch\n```\n"), []byte{4})
	f.Fuzz(func(t *testing.T, text, cuts []byte) {
		if len(cuts) == 0 {
			cuts = []byte{0}
		}
		for _, forced := range []bool{true, false} {
			mk := parse.New
			if forced {
				mk = func(...parse.Option) *parse.Parser { return parse.New(parse.WithFormats(wholefile.New())) }
			}
			whole := parsetest.Chunked(mk(), text, nil)
			for _, op := range whole {
				if op.Line < 1 {
					t.Fatalf("op %v has line %d", op.Kind, op.Line)
				}
				if op.Format == wholefile.Name && op.Path == "" {
					t.Fatalf("whole-file op without a path: %+v", op)
				}
			}
			got := parsetest.Chunked(mk(), text, cuts)
			if !assert.ObjectsAreEqual(whole, got) {
				t.Fatalf("forced=%v: chunked parse differs from whole parse\nwhole: %+v\nchunked: %+v", forced, whole, got)
			}
		}
	})
}
