package gitops

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"
)

// Snapshot is the working tree as a commit: what an agent saw when its
// session started.
type Snapshot struct {
	Commit plumbing.Hash // the snapshot commit; HEAD itself when Clean
	Head   plumbing.Hash // HEAD when the snapshot was taken
	Clean  bool          // the working tree had nothing that HEAD lacks
}

// SnapshotWorkTree records the working tree — tracked files as they are on
// disk plus untracked files that are not ignored — as a commit on top of
// HEAD, the way `git stash create` records local changes, without touching
// the real index, the stash or any ref. It works on a copy of the index
// (GIT_INDEX_FILE), so the stat information there spares hashing files
// that did not change. When the tree equals HEAD's, no commit is written
// and HEAD is returned (Clean).
func (r *Repo) SnapshotWorkTree(ctx context.Context, message string) (Snapshot, error) {
	const op = "snapshot the working tree"
	if r.WorkTree == "" {
		return Snapshot{}, &RepoError{Op: op, Dir: r.Dir, Msg: "a bare repository has no working tree"}
	}
	head, err := r.ResolveCommit(ctx, "HEAD")
	if err != nil {
		return Snapshot{}, &RepoError{Op: op, Dir: r.Dir, Msg: "HEAD does not name a commit", Err: err}
	}
	c, err := r.Commit(head)
	if err != nil {
		return Snapshot{}, err
	}
	tmp, err := os.CreateTemp(r.GitDir, "aiedit-index-*")
	if err != nil {
		return Snapshot{}, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	index := tmp.Name()
	defer os.Remove(index)
	copied, err := copyIndex(filepath.Join(r.GitDir, "index"), tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !copied {
		err = os.Remove(index) // git reads a missing index as empty, an empty file as corrupt
	}
	if err != nil {
		return Snapshot{}, &RepoError{Op: op, Dir: r.GitDir, Msg: err.Error(), Err: err}
	}
	env := []string{"GIT_INDEX_FILE=" + index}
	if _, err := (gitCmd{dir: r.WorkTree, args: []string{"add", "--all", "--ignore-errors", "--", "."}, env: env}).output(ctx, op); err != nil {
		return Snapshot{}, err
	}
	out, err := gitCmd{dir: r.WorkTree, args: []string{"write-tree"}, env: env}.output(ctx, op)
	if err != nil {
		return Snapshot{}, err
	}
	tree, err := parseHash(op, out)
	if err != nil {
		return Snapshot{}, err
	}
	if tree == c.TreeHash {
		return Snapshot{Commit: head, Head: head, Clean: true}, nil
	}
	commit, err := r.WriteCommit(ctx, tree, []plumbing.Hash{head}, message)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Commit: commit, Head: head}, nil
}

// copyIndex copies the index to dst. It reports false for a repository
// without an index yet (nothing was ever added).
func copyIndex(src string, dst io.Writer) (bool, error) {
	f, err := os.Open(src)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	_, err = io.Copy(dst, f)
	return true, err
}
