package gitops

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// TempCheckout writes tree into a new temporary directory, as ExportTree
// does, for tools that want files on disk (configured checks). The
// checkout is named after the repository's directory, since some tools
// take a project's name from it. remove deletes it, even where a tool
// left read-only directories behind (Go's module cache does).
func (r *Repo) TempCheckout(ctx context.Context, tree plumbing.Hash) (dir string, remove func(), err error) {
	tmp, err := ownedtemp.MkdirTemp("aiedit-check-")
	if err != nil {
		return "", nil, &RepoError{Op: "temporary checkout", Msg: err.Error(), Err: err}
	}
	remove = func() { removeAll(tmp) }
	name := filepath.Base(r.WorkTree)
	if r.WorkTree == "" || name == "." || name == string(filepath.Separator) {
		name = "tree"
	}
	dir = filepath.Join(tmp, name)
	if err := r.ExportTree(ctx, tree, dir); err != nil {
		remove()
		return "", nil, err
	}
	return dir, remove, nil
}

func removeAll(dir string) {
	if os.RemoveAll(dir) == nil {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}
