package gitops

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"os"
	"path/filepath"
	"time"
)

// QueueBranch makes the runs of this tool that lost a race for ref take
// turns: a run that lost once builds again only while it holds the
// branch's queue lock (an advisory flock on a file under
// $GIT_COMMON_DIR/aiedit/), so N racing runs cost N+N-1 builds instead of
// rebuilding in a stampede. Writers that are not this tool still race
// through the ref's compare-and-swap.
//
// It waits as long as the branch keeps moving (the holders are landing);
// it gives up, returning an error matching ErrRefMoved, once the branch has
// not moved for b's bound. The returned function releases the lock.
func (r *Repo) QueueBranch(ctx context.Context, ref string, b *Backoff) (func(), error) {
	sum := sha1.Sum([]byte(ref))
	dir := filepath.Join(r.CommonDir, "aiedit")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &RepoError{Op: "queue " + ref, Msg: err.Error(), Err: err}
	}
	f, err := os.OpenFile(filepath.Join(dir, "queue-"+hex.EncodeToString(sum[:8])), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, &RepoError{Op: "queue " + ref, Msg: err.Error(), Err: err}
	}
	last := r.peekRef(ref)
	poll := &Backoff{Bound: b.Bound, deadline: time.Now().Add(b.Bound), cap: 5 * time.Millisecond}
	for {
		ok, err := tryFlock(f)
		if err != nil {
			f.Close()
			return nil, &RepoError{Op: "queue " + ref, Msg: err.Error(), Err: err}
		}
		if ok {
			return func() { unflock(f); f.Close() }, nil
		}
		if !poll.Wait(ctx) {
			f.Close()
			return nil, &RepoError{Op: "queue " + ref, Dir: r.Dir, Msg: "waited " + b.Bound.String() + " for other runs while the branch did not move",
				Err: ErrRefMoved, Hint: "another run of git aiedit seems stuck on this branch"}
		}
		if tip := r.peekRef(ref); tip != last {
			// Others are landing: stay in the queue.
			last = tip
			poll.deadline = time.Now().Add(b.Bound)
		}
		if poll.cap > 200*time.Millisecond {
			poll.cap = 200 * time.Millisecond
		}
	}
}

// peekRef is a cheap signature of ref's value for noticing that it moved,
// without a git process: the loose ref file's content, or the packed-refs
// file's time when the ref is packed. (Reftable repositories show no
// movement here; their waiters give up after the bound without progress.)
func (r *Repo) peekRef(ref string) string {
	if b, err := os.ReadFile(filepath.Join(r.CommonDir, filepath.FromSlash(ref))); err == nil {
		return string(b)
	}
	if fi, err := os.Stat(filepath.Join(r.CommonDir, "packed-refs")); err == nil {
		return fi.ModTime().String()
	}
	return ""
}
