package gitops

import (
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func specialFS(t *testing.T) (*gittest.Repo, *Repo, *TreeFS) {
	t.Helper()
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "special_entries.txtar"))
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	return gr, repo, fs
}

func TestTreeFSLstatSpecialEntries(t *testing.T) {
	_, _, fs := specialFS(t)
	tests := map[string]struct {
		path    string
		mode    os.FileMode
		gitMode filemode.FileMode
	}{
		"file":      {"src/plain.txt", 0o644, filemode.Regular},
		"directory": {"src", os.ModeDir | 0o755, filemode.Dir},
		"symlink":   {"linked", os.ModeSymlink | 0o777, filemode.Symlink},
		"submodule": {"vendor/lib", os.ModeIrregular, filemode.Submodule},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fi, err := fs.Lstat(tc.path)
			require.NoError(t, err)
			assert.Equal(t, tc.mode, fi.Mode())
			assert.Equal(t, tc.gitMode, fi.Sys())
		})
	}
	target, err := fs.Readlink("linked")
	require.NoError(t, err)
	assert.Equal(t, "src", target)
}

func TestTreeFSRefusesSpecialEntries(t *testing.T) {
	_, _, fs := specialFS(t)
	tests := map[string]func() error{
		"open symlink":            func() error { _, err := fs.Open("src/alias.txt"); return err },
		"write symlink":           func() error { return util.WriteFile(fs, "src/alias.txt", []byte("x"), 0o644) },
		"open through symlink":    func() error { _, err := fs.Open("linked/plain.txt"); return err },
		"write through symlink":   func() error { return util.WriteFile(fs, "linked/new.txt", []byte("x"), 0o644) },
		"write into submodule":    func() error { return util.WriteFile(fs, "vendor/lib/x.c", []byte("x"), 0o644) },
		"open submodule":          func() error { _, err := fs.Open("vendor/lib"); return err },
		"rename submodule":        func() error { return fs.Rename("vendor/lib", "vendor/lib2") },
		"escape":                  func() error { _, err := fs.Open("../outside"); return err },
		"dot git":                 func() error { return util.WriteFile(fs, "src/.GIT/config", []byte("x"), 0o644) },
		"readdir through symlink": func() error { _, err := fs.ReadDir("linked"); return err },
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			var unsafe *UnsafePathError
			assert.ErrorAs(t, fn(), &unsafe)
		})
	}
	changed, err := fs.Changed()
	require.NoError(t, err)
	assert.Empty(t, changed, "refused operations must change nothing")
}

func TestGuard(t *testing.T) {
	_, _, fs := specialFS(t)
	tests := map[string]struct {
		path   string
		reason string // "" when safe
	}{
		"plain file":             {"src/plain.txt", ""},
		"new file":               {"src/new/file.txt", ""},
		"directory":              {"src", ""},
		"symlink":                {"linked", "symbolic link at linked"},
		"through symlink":        {"linked/plain.txt", "symbolic link at linked"},
		"symlink file":           {"src/alias.txt", "symbolic link at src/alias.txt"},
		"submodule":              {"vendor/lib", "submodule at vendor/lib"},
		"inside submodule":       {"vendor/lib/x.c", "submodule at vendor/lib"},
		"lfs by attribute":       {"src/data.bin", "filter=lfs"},
		"new lfs by attribute":   {"other/new.bin", "filter=lfs"},
		"lfs by nested attrs":    {"assets/img.psd", "filter=lfs"},
		"nested attrs scoped":    {"img.psd", ""},
		"lfs pointer content":    {"assets/model.dat", "Git LFS pointer"},
		"outside":                {"../x", "outside the repository"},
		"dot git":                {".git/config", ".git"},
		"file as parent is ok":   {"src/plain.txt/x", ""},
		"top of tree":            {"/", ""},
		"attributes file itself": {".gitattributes", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			err := fs.Guard(tc.path)
			if tc.reason == "" {
				assert.NoError(t, err)
				return
			}
			var unsafe *UnsafePathError
			require.ErrorAs(t, err, &unsafe)
			assert.Contains(t, unsafe.Reason, tc.reason)
		})
	}
}

func TestGuardSeesOverlayAttributes(t *testing.T) {
	_, _, fs := specialFS(t)
	require.NoError(t, fs.Guard("docs/manual.pdf"))
	require.NoError(t, util.WriteFile(fs, "docs/.gitattributes", []byte("*.pdf filter=lfs\n"), 0o644))
	var unsafe *UnsafePathError
	assert.ErrorAs(t, fs.Guard("docs/manual.pdf"), &unsafe)
}

