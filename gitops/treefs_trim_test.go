package gitops

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

type trimStep func(fs *TreeFS) error

func write(p, data string) trimStep {
	return func(fs *TreeFS) error { return util.WriteFile(fs, p, []byte(data), 0o644) }
}

func appendTo(p, data string) trimStep {
	return func(fs *TreeFS) error {
		f, err := fs.OpenFile(p, os.O_RDWR|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, err = f.Write([]byte(data))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
}

func remove(p string) trimStep    { return func(fs *TreeFS) error { return fs.Remove(p) } }
func mkdir(p string) trimStep     { return func(fs *TreeFS) error { return fs.MkdirAll(p, 0o755) } }
func rename(a, b string) trimStep { return func(fs *TreeFS) error { return fs.Rename(a, b) } }
func chmod(p string, m os.FileMode) trimStep {
	return func(fs *TreeFS) error { return fs.Chmod(p, m) }
}
func symlink(target, p string) trimStep {
	return func(fs *TreeFS) error { return fs.Symlink(target, p) }
}

// TestTrimTreeSameAsUntrimmed: a view trimmed after every operation
// answers every operation, shows every path, and writes the same tree as
// one never trimmed, empty directories and their removal included.
func TestTrimTreeSameAsUntrimmed(t *testing.T) {
	tests := map[string][]trimStep{
		"creates under new directories": {
			write("n/1/a.txt", "a\n"), write("n/1/b.txt", "b\n"), write("n/2/c.txt", "c\n"), write("top.txt", "t\n"),
			appendTo("n/1/a.txt", "more\n"), write("n/1/a.txt", "again\n"),
		},
		"edits, removals and renames of base files": {
			appendTo("a/x", "x2\n"), remove("a0"), rename("old", "moved/old"), rename("deep/1/g.txt", "g2.txt"),
			write("moved/old/sub/y.txt", "y2\n"), remove("moved/old/x.txt"), rename("a-b", "a/x"),
		},
		"empty directory made, then written into": {
			mkdir("e/f"), mkdir("e/g/h"), write("e/f/new.txt", "n\n"), remove("e/f/new.txt"), write("e/g/h/z", "z\n"),
			mkdir("v/w/x"), mkdir("a/v/w"),
		},
		"empty directory made and left": {
			mkdir("empty"), write("other/o.txt", "o\n"), mkdir("deep/1/2/void"),
			rename("a.b", "empty"), // a directory, even empty: refused
			write("empty/in.txt", "in\n"),
		},
		"directory emptied, then a file created in it": {
			remove("gone/only.txt"), write("x.txt", "x\n"), write("gone/back.txt", "back\n"),
		},
		"directory emptied and removed": {
			remove("old/sub/y.txt"), remove("old/x.txt"), write("z", "z\n"), remove("old"), write("old", "a file now\n"),
		},
		"file renamed onto an emptied directory": {
			remove("gone/only.txt"), rename("a.b", "gone"), remove("gone"), rename("a.b", "gone"),
		},
		"modes and links": {
			chmod("a/x", 0o755), write("run.sh", "#!/bin/sh\n"), chmod("run.sh", 0o755), symlink("a/x", "link"),
			symlink("../a0", "deep/1/up"), write("run.sh", "#!/bin/sh\necho\n"), chmod("bin/tool", 0o644),
			write("link/through", "no\n"), remove("link"),
		},
		"gitattributes": {
			write(".gitattributes", "*.bin filter=lfs\n"), write("n/f.bin", "bin\n"), write("n/.gitattributes", "*.txt filter=lfs\n"),
			write("n/g.txt", "g\n"), write(".gitattributes", "# none\n"),
		},
		"refused attributes beside an empty directory": {
			mkdir("y/e"), write("y/f", "f\n"), write("w/g", "g\n"), mkdir("w/e"), write("x/h", "h\n"),
			write("z/.gitattributes", strings.Repeat("x", attrMaxLine+1)+"\n"), write("y/f2", "f2\n"),
			remove("z/.gitattributes"), write("y/f3", "f3\n"),
		},
		"refused attributes written, then fixed": {
			write(".gitattributes", strings.Repeat("x", attrMaxLine+1)+"\n"), write("f.txt", "f\n"),
			write(".gitattributes", "*.c text\n"), write("g.txt", "g\n"),
		},
	}
	guarded := []string{"n/f.bin", "n/g.txt", "a/x", "link/through", "deep/1/up", "empty/in.txt"}
	for name, steps := range tests {
		t.Run(name, func(t *testing.T) {
			repo := open(t, gittest.New(t, treeBase))
			plain, err := repo.TreeFS(head(t, repo))
			require.NoError(t, err)
			trimmed, err := repo.TreeFS(head(t, repo))
			require.NoError(t, err)
			trims := 0
			for i, step := range steps {
				require.Equal(t, fmt.Sprint(step(plain)), fmt.Sprint(step(trimmed)), "step %d", i)
				did, err := repo.TrimTree(trimmed)
				require.NoError(t, err)
				if did {
					trims++
				}
				require.Equal(t, observe(t, plain, guarded), observe(t, trimmed, guarded), "after step %d", i)
				require.Equal(t, observe(t, plain.Snapshot(), nil), observe(t, trimmed.Snapshot(), nil), "a snapshot after step %d", i)
			}
			require.Positive(t, trims, "nothing was trimmed")
			want, err := repo.WriteTree(plain)
			require.NoError(t, err)
			got, err := repo.WriteTree(trimmed)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// observe is everything a view shows: each path below the top with its
// mode, size and content (a link's target), the paths it changed, and
// what Guard says of guarded.
func observe(t *testing.T, fs *TreeFS, guarded []string) string {
	t.Helper()
	var b strings.Builder
	var walk func(dir string)
	walk = func(dir string) {
		infos, err := fs.ReadDir(dir)
		require.NoError(t, err)
		for _, fi := range infos {
			p := join(dir, fi.Name())
			lfi, err := fs.Lstat(p)
			require.NoError(t, err)
			fmt.Fprintf(&b, "%s %v %v %d", p, fi.Sys(), lfi.Mode(), lfi.Size())
			switch {
			case fi.IsDir():
				b.WriteString("\n")
				walk(p)
				continue
			case fi.Mode()&os.ModeSymlink != 0:
				target, err := fs.Readlink(p)
				require.NoError(t, err)
				fmt.Fprintf(&b, " -> %s\n", target)
			default:
				data, err := util.ReadFile(fs, p)
				require.NoError(t, err)
				fmt.Fprintf(&b, " %q\n", data)
			}
		}
	}
	walk("")
	changed, err := fs.Changed()
	fmt.Fprintf(&b, "changed %v %v\n", changed, err)
	for _, p := range guarded {
		fmt.Fprintf(&b, "guard %s: %v\n", p, fs.Guard(p))
	}
	return b.String()
}

// TestTrimTreeWaitsForHandles: a handle sharing a node's content keeps
// the view whole; once closed, the view is trimmed and shows what the
// handle wrote.
func TestTrimTreeWaitsForHandles(t *testing.T) {
	repo := open(t, gittest.New(t, treeBase))
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	f, err := fs.OpenFile("a/x", os.O_RDWR|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte("one\n"))
	require.NoError(t, err)
	did, err := repo.TrimTree(fs)
	require.NoError(t, err)
	assert.False(t, did, "trimmed under an open handle")
	_, err = f.Write([]byte("two\n"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	did, err = repo.TrimTree(fs)
	require.NoError(t, err)
	assert.True(t, did)
	assert.Zero(t, fs.Held())
	data, err := util.ReadFile(fs, "a/x")
	require.NoError(t, err)
	assert.Equal(t, "in a\none\ntwo\n", string(data))
}

// TestTrimTreeSnapshots: a snapshot taken before a trim is independent
// of it and restores what it held; one taken after reads and restores
// the trimmed content.
func TestTrimTreeSnapshots(t *testing.T) {
	repo := open(t, gittest.New(t, treeBase))
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	require.NoError(t, util.WriteFile(fs, "n/1.txt", []byte("1\n"), 0o644))
	require.NoError(t, fs.MkdirAll("void", 0o755))
	before := fs.Snapshot()
	beforeShown := observe(t, before, nil)
	wantBefore, err := repo.WriteTree(before.Snapshot())
	require.NoError(t, err)

	require.NoError(t, util.WriteFile(fs, "n/2.txt", []byte("2\n"), 0o644))
	require.NoError(t, fs.Remove("a"))
	did, err := repo.TrimTree(fs)
	require.NoError(t, err)
	require.True(t, did)
	assert.Equal(t, beforeShown, observe(t, before, nil), "the trim changed a snapshot taken before it")
	after := fs.Snapshot()
	afterShown := observe(t, fs, nil)
	assert.Equal(t, afterShown, observe(t, after, nil))

	require.NoError(t, util.WriteFile(fs, "n/3.txt", []byte("3\n"), 0o644))
	fs.Restore(after)
	assert.Equal(t, afterShown, observe(t, fs, nil))
	fs.Restore(before)
	assert.Equal(t, beforeShown, observe(t, fs, nil), "the empty directory too")
	got, err := repo.WriteTree(fs)
	require.NoError(t, err)
	assert.Equal(t, wantBefore, got)
}

// TestTrimTreeHeldFlat: once trimmed at a bound, the view holds no more
// nodes for 200,000 files than for 20,000, and the heap it keeps does
// not grow with them. The pending pack's index grows with every object
// written (bounded elsewhere): its share is measured alone, from a pack
// that received the same objects, and subtracted.
func TestTrimTreeHeldFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 220,000 files")
	}
	const bound = 1 << 14
	repo := open(t, gittest.New(t, treeBase))
	run := func(files int) (held int, heap int64) {
		fs, err := repo.TreeFS(head(t, repo))
		require.NoError(t, err)
		maxHeld := 0
		for i := range files {
			p := fmt.Sprintf("src/d%03d/f%06d.txt", i/1000, i)
			require.NoError(t, fs.WriteFile(p, []byte(p), 0o644))
			maxHeld = max(maxHeld, fs.Held())
			if fs.TrimDue(bound) {
				did, err := repo.TrimTree(fs)
				require.NoError(t, err)
				require.True(t, did)
			}
		}
		with := heapInuse()
		require.NotNil(t, fs.root) // alive until here
		fs = nil                   // what the view holds, let go of
		return maxHeld, with - heapInuse()
	}
	smallHeld, smallHeap := run(20000)
	largeHeld, largeHeap := run(200000)
	t.Logf("held at most %d nodes for 20,000 files, %d for 200,000; heap let go of: %d KB, %d KB",
		smallHeld, largeHeld, smallHeap>>10, largeHeap>>10)
	assert.Less(t, largeHeld, 2*bound+2000, "the view's nodes grew with the files")
	assert.Less(t, largeHeap, smallHeap+2<<20, "the view's heap grew with the files")
}
