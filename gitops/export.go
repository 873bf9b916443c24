package gitops

import (
	"context"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// ExportTree writes the files of tree into dir (created when missing) as
// a checkout would: through a temporary index, so the user's index, HEAD
// and working tree are never touched; with the repository's checkout
// filters and end-of-line settings; symbolic links as links and
// executable files as executable. Submodules stay empty directories.
// Works in bare repositories too: dir is the work tree of the checkout.
func (r *Repo) ExportTree(ctx context.Context, tree plumbing.Hash, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return &RepoError{Op: "export " + tree.String(), Msg: err.Error(), Err: err}
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return &RepoError{Op: "export " + tree.String(), Dir: abs, Msg: err.Error(), Err: err}
	}
	tmp, err := ownedtemp.MkdirTemp("aiedit-index-")
	if err != nil {
		return &RepoError{Op: "export " + tree.String(), Msg: err.Error(), Err: err}
	}
	defer os.RemoveAll(tmp)
	env := []string{"GIT_INDEX_FILE=" + filepath.Join(tmp, "index")}
	op := "export " + tree.String()
	if err := r.PublishObjects(); err != nil {
		return err
	}
	cmd := func(args ...string) gitCmd {
		return gitCmd{dir: r.Dir, env: env, args: append([]string{"--work-tree=" + abs}, args...)}
	}
	if _, err := cmd("read-tree", tree.String()).output(ctx, op); err != nil {
		return err
	}
	_, err = cmd("checkout-index", "--all", "--force").output(ctx, op)
	return err
}