func TestTreeFSFileSemantics(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "python_project.txtar"))
	repo := open(t, gr)
	base := head(t, repo)

	tests := map[string]struct {
		run  func(t *testing.T, fs *TreeFS)
		want map[string]string // path → content after; "" = absent
	}{
		"append": {
			run: func(t *testing.T, fs *TreeFS) {
				f, err := fs.OpenFile("README.md", os.O_WRONLY|os.O_APPEND, 0)
				require.NoError(t, err)
				_, err = f.Write([]byte("More.\n"))
				require.NoError(t, err)
				require.NoError(t, f.Close())
			},
			want: map[string]string{"README.md": "# calc\n\nA tiny calculator.\nMore.\n"},
		},
		"read write seek truncate": {
			run: func(t *testing.T, fs *TreeFS) {
				f, err := fs.OpenFile("calc/ops.py", os.O_RDWR, 0)
				require.NoError(t, err)
				head := make([]byte, 3)
				_, err = io.ReadFull(f, head)
				require.NoError(t, err)
				assert.Equal(t, "def", string(head))
				_, err = f.Seek(0, io.SeekStart)
				require.NoError(t, err)
				_, err = f.Write([]byte("DEF"))
				require.NoError(t, err)
				require.NoError(t, f.Truncate(6))
				require.NoError(t, f.Close())
				_, err = f.Write([]byte("x"))
				assert.ErrorIs(t, err, os.ErrClosed)
			},
			want: map[string]string{"calc/ops.py": "DEF ad"},
		},
		"create excl on existing": {
			run: func(t *testing.T, fs *TreeFS) {
				_, err := fs.OpenFile("README.md", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
				assert.ErrorIs(t, err, os.ErrExist)
			},
			want: map[string]string{"README.md": "# calc\n\nA tiny calculator.\n"},
		},
		"read only handle refuses writes": {
			run: func(t *testing.T, fs *TreeFS) {
				f, err := fs.Open("README.md")
				require.NoError(t, err)
				_, err = f.Write([]byte("x"))
				assert.ErrorIs(t, err, os.ErrPermission)
			},
			want: map[string]string{"README.md": "# calc\n\nA tiny calculator.\n"},
		},
		"open missing": {
			run: func(t *testing.T, fs *TreeFS) {
				_, err := fs.Open("nope/x.py")
				assert.ErrorIs(t, err, os.ErrNotExist)
				_, err = fs.Stat("calc/nope.py")
				assert.ErrorIs(t, err, os.ErrNotExist)
				assert.ErrorIs(t, fs.Remove("calc/nope.py"), os.ErrNotExist)
				assert.ErrorIs(t, fs.Rename("calc/nope.py", "x"), os.ErrNotExist)
			},
		},
		"file used as directory": {
			run: func(t *testing.T, fs *TreeFS) {
				_, err := fs.Open("README.md/x")
				assert.ErrorIs(t, err, syscall.ENOTDIR)
				assert.ErrorIs(t, fs.MkdirAll("README.md/x", 0o755), syscall.ENOTDIR)
			},
		},
		"open directory": {
			run: func(t *testing.T, fs *TreeFS) {
				_, err := fs.Open("calc")
				assert.ErrorIs(t, err, syscall.EISDIR)
			},
		},
		"rename into itself": {
			run: func(t *testing.T, fs *TreeFS) {
				assert.ErrorIs(t, fs.Rename("calc", "calc/sub"), syscall.EINVAL)
			},
		},
		"rename dir over non-empty dir": {
			run: func(t *testing.T, fs *TreeFS) {
				assert.ErrorIs(t, fs.Rename("calc", "tests"), syscall.ENOTEMPTY)
			},
		},
		"rename then edit new name": {
			run: func(t *testing.T, fs *TreeFS) {
				require.NoError(t, fs.Rename("calc", "pkg/calc"))
				require.NoError(t, util.WriteFile(fs, "pkg/calc/ops.py", []byte("pass\n"), 0o644))
			},
			want: map[string]string{"calc/ops.py": "", "pkg/calc/ops.py": "pass\n", "pkg/calc/__init__.py": "from .ops import add, sub\n\n__all__ = [\"add\", \"sub\"]\n"},
		},
		"remove directory": {
			run: func(t *testing.T, fs *TreeFS) {
				require.NoError(t, fs.Remove("tests"))
				_, err := fs.Stat("tests/test_ops.py")
				assert.ErrorIs(t, err, os.ErrNotExist)
			},
			want: map[string]string{"tests/test_ops.py": ""},
		},
		"temp file": {
			run: func(t *testing.T, fs *TreeFS) {
				f, err := fs.TempFile("calc", "tmp")
				require.NoError(t, err)
				_, err = f.Write([]byte("t"))
				require.NoError(t, err)
				require.NoError(t, f.Close())
				require.NoError(t, fs.Rename(f.Name(), "calc/final.py"))
			},
			want: map[string]string{"calc/final.py": "t"},
		},
		"chroot": {
			run: func(t *testing.T, fs *TreeFS) {
				sub, err := fs.Chroot("calc")
				require.NoError(t, err)
				require.NoError(t, util.WriteFile(sub, "more.py", []byte("m\n"), 0o644))
				data, err := util.ReadFile(sub, "ops.py")
				require.NoError(t, err)
				assert.Contains(t, string(data), "def add")
			},
			want: map[string]string{"calc/more.py": "m\n"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fs, err := repo.TreeFS(base)
			require.NoError(t, err)
			tc.run(t, fs)
			tree, err := repo.WriteTree(fs)
			require.NoError(t, err)
			publish(t, repo)
			for p, want := range tc.want {
				got, err := gittest.RunErr(gr.Dir, "cat-file", "blob", tree.String()+":"+p)
				if want == "" {
					assert.Error(t, err, p)
					continue
				}
				require.NoError(t, err, p)
				assert.Equal(t, want, got, p)
			}
		})
	}
}

