package attribution

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

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func rep(path, old, new string) *editcore.Op {
	return &editcore.Op{Kind: editcore.Replace, Format: "editblock", Path: path, Old: lines(old), New: lines(new)}
}

func fsWith(t *testing.T, files map[string]string) billy.Filesystem {
	t.Helper()
	fs := memfs.New()
	for p, c := range files {
		require.NoError(t, util.WriteFile(fs, p, []byte(c), 0o644))
	}
	return fs
}

const base = "a\nb\nc\nd\ne\n"

func TestTracker(t *testing.T) {
	tests := map[string]struct {
		ops  [][]*editcore.Op // each inner slice is one call: one op, or a group
		want map[string][]Range
	}{
		"one replacement": {
			ops:  [][]*editcore.Op{{rep("f.txt", "b\nc\n", "B\nC\nX\n")}},
			want: map[string][]Range{"f.txt": {{2, 4, 1}}},
		},
		"second block rewrites part of the first": {
			ops: [][]*editcore.Op{
				{rep("f.txt", "b\nc\n", "B\nC\n")},
				{rep("f.txt", "C\nd\n", "C2\nd\n")},
			},
			want: map[string][]Range{"f.txt": {{2, 2, 1}, {3, 3, 2}}},
		},
		"create after a failure": {
			ops: [][]*editcore.Op{
				{rep("f.txt", "zzz\n", "y\n")},
				{{Kind: editcore.Create, Path: "new.go", Content: []byte("package x\n\nfunc F() {}\n")}},
			},
			want: map[string][]Range{"new.go": {{1, 3, 2}}},
		},
		"whole-file write keeps unchanged lines unowned": {
			ops:  [][]*editcore.Op{{{Kind: editcore.Write, Path: "f.txt", Content: []byte("a\nb\nNEW\nd\ne\n")}}},
			want: map[string][]Range{"f.txt": {{3, 3, 1}}},
		},
		"rename then edit": {
			ops: [][]*editcore.Op{
				{{Kind: editcore.Shell, Command: &shell.Command{Text: "git mv f.txt g.txt", Op: shell.Move, Paths: []string{"f.txt", "g.txt"}}}},
				{rep("g.txt", "e\n", "E\n")},
			},
			want: map[string][]Range{"g.txt": {{5, 5, 1}}},
		},
		"deleted file owns nothing": {
			ops: [][]*editcore.Op{
				{rep("f.txt", "a\n", "A\n")},
				{{Kind: editcore.Delete, Path: "f.txt"}},
			},
			want: map[string][]Range{},
		},
		"group: lines go to the op that wrote them": {
			ops: [][]*editcore.Op{{
				{Kind: editcore.Replace, Path: "f.txt", Old: lines("a\n"), New: lines("A1\n"), Group: 1},
				{Kind: editcore.Replace, Path: "f.txt", Old: lines("e\n"), New: lines("E2\n"), Group: 1},
			}},
			want: map[string][]Range{"f.txt": {{1, 1, 1}, {5, 5, 2}}},
		},
		"failed group records nothing but counts its blocks": {
			ops: [][]*editcore.Op{
				{
					{Kind: editcore.Replace, Path: "f.txt", Old: lines("a\n"), New: lines("A1\n"), Group: 1},
					{Kind: editcore.Replace, Path: "f.txt", Old: lines("nope\n"), New: lines("x\n"), Group: 1},
				},
				{{Kind: editcore.Create, Path: "n.txt", Content: []byte("n\n")}},
			},
			want: map[string][]Range{"n.txt": {{1, 1, 3}}},
		},
	}
	// With no text budget, every file's text is dropped and read again
	// before each change: the ranges are the same. So they are when the
	// session keeps the file it edits unwritten between edits (Defer):
	// the tracker reads it from the session.
	// Nor do they change when the tracker lets go of every file after
	// each operation (spill): it reads them back.
	for _, budget := range []int{maxKept, 0} {
		for name, tt := range tests {
			for _, deferred := range []bool{false, true} {
				for _, spilled := range []bool{false, true} {
					t.Run(fmt.Sprintf("%s/budget %d/defer=%v/spill=%v", name, budget, deferred, spilled), func(t *testing.T) {
						testTracker(t, budget, deferred, spilled, tt.ops, tt.want)
					})
				}
			}
		}
	}
}

// spillAfterEach makes tr let go of every file after each operation, to
// a file in the test's folder.
func spillAfterEach(t *testing.T, tr *Tracker) {
	t.Helper()
	was := maxFiles
	maxFiles = 0
	t.Cleanup(func() { maxFiles = was })
	tr.SpillTo(func() (SpillFile, error) {
		f, err := os.CreateTemp(t.TempDir(), "spill")
		if err == nil {
			t.Cleanup(func() { f.Close() })
		}
		return f, err
	})
}

