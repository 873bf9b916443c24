package parse

import (
	"github.com/git-aiedit/git-aiedit/internal/extdata"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// chunked feeds text in pieces whose lengths come from cuts (cycled; each
// byte gives a length of 1 to 16).
func chunked(text, cuts []byte) []editcore.Op { return chunkedWith(New(), text, cuts) }

func chunkedWith(p *Parser, text, cuts []byte) []editcore.Op {
	var ops []editcore.Op
	for i := 0; len(text) > 0; i++ {
		n := len(text)
		if len(cuts) > 0 {
			n = min(n, 1+int(cuts[i%len(cuts)]%16))
		}
		ops = append(ops, p.Feed(text[:n])...)
		text = text[n:]
	}
	return append(ops, p.Finish()...)
}

// corpus is the texts the chunking property is checked on: this package's
// table cases, a generated response, and the seed documents (which hold
// fenced example blocks) when the shared directory is present.
func corpus(t *testing.T) map[string][]byte {
	texts := map[string][]byte{
		"generated": generate(200_000, 1),
		"mixed": []byte("a.py\n🟧🟧🟧 EDIT\né\n🟨🟨🟨 REPL\nè😀\n🟩🟩🟩 END\r\n" +
			"b.py\n««« EDIT\n───────\nx\n═══════\ny\n───────\n»»»\n«««  EDIT\nno path\n" +
			"═══════ REPL\n»»» EDIT END\n$ git rm c.py\n»»» EDIT END\nc.py\n««« EDIT\nopen"),
	}
	seeds, _ := filepath.Glob("../../../shared/seeds/*.txt")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		require.NoError(t, err)
		texts[filepath.Base(s)] = b
	}
	return texts
}

func TestChunkedEqualsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, text := range corpus(t) {
		t.Run(name, func(t *testing.T) {
			whole := Bytes(text)
			for _, size := range []byte{0, 1, 2, 3, 6, 12} {
				assert.Equal(t, whole, chunked(text, []byte{size}), "chunks of %d", size+1)
			}
			cuts := make([]byte, 97)
			for i := range cuts {
				cuts[i] = byte(rng.IntN(256))
			}
			assert.Equal(t, whole, chunked(text, cuts), "random chunks")
		})
	}
}

func TestSeedsHaveBlocks(t *testing.T) {
	seed := "../../../shared/seeds/001_8a34ed03ccb96e24.txt"
	extdata.Require(t, seed, "the edit-block protocol's own documents (which show complete example blocks in fences)",
		"they come with the project's shared material beside this repository (../shared/seeds), not with the repository")
	b, err := os.ReadFile(seed)
	require.NoError(t, err)
	var paths []string
	for _, op := range Bytes(b) {
		if op.Kind != editcore.Shell {
			paths = append(paths, op.Kind.String()+" "+op.Path)
		}
	}
	// The protocol document shows complete example blocks in fences.
	assert.Equal(t, []string{"replace path/to/file.ext", "replace src/math.py", "replace src/utils.py",
		"create src/new_module.py", "replace src/utils.py", "replace src/app.py", "replace src/app.py",
		"replace src/app.py"}, paths)
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(block), []byte{0})
	f.Add([]byte("src/a.py\r\n««« EDIT\r\n═══════ REPL\r\nnew\r\n»»» EDIT END\r\n"), []byte{2, 5})
	f.Add([]byte("a.py\n🟧🟧🟧 EDIT\né\n🟨🟨🟨 REPL\nè😀\n🟩🟩🟩 END\n"), []byte{1, 0, 3})
	f.Add([]byte("a.py\n««« EDIT\n───────\nx\n═══════\ny\n───────\nz\n»»»\n"), []byte{7})
	f.Add([]byte("x.md\n««« EDIT\n««« EDIT\n═══════ REPL\n»»» EDIT END\n═══════ REPL\n»»» EDIT END\n"), []byte{})
	f.Add([]byte("```bash\n$ git rm a \\\n  b\n```\n═══════ REPL\n"), []byte{4, 4})
	f.Add([]byte("<think>\n"+block+"\n</think>x\n"+block+"\n<thinking>"), []byte{3})
	f.Fuzz(func(t *testing.T, text, cuts []byte) {
		whole := Bytes(text)
		for _, op := range whole {
			if op.Line < 1 {
				t.Fatalf("op %v has line %d", op.Kind, op.Line)
			}
		}
		if len(cuts) == 0 {
			cuts = []byte{0}
		}
		got := chunked(text, cuts)
		if !assert.ObjectsAreEqual(whole, got) {
			t.Fatalf("chunked parse differs from whole parse\nwhole: %+v\nchunked: %+v", whole, got)
		}
		// The prose (the commit message's source) does not depend on the
		// chunks either, and never holds a line of a block.
		pw, pc := New(), New()
		chunkedWith(pw, text, nil)
		chunkedWith(pc, text, cuts)
		if pw.Prose() != pc.Prose() {
			t.Fatalf("chunked prose differs\nwhole: %q\nchunked: %q", pw.Prose(), pc.Prose())
		}
	})
}