func TestTreeFSReadDir(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "go_project.txtar"))
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	require.NoError(t, util.WriteFile(fs, "internal/zz.go", []byte("package internal\n"), 0o644))
	infos, err := fs.ReadDir("internal")
	require.NoError(t, err)
	var names []string
	for _, fi := range infos {
		names = append(names, fi.Name())
	}
	assert.Equal(t, []string{"hello", "hello.go", "zz.go"}, names)
	assert.True(t, infos[0].IsDir())
	assert.EqualValues(t, len("package internal\n"), infos[1].Size())
}

func TestTreeFSNewFileMode(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "python_project.txtar"))
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	require.NoError(t, util.WriteFile(fs, "scripts/run.sh", []byte("#!/bin/sh\n"), 0o644))
	require.NoError(t, util.WriteFile(fs, "scripts/new.sh", []byte("#!/bin/sh\n"), 0o755))
	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	publish(t, repo)
	out := gr.Git(t, "ls-tree", tree.String(), "scripts/")
	assert.Contains(t, out, "100755 blob")
	assert.Regexp(t, `100755 blob \w+\tscripts/run.sh`, out)
	assert.Regexp(t, `100644 blob \w+\tscripts/new.sh`, out)
}

// TestTreeFSIsLazy checks that a session decodes only the trees along the
// paths it touches.
func TestTreeFSIsLazy(t *testing.T) {
	files := map[string]string{}
	for _, d := range []string{"a", "b", "c", "d"} {
		for _, e := range []string{"1", "2", "3"} {
			files[d+"/"+e+"/f.txt"] = d + e
		}
	}
	gr := gittest.New(t, files)
	repo := open(t, gr)
	base := head(t, repo)
	before := repo.treeReads.Load()
	fs, err := repo.TreeFS(base)
	require.NoError(t, err)
	require.NoError(t, util.WriteFile(fs, "b/2/f.txt", []byte("new"), 0o644))
	_, err = repo.WriteTree(fs)
	require.NoError(t, err)
	// root, b, b/2: nothing else.
	assert.EqualValues(t, 3, repo.treeReads.Load()-before)
}

// TestTreeFSReadsABlobOnce: a file's size and content, asked for one after
// the other (billy's util.ReadFile does both), cost one object read.
func TestTreeFSReadsABlobOnce(t *testing.T) {
	gr := gittest.New(t, map[string]string{"d/f.txt": "content\n", "d/g.txt": "other\n"})
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	_, err = fs.Stat("d/g.txt") // the trees on the way
	require.NoError(t, err)
	before := repo.objects.reads
	info, err := fs.Stat("d/f.txt")
	require.NoError(t, err)
	data, err := util.ReadFile(fs, "d/f.txt")
	require.NoError(t, err)
	assert.EqualValues(t, len(data), info.Size())
	assert.Equal(t, 1, repo.objects.reads-before)
}

// $GIT_DIR/info/attributes counts, over every .gitattributes of the tree,
// for every path a run guards (it is read once per repository).
func TestGuardSeesInfoAttributes(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "special_entries.txtar"))
	info := filepath.Join(gr.Dir, ".git", "info")
	require.NoError(t, os.MkdirAll(info, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(info, "attributes"), []byte("*.pdf filter=lfs\nsrc/plain.txt -filter\n"), 0o644))
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	for _, p := range []string{"docs/manual.pdf", "other/x.pdf"} {
		var unsafe *UnsafePathError
		assert.ErrorAs(t, fs.Guard(p), &unsafe, p)
	}
	assert.NoError(t, fs.Guard("src/plain.txt"))
	assert.NoError(t, fs.Guard("docs/readme.md"))
}

// isClean lets splitPath skip path.Clean only where Clean would change
// nothing.
func TestIsCleanAgreesWithPathClean(t *testing.T) {
	for _, p := range []string{"a", "a/b", "src/d00/f.txt", ".a/b.", "a..b/c", "...", "a/...",
		"", ".", "..", "/a", "a/", "a//b", "./a", "a/./b", "a/../b", "a/..", "../a", "//"} {
		if isClean(p) {
			assert.Equal(t, p, path.Clean(p), "%q", p)
			assert.False(t, strings.HasPrefix(p, "/"), "%q", p)
		}
	}
	for _, p := range []string{"a", "a/b", "src/d00/f.txt", ".a/b.", "a..b/c", "...", "a/..."} {
		assert.True(t, isClean(p), "%q", p)
	}
}

func FuzzIsClean(f *testing.F) {
	for _, p := range []string{"a/b", "a//b", "./a", "a/..", "/a", "..."} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if isClean(p) && (path.Clean(p) != p || strings.HasPrefix(p, "/")) {
			t.Fatalf("isClean(%q), but Clean gives %q", p, path.Clean(p))
		}
	})
}
