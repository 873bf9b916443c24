package attribution

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// spillOps makes a response's operations from data: creates, edits,
// whole writes, deletions of files and folders, and moves of both, over
// a few paths, so that files are let go of and then touched again.
func spillOps(data []byte) []*editcore.Op {
	files := []string{"a/x.txt", "a/y.txt", "a/b/z.txt", "c/x.txt", "top.txt"}
	dirs := []string{"a", "a/b", "c", "d"}
	var ops []*editcore.Op
	for i := 0; i+1 < len(data) && len(ops) < 40; i += 2 {
		f, d, n := files[int(data[i+1])%len(files)], dirs[int(data[i+1])%len(dirs)], int(data[i+1])%7
		switch data[i] % 7 {
		case 0:
			ops = append(ops, &editcore.Op{Kind: editcore.Create, Path: f, Content: fmt.Appendf(nil, "l1\nl2\nn%d\nl4\n", n)})
		case 1:
			ops = append(ops, rep(f, fmt.Sprintf("l%d\n", n%5), fmt.Sprintf("e%d\n", i)))
		case 2:
			ops = append(ops, &editcore.Op{Kind: editcore.Write, Path: f, Content: fmt.Appendf(nil, "l1\nw%d\nl3\nl4\n", i)})
		case 3:
			ops = append(ops, &editcore.Op{Kind: editcore.Delete, Path: f})
		case 4:
			ops = append(ops, &editcore.Op{Kind: editcore.Delete, Path: d, Recursive: true})
		case 5:
			to := dirs[(int(data[i+1])+1)%len(dirs)]
			ops = append(ops, &editcore.Op{Kind: editcore.Shell, Command: &shell.Command{Text: "mv " + d + " " + to, Op: shell.Move, Paths: []string{d, to}}})
		case 6:
			to := files[(int(data[i+1])+2)%len(files)]
			ops = append(ops, &editcore.Op{Kind: editcore.Shell, Command: &shell.Command{Text: "mv " + f + " " + to, Op: shell.Move, Paths: []string{f, to}}})
		}
	}
	return ops
}

// trackSpill applies ops through a tracker on a copy of files, letting
// go of every file after each operation when spilled.
func trackSpill(t *testing.T, files map[string]string, ops []*editcore.Op, spilled, deferred bool) ([]editcore.Status, map[string][]Range, map[string][]Range) {
	cur := fsWith(t, files)
	tr := New(cur, fsWith(t, files))
	if spilled {
		spillAfterEach(t, tr)
	}
	s := editcore.NewSession(cur, editcore.Options{Defer: deferred})
	var statuses []editcore.Status
	for _, op := range ops {
		c := *op
		statuses = append(statuses, tr.Apply(s, &c).Status)
	}
	require.NoError(t, s.Flush())
	ranges := tr.Ranges()
	done, err := tr.Done()
	require.NoError(t, err)
	m, err := ownedMap(done)
	require.NoError(t, err)
	return statuses, ranges, m
}

var spillBase = map[string]string{"a/x.txt": "l1\nl2\nl3\nl4\n", "a/b/z.txt": "l1\nl2\n", "top.txt": "l1\n"}

// FuzzTrackerSpill holds a tracker that lets go of its files after every
// operation to one that keeps them all: the same ranges, whatever the
// operations (folders deleted and moved over files let go of included).
func FuzzTrackerSpill(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 5, 0, 1, 1})
	f.Add([]byte{0, 2, 0, 3, 4, 0, 0, 2, 1, 2})
	f.Add([]byte{0, 0, 0, 1, 5, 1, 1, 3, 6, 0, 1, 2})
	f.Add([]byte{2, 4, 6, 4, 1, 1, 3, 1, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		ops := spillOps(data)
		deferred := len(data)%2 == 1 // the session keeps the file it edits unwritten
		st1, r1, d1 := trackSpill(t, spillBase, ops, false, deferred)
		st2, r2, d2 := trackSpill(t, spillBase, ops, true, deferred)
		require.Equal(t, st1, st2)
		require.Equal(t, r1, r2, "Ranges")
		require.Equal(t, d1, d2, "Done")
		require.Equal(t, r1, d1)
	})
}

