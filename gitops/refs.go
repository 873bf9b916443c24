package gitops

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// UpdateRef moves ref from old to new in one compare-and-swap with a reflog
// entry, using git's own lock protocol. old == plumbing.ZeroHash means the
// ref must not exist yet. When the ref does not hold old (another writer
// moved it, created it, deleted it, or holds its lock right now) the error
// matches errors.Is(err, ErrRefMoved); any other failure is a *RepoError.
func (r *Repo) UpdateRef(ctx context.Context, ref string, new, old plumbing.Hash, reason string) error {
	return r.UpdateRefs(ctx, reason, RefUpdate{Ref: ref, New: new, Old: old})
}

// RefUpdate is one compare-and-swap of UpdateRefs: Old is what Ref must
// hold (plumbing.ZeroHash: it must not exist), New what it is to hold.
type RefUpdate struct {
	Ref      string
	New, Old plumbing.Hash
}

// UpdateRefs moves every ref in one transaction of git's (`update-ref
// --stdin`): all move, each with its reflog entry, or none does. It fails
// as UpdateRef does; MovedRef tells which ref another writer moved.
func (r *Repo) UpdateRefs(ctx context.Context, reason string, updates ...RefUpdate) error {
	in, err := refCommands(updates)
	if err != nil {
		return err
	}
	reason = reflogLine(reason)
	var g gitCmd
	if len(updates) == 1 {
		u := updates[0]
		g = r.git("update-ref", "-m", reason, "--end-of-options", u.Ref, u.New.String(), u.Old.String())
	} else {
		g = r.git("update-ref", "-m", reason, "--stdin")
		g.stdin = []byte(in)
	}
	g.outlive = true
	res, err := g.run(ctx)
	if err != nil {
		return &RepoError{Op: opName(updates), Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	return r.refUpdateError(updates, res)
}

// refCommands checks updates and writes them as `update-ref --stdin`
// commands.
func refCommands(updates []RefUpdate) (string, error) {
	var in strings.Builder
	for _, u := range updates {
		if u.New.IsZero() {
			return "", &RepoError{Op: opName(updates), Msg: "refusing to delete a ref"}
		}
		// Never HEAD: through the symbolic ref it would move the user's
		// branch. A name with white space could not be written below.
		if !strings.HasPrefix(u.Ref, "refs/") || strings.ContainsAny(u.Ref, " \t\n\x00") {
			return "", &RepoError{Op: opName(updates), Msg: "not a full ref name (want refs/…)"}
		}
		fmt.Fprintf(&in, "update %s %s %s\n", u.Ref, u.New, u.Old)
	}
	return in.String(), nil
}

func opName(updates []RefUpdate) string {
	op := "update-ref"
	for _, u := range updates {
		op += " " + u.Ref
	}
	return op
}

// reflogLine makes reason one line; git would cut it at the newline.
func reflogLine(reason string) string { return strings.Join(strings.Fields(reason), " ") }

// refUpdateError says what a finished update-ref's result means.
func (r *Repo) refUpdateError(updates []RefUpdate, res gitResult) error {
	if res.code == 0 {
		return nil
	}
	msg := gitMessage(res)
	stderr := string(res.stderr)
	// The ref git names in its message is the one that failed.
	failed := updates[0]
	for _, u := range updates {
		if strings.Contains(stderr, "'"+u.Ref+"'") || strings.Contains(stderr, "'"+u.Ref+".lock'") {
			failed = u
			break
		}
	}
	op := "update-ref " + failed.Ref
	if strings.Contains(stderr, ".lock': File exists") {
		return r.lockError(op, failed.Ref)
	}
	if strings.Contains(stderr, "with nonexistent object") {
		return &RepoError{Op: op, Dir: r.Dir, Msg: msg, Err: ErrObjectPruned,
			Hint: "a concurrent prune deleted what was written; write it again and retry"}
	}
	if casFailure(stderr, !failed.Old.IsZero()) {
		return &RepoError{Op: op, Dir: r.Dir, Msg: msg, Err: ErrRefMoved,
			Hint: "another process updated the ref; read it again and retry"}
	}
	return &RepoError{Op: op, Dir: r.Dir, Msg: msg}
}

// MovedRef returns the ref an UpdateRefs error names ("" when none).
func MovedRef(err error) string {
	var re *RepoError
	if errors.As(err, &re) {
		if ref, ok := strings.CutPrefix(re.Op, "update-ref "); ok && !strings.Contains(ref, " ") {
			return ref
		}
	}
	return ""
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