func testTracker(t *testing.T, budget int, deferred, spilled bool, ops [][]*editcore.Op, want map[string][]Range) {
	defer func(was int) { maxKept = was }(maxKept)
	maxKept = budget
	files := map[string]string{"f.txt": base}
	cur := fsWith(t, files)
	tr := New(cur, fsWith(t, files))
	if spilled {
		spillAfterEach(t, tr)
	}
	s := editcore.NewSession(cur, editcore.Options{Defer: deferred})
	for _, call := range ops {
		if len(call) == 1 {
			tr.Apply(s, call[0])
		} else {
			tr.ApplyGroup(s, call)
		}
	}
	require.NoError(t, s.Flush())
	assert.Equal(t, want, tr.Ranges())
	if spilled {
		assert.NotNil(t, tr.spill, "let go of")
		assert.LessOrEqual(t, len(tr.files), 2, "kept: at most an operation's files")
	}
	if budget == 0 {
		for p, f := range tr.files {
			assert.Empty(t, f.text, "%s: text kept over budget", p)
		}
	}
}

// A file whose text was dropped and that changed past the tracker (not
// expected) owns nothing rather than the wrong lines.
func TestTrackerDroppedTextChangedPast(t *testing.T) {
	defer func(was int) { maxKept = was }(maxKept)
	maxKept = 0
	cur := fsWith(t, map[string]string{"f.txt": base})
	tr := New(cur, fsWith(t, map[string]string{"f.txt": base}))
	s := editcore.NewSession(cur, editcore.Options{})
	tr.Apply(s, rep("f.txt", "b\n", "B\n"))
	require.Equal(t, map[string][]Range{"f.txt": {{2, 2, 1}}}, tr.Ranges())
	require.NoError(t, util.WriteFile(cur, "f.txt", []byte("x\nB\nc\n"), 0o644))
	assert.Equal(t, map[string][]Range{}, tr.Ranges())
	// Changed past it, then changed through it: only the new block's line.
	tr.Apply(s, rep("f.txt", "c\n", "C\n"))
	assert.Equal(t, map[string][]Range{"f.txt": {{3, 3, 2}}}, tr.Ranges())
}

// Without a base, files are read before the operation that changes them.
func TestTrackerWithoutBase(t *testing.T) {
	cur := fsWith(t, map[string]string{"f.txt": base})
	tr := New(cur, nil)
	s := editcore.NewSession(cur, editcore.Options{})
	tr.Apply(s, rep("f.txt", "d\n", "D\nD2\n"))
	assert.Equal(t, map[string][]Range{"f.txt": {{4, 5, 1}}}, tr.Ranges())
}

func TestCarryNoNewlineAtEnd(t *testing.T) {
	before := &file{text: "x\ny", owners: []int{2, 0}}
	got := carry(before, "x\ny\nz\n", func(string) int { return 3 })
	assert.Equal(t, []int{2, 3, 3}, got) // y gained a newline: rewritten
}

// FuzzCarry: one owner per line of the new text; with nothing changed,
// every owner is kept; a new line's owner is the fill's.
func FuzzCarry(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nx\nc\n")
	f.Add("", "one")
	f.Add("x\r\ny", "x\r\ny\n")
	f.Fuzz(func(t *testing.T, before, after string) {
		owners := make([]int, len(splitLines(before)))
		for i := range owners {
			owners[i] = i + 1
		}
		got := Carry(before, owners, after, func(int, string) int { return -1 })
		require.Len(t, got, len(splitLines(after)))
		if before == after {
			assert.Equal(t, owners, got)
		}
		if before == "" {
			for _, o := range got {
				assert.Equal(t, -1, o)
			}
		}
	})
}

// lineEdits gives the edits a full line diff gives, as the new text and
// the owners Carry derives from them.
func TestLineEditsTrimmed(t *testing.T) {
	for _, tc := range [][2]string{
		{"a\nb\nc\n", "a\nB\nc\n"},
		{"x\nb\n", "xyb\n"},
		{"", "new\n"},
		{"old\n", ""},
		{"a\nb\n", "a\nb\nc\n"},
		{"a\nb\n", "z\na\nb\n"},
		{"same\n", "same\n"},
		{"a\nb\nc", "a\nb\nC"},
		{"a\na\na\n", "a\na\n"},
		{"ab\n", "b\n"},
	} {
		before, after := tc[0], tc[1]
		// Applying the edits to before gives after, at line boundaries.
		got, pos := "", 0
		for _, e := range lineEdits(before, after) {
			require.True(t, e.start == 0 || before[e.start-1] == '\n', "%q→%q: edit at %d inside a line", before, after, e.start)
			got += before[pos:e.start] + e.text
			pos = e.end
		}
		assert.Equal(t, after, got+before[pos:], "%q→%q", before, after)
		// And owners as many as lines.
		owners := Carry(before, make([]int, countLines(before)), after, func(int, string) int { return 1 })
		assert.Len(t, owners, countLines(after), "%q→%q", before, after)
	}
}

