package editcore_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// countingFS counts the opens of each path, for reading and for writing.
type countingFS struct {
	billy.Filesystem
	reads, writes map[string]int
}

func (c *countingFS) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		c.writes[name]++
	} else {
		c.reads[name]++
	}
	return c.Filesystem.OpenFile(name, flag, perm)
}

func (c *countingFS) Open(name string) (billy.File, error) { return c.OpenFile(name, os.O_RDONLY, 0) }

// TestDeferReadsAndWritesOnce: with Defer, a run of edits to one long
// file reads it once and writes it once, at the next other operation or
// Flush (before, each edit read, split, joined and wrote the whole file:
// 4,000 edits of a 160,000-line file took 219 s). The file holds what
// the same edits written one by one leave.
func TestDeferReadsAndWritesOnce(t *testing.T) {
	const n = 200
	var file strings.Builder
	for i := range n * 10 {
		fmt.Fprintf(&file, "line %d\n", i)
	}
	run := func(deferred bool) (*countingFS, []Result) {
		fs := &countingFS{Filesystem: memfs.New(), reads: map[string]int{}, writes: map[string]int{}}
		require.NoError(t, util.WriteFile(fs.Filesystem, "big.txt", []byte(file.String()), 0o644))
		require.NoError(t, util.WriteFile(fs.Filesystem, "other.txt", []byte("x\n"), 0o644))
		s := NewSession(fs, Options{Defer: deferred})
		var res []Result
		for i := range n {
			res = append(res, s.Apply(rep("big.txt", "", fmt.Sprintf("line %d", i*10), fmt.Sprintf("LINE %d", i*10))))
		}
		res = append(res, s.Apply(&Op{Kind: Append, Path: "big.txt", Content: []byte("end\n")}))
		if deferred {
			data, err := util.ReadFile(fs.Filesystem, "big.txt")
			require.NoError(t, err)
			assert.Equal(t, file.String(), string(data), "written before an operation or Flush asked for it")
		}
		// Another file's edit writes the kept one first.
		res = append(res, s.Apply(rep("other.txt", "", "x", "y")))
		require.NoError(t, s.Flush())
		return fs, res
	}
	each, eachRes := run(false)
	once, onceRes := run(true)
	assert.Equal(t, eachRes, onceRes)
	for _, p := range []string{"big.txt", "other.txt"} {
		a, err := util.ReadFile(each.Filesystem, p)
		require.NoError(t, err)
		b, err := util.ReadFile(once.Filesystem, p)
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), p)
	}
	assert.Equal(t, n+1, each.writes["big.txt"])
	assert.Equal(t, 1, once.writes["big.txt"])
	assert.Equal(t, 1, once.reads["big.txt"])
	assert.Equal(t, 1, once.writes["other.txt"])
}

// TestDeferFlushesBeforeShell: a suggested `git mv` after kept edits
// moves the edited file, not the one before them (a failed edit of the
// same file in between).
func TestDeferFlushesBeforeShell(t *testing.T) {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, "app.py", []byte("def f():\n    return 1\n"), 0o644))
	s := NewSession(fs, Options{Defer: true})
	assert.Equal(t, Applied, s.Apply(rep("app.py", "def f():", "    return 1", "    return 2")).Status)
	assert.Equal(t, Failed, s.Apply(rep("app.py", "def h():", "    return 1", "    return 3")).Status)
	assert.Equal(t, Applied, s.Apply(sh("git mv app.py main.py", shell.Move, false, "app.py", "main.py")).Status)
	require.NoError(t, s.Flush())
	data, err := util.ReadFile(fs, "main.py")
	require.NoError(t, err)
	assert.Equal(t, "def f():\n    return 2\n", string(data))
	_, err = fs.Stat("app.py")
	assert.True(t, os.IsNotExist(err), "app.py was written again after the move")
}
