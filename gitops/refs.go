package gitops

import (
	"context"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// UpdateRef moves ref from old to new in one compare-and-swap with a reflog
// entry, using git's own lock protocol. old == plumbing.ZeroHash means the
// ref must not exist yet. When the ref does not hold old (another writer
// moved it, created it, deleted it, or holds its lock right now) the error
// matches errors.Is(err, ErrRefMoved); any other failure is a *RepoError.
func (r *Repo) UpdateRef(ctx context.Context, ref string, new, old plumbing.Hash, reason string) error {
	op := "update-ref " + ref
	if new.IsZero() {
		return &RepoError{Op: op, Msg: "refusing to delete a ref"}
	}
	// Never HEAD: through the symbolic ref it would move the user's branch.
	if !strings.HasPrefix(ref, "refs/") {
		return &RepoError{Op: op, Msg: "not a full ref name (want refs/…)"}
	}
	// A reflog message is one line; git would cut it at the newline.
	reason = strings.Join(strings.Fields(reason), " ")
	res, err := r.git("update-ref", "-m", reason, "--end-of-options", ref, new.String(), old.String()).run(ctx)
	if err != nil {
		return &RepoError{Op: op, Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code == 0 {
		return nil
	}
	msg := gitMessage(res)
	if strings.Contains(string(res.stderr), ".lock': File exists") {
		return r.lockError(op, ref, msg)
	}
	if strings.Contains(string(res.stderr), "with nonexistent object") {
		return &RepoError{Op: op, Dir: r.Dir, Msg: msg, Err: ErrObjectPruned,
			Hint: "a concurrent prune deleted what was written; write it again and retry"}
	}
	if casFailure(string(res.stderr), !old.IsZero()) {
		return &RepoError{Op: op, Dir: r.Dir, Msg: msg, Err: ErrRefMoved,
			Hint: "another process updated the ref; read it again and retry"}
	}
	return &RepoError{Op: op, Dir: r.Dir, Msg: msg}
}

// casFailure recognises git's messages for a ref that does not hold the
// expected old value (refs/files-backend.c, lockfile.c), with LC_ALL=C.
func casFailure(stderr string, expectedExisting bool) bool {
	switch {
	case strings.Contains(stderr, "but expected"),
		strings.Contains(stderr, "reference already exists"),
		strings.Contains(stderr, ".lock': File exists"):
		return true
	case expectedExisting && strings.Contains(stderr, "unable to resolve reference"):
		return true
	}
	return false
}
