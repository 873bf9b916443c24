package gitops

import (
	"errors"
	"fmt"
	"strings"
)

// ErrRefMoved reports that a ref did not hold the value an update expected:
// another writer moved it (or holds its lock). Callers re-read and retry.
var ErrRefMoved = errors.New("ref moved concurrently")

// ErrObjectPruned reports that git refused a ref update because the object
// it was to name is gone: a `git prune --expire=now` deleted it between
// its write and the update. Callers write it again and retry.
var ErrObjectPruned = errors.New("object pruned before the ref update")

// ErrNotCommit is a revision that names no commit (ResolveCommit).
var ErrNotCommit = errors.New("not a commit")

// RepoError is a problem with the repository itself: not a repository, an
// unsupported format, or a git command that failed. Op says what was being
// done; Hint, when set, says what the user can do about it.
type RepoError struct {
	Op   string // e.g. "discover", "update-ref refs/heads/x"
	Dir  string // directory the operation ran in, when relevant
	Msg  string
	Hint string
	Err  error
}

func (e *RepoError) Error() string {
	s := e.Op + ": " + e.Msg
	if e.Op == "discover" {
		s = e.Msg // "not a git repository (in DIR)" says it all
	}
	if e.Dir != "" {
		s += " (in " + e.Dir + ")"
	}
	if h := e.hint(); h != "" {
		s += "; " + h
	}
	return s
}

// hint is Hint, or what to do about a failure git describes in terms the
// user may not connect to a cause: a worktree whose directory was deleted
// makes every git command run there say "cannot change to".
func (e *RepoError) hint() string {
	if e.Hint == "" && strings.Contains(e.Msg, "cannot change to") {
		return "its directory is gone: if it was a worktree, run `git worktree prune` to forget it, then run the command again"
	}
	return e.Hint
}

func (e *RepoError) Unwrap() error { return e.Err }

// UnsafePathError reports a path that must not be edited through a tree:
// it escapes the repository, goes through a symbolic link or a submodule,
// names a .git directory, or is stored with Git LFS.
type UnsafePathError struct {
	Path   string // the path asked for
	Reason string // e.g. "symbolic link at src/lib"
}

func (e *UnsafePathError) Error() string {
	return fmt.Sprintf("%s: unsafe path: %s", e.Path, e.Reason)
}
