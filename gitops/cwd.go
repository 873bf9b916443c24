package gitops

import (
	"errors"
	"io/fs"
)

// cwdError says what a relative directory that cannot be made absolute
// means: the current directory itself was deleted, most often a worktree
// removed with rm -rf by another shell while this one was in it. git
// says only "Unable to read current working directory".
func cwdError(dir string, err error) error {
	e := &RepoError{Op: "discover", Dir: dir, Msg: "cannot read the current directory: " + err.Error(), Err: err}
	if errors.Is(err, fs.ErrNotExist) {
		e.Dir, e.Msg = "", "the current directory has been deleted"
		e.Hint = "cd to one that exists; if it was a worktree, `git worktree prune` forgets it"
	}
	return e
}
