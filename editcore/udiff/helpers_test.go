package udiff_test

import (
	"os"
	"testing"
	"time"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/udiff"
)

// parseAll parses a response with the udiff format alone, fed in chunks of
// size chunk (0: whole), and returns its edit operations (no shell ones).
func parseAll(text string, chunk int) []editcore.Op {
	p := parse.New(parse.WithFormats(udiff.New()))
	var ops []editcore.Op
	if chunk <= 0 {
		chunk = len(text) + 1
	}
	collect := func(got []editcore.Op) {
		if len(ops) == 0 {
			ops = got // no copy: the benchmark measures the parser
			return
		}
		ops = append(ops, got...)
	}
	for i := 0; i < len(text); i += chunk {
		collect(p.Feed([]byte(text[i:min(i+chunk, len(text))])))
	}
	collect(p.Finish())
	out := ops[:0]
	for _, op := range ops {
		if op.Kind != editcore.Shell {
			out = append(out, op)
		}
	}
	return out
}

// applyAll applies operations as the command layer does: consecutive
// operations sharing a group go through ApplyGroup.
func applyAll(s *editcore.Session, ops []editcore.Op) []editcore.Result {
	var out []editcore.Result
	for i := 0; i < len(ops); {
		if ops[i].Group == 0 {
			out = append(out, s.Apply(&ops[i]))
			i++
			continue
		}
		j := i
		var group []*editcore.Op
		for ; j < len(ops) && ops[j].Group == ops[i].Group; j++ {
			group = append(group, &ops[j])
		}
		out = append(out, s.ApplyGroup(group)...)
		i = j
	}
	return out
}

func readFS(t *testing.T, fs billy.Filesystem, path string) []byte {
	t.Helper()
	b, err := util.ReadFile(fs, path)
	require.NoError(t, err)
	return b
}

// modeFS is a memfs that records modes: memfs has Chmod, but not the rest
// of billy.Change, which the Session asks for.
type modeFS struct{ billy.Filesystem }

func newFS() modeFS { return modeFS{memfs.New()} }

func (m modeFS) Chmod(name string, mode os.FileMode) error {
	return m.Filesystem.(billy.Chmod).Chmod(name, mode)
}
func (modeFS) Lchown(string, int, int) error              { return nil }
func (modeFS) Chown(string, int, int) error               { return nil }
func (modeFS) Chtimes(string, time.Time, time.Time) error { return nil }

func newParser() *parse.Parser { return parse.New(parse.WithFormats(udiff.New())) }

func writeFS(fs billy.Filesystem, path, content string) error {
	return util.WriteFile(fs, path, []byte(content), 0o644)
}
