package gitops

import (
	"context"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/util"

	"github.com/git-aiedit/git-aiedit/fsckrule"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// FuzzTreeFSNames drives one operation with a fuzzed name through the
// tree filesystem — write a file, make a directory below it, make a
// symbolic link, move a directory to it — and walks what the view then
// holds: no entry git's fsck would reject may be there, whatever the
// operation's answer. (TestTreeFSFsckProperty commits such views and asks
// git.)
func FuzzTreeFSNames(f *testing.F) {
	for _, s := range []string{".git", "GITMOD~1", ".gitmodules.", "~1000000", ".git\xc0\xaf", "a/.GITMODULES/b", "gitatt~1", ".mailmap", "a\\.git", "x"} {
		for op := range byte(4) {
			f.Add(op, s)
		}
	}
	r := gittest.New(f, map[string]string{"README": "x\n", "d/f": "y\n"})
	repo, err := Discover(context.Background(), r.Dir)
	if err != nil {
		f.Fatal(err)
	}
	defer repo.Close()
	base, err := repo.ResolveCommit(context.Background(), "HEAD")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, op byte, name string) {
		fs, err := repo.TreeFS(base)
		if err != nil {
			t.Fatal(err)
		}
		switch op % 4 {
		case 0:
			_ = util.WriteFile(fs, name, []byte("x\n"), 0o644)
		case 1:
			_ = fs.MkdirAll(name, 0o755)
			_ = util.WriteFile(fs, path.Join(name, "f"), []byte("x\n"), 0o644)
		case 2:
			_ = fs.Symlink("README", name)
		case 3:
			_ = fs.Rename("d", name)
		}
		var walk func(dir string)
		walk = func(dir string) {
			infos, err := fs.ReadDir(dir)
			if err != nil {
				t.Fatalf("ReadDir(%q): %v", dir, err)
			}
			for _, fi := range infos {
				n := fi.Name()
				p := path.Join(dir, n)
				switch {
				case fsckrule.DotGit(n):
					t.Fatalf("op %d on %q left %q, which git reads as .git", op%4, name, p)
				case fi.IsDir() && fsckrule.MustBeBlob(n):
					t.Fatalf("op %d on %q left the directory %q, which git reads as %s", op%4, name, p, fsckrule.Special(n))
				case fi.Mode()&os.ModeSymlink != 0 && fsckrule.NoSymlink(n):
					t.Fatalf("op %d on %q left the symbolic link %q", op%4, name, p)
				case strings.ContainsRune(n, '/') || n == "" || n == "." || n == "..":
					t.Fatalf("op %d on %q left the entry %q", op%4, name, p)
				}
				if fi.IsDir() {
					walk(p)
				}
			}
		}
		walk("/")
	})
}
