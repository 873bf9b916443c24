package parse

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// generate builds a response of about size bytes: prose paragraphs, fenced
// Go code, shell fences, and now and then an edit block, like a long
// transcript.
func generate(size int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	words := []string{"the", "parser", "reads", "each", "line", "of", "a", "response", "and",
		"offers", "it", "to", "formats", "`main.go`", "which", "may", "claim", "it;", "otherwise", "prose."}
	var b []byte
	for len(b) < size {
		switch r := rng.IntN(20); {
		case r < 12:
			for range 3 + rng.IntN(4) {
				for i := range 8 + rng.IntN(8) {
					if i > 0 {
						b = append(b, ' ')
					}
					b = append(b, words[rng.IntN(len(words))]...)
				}
				b = append(b, '\n')
			}
			b = append(b, '\n')
		case r < 17:
			b = append(b, "```go\n"...)
			for i := range 10 + rng.IntN(20) {
				b = fmt.Appendf(b, "\tx%d := compute(a, b) // step %d\n", i, i)
			}
			b = append(b, "```\n\n"...)
		case r < 18:
			b = append(b, "```bash\n$ go test ./...\nok  \tpkg\t0.1s\n```\n\n"...)
		default:
			b = fmt.Appendf(b, "src/pkg%d/file.go\n««« EDIT\nfunc f() {\n\treturn %d\n═══════ REPL\nfunc f() {\n\treturn %d\n»»» EDIT END\n\n",
				rng.IntN(100), rng.IntN(100), rng.IntN(100))
		}
	}
	return b
}

// noShell stands in for the shell scanner, to time the rest alone.
type noShell struct{}

func (noShell) Line(int, string) []shell.Command { return nil }
func (noShell) End() []shell.Command             { return nil }

func BenchmarkParse(b *testing.B) {
	text := generate(50<<20, 1)
	b.Run("all", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			Bytes(text)
		}
	})
	b.Run("without-shell", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			p := New()
			p.shell = noShell{}
			p.Feed(text)
			p.Finish()
		}
	})
}

// editBlocks is a response editing n files, one small edit block each, as
// a model writes one touching every file of a large repository.
func editBlocks(n int) []byte {
	var b []byte
	b = append(b, "Doubling every return value.\n\n"...)
	for i := range n {
		b = fmt.Appendf(b, "src/d%02d/d%02d/f%06d.txt\n««« EDIT\n\treturn %d\n═══════ REPL\n\treturn %d * 2\n»»» EDIT END\n\n",
			i/256, i/16%16, i, i, i)
	}
	return b
}

// BenchmarkEditBlocks parses a 10,000-block response in 64 KiB chunks,
// as apply feeds a streamed response.
func BenchmarkEditBlocks(b *testing.B) {
	text := editBlocks(10_000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		p := New()
		n := 0
		for rest := text; len(rest) > 0; {
			k := min(len(rest), 64<<10)
			n += len(p.Feed(rest[:k]))
			rest = rest[k:]
		}
		if n += len(p.Finish()); n != 10_000 {
			b.Fatalf("%d ops", n)
		}
	}
}
