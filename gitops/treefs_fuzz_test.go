package gitops

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

var fuzzPaths = []string{"a", "a/b", "a/b/c", "a.b", "a0", "a-b", "x/y", "x", "a/c", "../z", "/a/b", "q/.git/c"}

// FuzzTreeFS runs random operations on a view and checks properties: no
// panic; the tree WriteTree stores reads back as exactly what the view
// shows; writing again gives the same tree; Changed lists exactly the
// paths whose content differs from the base.
func FuzzTreeFS(f *testing.F) {
	gr := gittest.New(f, map[string]string{"a/b/c": "c\n", "a/c": "ac\n", "a.b": "ab\n", "x/y": "y\n"})
	repo, err := Discover(f.Context(), gr.Dir)
	require.NoError(f, err)
	f.Cleanup(func() { repo.Close() })
	base := head(f, repo)
	baseFS, err := repo.TreeFS(base)
	require.NoError(f, err)
	baseFiles := walkFiles(f, baseFS)

	f.Add([]byte{0, 0, 1, 1, 2, 3, 2, 4, 5})
	f.Add([]byte{2, 0, 6, 3, 1, 0, 0, 2, 2, 1, 7, 0})
	f.Add([]byte{1, 0, 0, 1, 4, 0, 3, 9, 10, 0, 11, 1})
	f.Fuzz(func(t *testing.T, ops []byte) {
		fs, err := repo.TreeFS(base)
		require.NoError(t, err)
		for i := 0; i+2 < len(ops) && i < 60; i += 3 {
			a := fuzzPaths[int(ops[i+1])%len(fuzzPaths)]
			b := fuzzPaths[int(ops[i+2])%len(fuzzPaths)]
			_ = fuzzChange(fs, ops[i]%5, a, b, ops[i+2])
		}
		shown := walkFiles(t, fs)
		tree, err := repo.WriteTree(fs)
		require.NoError(t, err)
		assert.Equal(t, shown, walkFiles(t, repo.treeFS(tree)))
		again, err := repo.WriteTree(fs)
		require.NoError(t, err)
		assert.Equal(t, tree, again)

		var want []string
		for p, c := range shown {
			if old, ok := baseFiles[p]; !ok || old != c {
				want = append(want, p)
			}
		}
		for p := range baseFiles {
			if _, ok := shown[p]; !ok {
				want = append(want, p)
			}
		}
		sort.Strings(want)
		changed, err := fs.Changed()
		require.NoError(t, err)
		assert.Equal(t, want, nilIfEmpty(changed))
	})
}

// walkFiles returns every file of a view with its content.
func walkFiles(t testing.TB, fs *TreeFS) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(dir string)
	walk = func(dir string) {
		infos, err := fs.ReadDir(dir)
		require.NoError(t, err)
		for _, fi := range infos {
			p := join(dir, fi.Name())
			if fi.IsDir() {
				walk(p)
				continue
			}
			data, err := util.ReadFile(fs, p)
			require.NoError(t, err)
			out[p] = string(data)
		}
	}
	walk("")
	return out
}

// FuzzTreeFSChains: a view that remembers the directories of the paths it
// walked answers every operation as one that walks each path afresh (its
// memory cleared before each call), through removals, renames and
// restores of the directories on the way; and as one never trimmed
// (TrimTree, which lets go of those directories), with the same tree
// written and the same paths changed.
func FuzzTreeFSChains(f *testing.F) {
	gr := gittest.New(f, map[string]string{"a/b/c": "c\n", "a/c": "ac\n", "a.b": "ab\n", "x/y": "y\n"})
	repo, err := Discover(f.Context(), gr.Dir)
	require.NoError(f, err)
	f.Cleanup(func() { repo.Close() })
	base := head(f, repo)

	f.Add([]byte{5, 2, 0, 1, 1, 0, 5, 2, 0})                   // read a/b/c, remove a/b, read a/b/c
	f.Add([]byte{5, 2, 0, 2, 0, 6, 5, 2, 0})                   // read a/b/c, rename a to x/y... , read
	f.Add([]byte{6, 0, 0, 5, 2, 0, 1, 0, 0, 7, 0, 0, 5, 2, 0}) // snapshot, read, remove a, restore, read
	f.Add([]byte{3, 9, 0, 8, 0, 0, 0, 5, 1, 8, 0, 0, 5, 5, 0}) // mkdir z, trim, write a0, trim, read
	f.Add([]byte{6, 0, 0, 1, 2, 0, 8, 0, 0, 0, 1, 3, 7, 0, 0}) // snapshot, remove a/b/c, trim, write a/b, restore
	f.Fuzz(func(t *testing.T, ops []byte) {
		fs, err := repo.TreeFS(base)
		require.NoError(t, err)
		ref, err := repo.TreeFS(base)
		require.NoError(t, err)
		var snaps [2]*TreeFS
		for i := 0; i+2 < len(ops) && i < 60; i += 3 {
			a := fuzzPaths[int(ops[i+1])%len(fuzzPaths)]
			b := fuzzPaths[int(ops[i+2])%len(fuzzPaths)]
			do := func(v *TreeFS, k int) string {
				if v == ref {
					v.splits = [2]split{}
				}
				var err error
				switch code := ops[i] % 9; code {
				case 0, 1, 2, 3, 4:
					err = fuzzChange(v, code, a, b, ops[i+2])
				case 5:
					var data []byte
					data, err = util.ReadFile(v, a)
					return fmt.Sprint(string(data), err)
				case 6:
					snaps[k] = v.Snapshot()
				case 7:
					if snaps[k] != nil {
						v.Restore(snaps[k])
					}
				case 8:
					if v == fs {
						_, err = repo.TrimTree(v)
					}
				}
				return fmt.Sprint(err)
			}
			require.Equal(t, do(ref, 1), do(fs, 0), "operation %d", i/3)
		}
		assert.Equal(t, walkFiles(t, ref), walkFiles(t, fs))
		assert.Equal(t, observe(t, ref, nil), observe(t, fs, nil))
		for _, p := range fuzzPaths {
			ref.splits = [2]split{}
			want, werr := util.ReadFile(ref, p)
			got, gerr := util.ReadFile(fs, p)
			assert.Equal(t, fmt.Sprint(string(want), werr), fmt.Sprint(string(got), gerr), p)
		}
		want, werr := repo.WriteTree(ref)
		got, gerr := repo.WriteTree(fs)
		assert.Equal(t, fmt.Sprint(want, werr), fmt.Sprint(got, gerr))
	})
}

// fuzzChange makes the change the fuzz targets name by code 0-4: write
// a, remove a, rename a to b, make directory a, append to a.
func fuzzChange(v *TreeFS, code byte, a, b string, data byte) error {
	switch code {
	case 0:
		return util.WriteFile(v, a, []byte{data}, 0o644)
	case 1:
		return v.Remove(a)
	case 2:
		return v.Rename(a, b)
	case 3:
		return v.MkdirAll(a, 0o755)
	default:
		f, err := v.OpenFile(a, os.O_RDWR|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, _ = f.Write([]byte{data})
		return f.Close()
	}
}