// The one-line shortcut of lineEdits carries the same owners as the
// line diff it skips.
func TestLineEditsShortcutMatchesDiff(t *testing.T) {
	lines := []string{"a\n", "b\n", "c\n", "a", "b", "\n", "x\n"}
	texts := []string{""}
	for _, x := range lines {
		texts = append(texts, x)
		for _, y := range lines {
			texts = append(texts, x+y)
			for _, z := range lines[:3] {
				texts = append(texts, x+y+z, z+x+y)
			}
		}
	}
	shortcuts := 0
	for _, before := range texts {
		for _, after := range texts {
			owners := make([]int, countLines(before))
			for i := range owners {
				owners[i] = i + 1
			}
			fill := func(int, string) int { return -1 }
			got := Carry(before, owners, after, fill)
			want := carryWith(before, owners, after, fill, fullLineEdits)
			require.Equal(t, want, got, "%q→%q", before, after)
			if e := lineEdits(before, after); len(e) == 1 && e[0].text != "" && e[0].end > e[0].start {
				shortcuts++
			}
		}
	}
	require.Greater(t, shortcuts, 100, "the table exercises the shortcut")
}

func fullLineEdits(before, after string) []lineEdit { return edits(before, after, false) }

// splitLines splits s after each newline; a last line without one counts.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// A new file over MaxRaw written whole is owned by its block without being
// read back (the tracker keeps its hash), and a later edit of it carries
// those owners as for any file.
func TestTrackerLargeNewFile(t *testing.T) {
	var b strings.Builder
	for i := range 200000 {
		fmt.Fprintf(&b, "l%d\n", i)
	}
	big := strings.TrimSuffix(b.String(), "\n") // the session adds the final newline
	require.Greater(t, len(big), editcore.MaxRaw)
	for _, edit := range []bool{false, true} {
		files := map[string]string{"f.txt": base}
		cur := fsWith(t, files)
		tr := New(cur, fsWith(t, files))
		s := editcore.NewSession(cur, editcore.Options{})
		op := &editcore.Op{Kind: editcore.Create, Path: "big.txt", Content: []byte(big)}
		require.Equal(t, editcore.Applied, tr.Apply(s, op).Status)
		assert.Nil(t, op.Content, "the content is let go")
		assert.True(t, tr.files["big.txt"].dropped, "kept as a hash, not read back")
		want := []Range{{1, 200000, 1}}
		if edit {
			require.Equal(t, editcore.Applied, tr.Apply(s, rep("big.txt", "l5\n", "L5\n")).Status)
			want = []Range{{1, 5, 1}, {6, 6, 2}, {7, 200000, 1}}
		}
		assert.Equal(t, map[string][]Range{"big.txt": want}, tr.Ranges())
	}
}

// A file below a directory a response removed or moved is read from the
// base, not from the tree as it is: the tracker records the directory,
// not each file below it, so reading the current tree first (as it does
// while nothing was moved or removed) would give a new file's old lines
// to the block that wrote it again.
func TestTrackerUnseenBelowReshaped(t *testing.T) {
	for name, tt := range map[string]struct {
		first *editcore.Op
		block int // of the create: a shell suggestion is not a block
	}{
		"removed": {&editcore.Op{Kind: editcore.Shell, Command: &shell.Command{Text: "git rm -r d", Op: shell.Remove, Paths: []string{"d"}, Recursive: true}}, 2},
		"deleted": {&editcore.Op{Kind: editcore.Delete, Path: "d", Recursive: true}, 3},
	} {
		for _, spilled := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/spill=%v", name, spilled), func(t *testing.T) {
				files := map[string]string{"d/f.txt": base, "g.txt": base}
				cur := fsWith(t, files)
				tr := New(cur, fsWith(t, files))
				if spilled {
					spillAfterEach(t, tr)
				}
				s := editcore.NewSession(cur, editcore.Options{})
				for _, op := range []*editcore.Op{rep("g.txt", "a\n", "A\n"), tt.first, {Kind: editcore.Create, Path: "d/f.txt", Content: []byte("a\nX\n")}} {
					res := tr.Apply(s, op)
					require.Equal(t, editcore.Applied, res.Status, res.Message)
				}
				want := map[string][]Range{"g.txt": {{1, 1, 1}}, "d/f.txt": {{2, 2, tt.block}}}
				assert.Equal(t, want, tr.Ranges())
				done, err := tr.Done()
				require.NoError(t, err)
				got, err := ownedMap(done)
				require.NoError(t, err)
				assert.Equal(t, want, got, "Done gives what Ranges gives")
				assert.Nil(t, tr.files, "Done lets go of what the tracker kept")
			})
		}
	}
}