// Files let go of and then changed again, moved with their folder, and
// deleted with it keep exactly the lines a tracker that keeps them all
// gives them.
func TestTrackerSpillReshaped(t *testing.T) {
	for name, ops := range map[string][]*editcore.Op{
		"edited again": {
			{Kind: editcore.Create, Path: "n/a.txt", Content: []byte("1\n2\n3\n")},
			rep("a/x.txt", "l2\n", "L2\n"),
			rep("n/a.txt", "2\n", "two\n"),
		},
		"folder moved": {
			{Kind: editcore.Create, Path: "n/a.txt", Content: []byte("1\n2\n3\n")},
			rep("a/x.txt", "l2\n", "L2\n"),
			{Kind: editcore.Shell, Command: &shell.Command{Text: "mv a m", Op: shell.Move, Paths: []string{"a", "m"}}},
			rep("m/x.txt", "l3\n", "L3\n"),
		},
		"folder deleted and made again": {
			rep("a/x.txt", "l2\n", "L2\n"),
			rep("a/b/z.txt", "l1\n", "L1\n"),
			{Kind: editcore.Delete, Path: "a", Recursive: true},
			{Kind: editcore.Create, Path: "a/x.txt", Content: []byte("new\n")},
		},
		"file moved": {
			rep("a/x.txt", "l2\n", "L2\n"),
			{Kind: editcore.Shell, Command: &shell.Command{Text: "mv a/x.txt top2.txt", Op: shell.Move, Paths: []string{"a/x.txt", "top2.txt"}}},
			rep("top2.txt", "l4\n", "L4\n"),
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, want, _ := trackSpill(t, spillBase, ops, false, false)
			require.NotEmpty(t, want)
			_, got, done := trackSpill(t, spillBase, ops, true, false)
			assert.Equal(t, want, got)
			assert.Equal(t, want, done)
		})
	}
}

// The spill is bounded: past maxSpill, Done says so.
func TestTrackerSpillFull(t *testing.T) {
	defer func(was int64) { maxSpill = was }(maxSpill)
	maxSpill = 64
	ops := make([]*editcore.Op, 20)
	for i := range ops {
		ops[i] = &editcore.Op{Kind: editcore.Create, Path: fmt.Sprintf("f%02d.txt", i), Content: []byte("x\n")}
	}
	cur := fsWith(t, nil)
	tr := New(cur, nil)
	spillAfterEach(t, tr)
	s := editcore.NewSession(cur, editcore.Options{})
	for _, op := range ops {
		require.Equal(t, editcore.Applied, tr.Apply(s, op).Status)
	}
	_, err := tr.Done()
	require.ErrorIs(t, err, ErrSpillFull)
}

// A spill file that cannot be made is an error of Done's, not a panic.
func TestTrackerSpillCannotOpen(t *testing.T) {
	defer func(was int) { maxFiles = was }(maxFiles)
	maxFiles = 0
	cur := fsWith(t, nil)
	tr := New(cur, nil)
	tr.SpillTo(func() (SpillFile, error) { return nil, os.ErrPermission })
	s := editcore.NewSession(cur, editcore.Options{})
	require.Equal(t, editcore.Applied, tr.Apply(s, &editcore.Op{Kind: editcore.Create, Path: "a.txt", Content: []byte("a\n")}).Status)
	_, err := tr.Done()
	require.ErrorIs(t, err, os.ErrPermission)
}

// ownedMap is every file's runs that o walks, held at once.
func ownedMap(o *Owned) (map[string][]Range, error) {
	out := map[string][]Range{}
	err := o.Each(func(p string, rs []Range) bool {
		out[p] = rs
		return true
	})
	return out, err
}
