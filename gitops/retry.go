package gitops

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// ErrRefLocked reports a ref whose lock file has been there longer than any
// live git process holds one: most likely left by a killed process. The
// error's hint names the file; retrying cannot help until it is removed.
var ErrRefLocked = errors.New("ref is locked")

// staleLockAge is how old a ref's lock file must be to count as left
// behind. git holds a ref lock for the time of one write (milliseconds);
// a lock this old belongs to no running update.
const staleLockAge = 5 * time.Second

// RefLockError is a ref update refused because the ref's lock file
// exists. A fresh lock belongs to a git process updating the ref right
// now: that is contention, and the error matches ErrRefMoved (read again
// and retry). A stale one was most likely left by a killed process: it
// matches ErrRefLocked, and retrying cannot help until it is removed.
type RefLockError struct {
	Ref   string
	Lock  string    // the lock file's path
	Since time.Time // when it was made (zero when it was gone by the time it was looked at)
	Stale bool
}

func (e *RefLockError) Error() string {
	if e.Stale {
		return "the lock file " + e.Lock + " exists (since " + e.Since.UTC().Format(time.RFC3339) + ")"
	}
	return "another git process is updating " + e.Ref + " (its lock file " + e.Lock + " exists)"
}

// Is lets callers that only retry on contention keep asking for
// ErrRefMoved, and those that give up on a left-behind lock ErrRefLocked.
func (e *RefLockError) Is(target error) bool {
	if e.Stale {
		return target == ErrRefLocked
	}
	return target == ErrRefMoved
}

// lockError tells a stale lock file from one held right now by another
// writer (which is contention: ErrRefMoved, retry).
func (r *Repo) lockError(op, ref string) error {
	lock := filepath.Join(r.CommonDir, filepath.FromSlash(ref)+".lock")
	if strings.HasPrefix(ref, "refs/bisect/") || ref == "HEAD" {
		lock = filepath.Join(r.GitDir, filepath.FromSlash(ref)+".lock")
	}
	le := &RefLockError{Ref: ref, Lock: lock}
	if fi, err := os.Stat(lock); err == nil {
		le.Since = fi.ModTime()
		le.Stale = time.Since(fi.ModTime()) > staleLockAge
	}
	if le.Stale {
		return &RepoError{Op: op, Dir: r.Dir, Msg: le.Error(), Err: le,
			Hint: "another git process may be running; if none is, a killed one left it: remove it (rm " + shellQuote(lock) + ") and run the command again"}
	}
	return &RepoError{Op: op, Dir: r.Dir, Msg: le.Error(), Err: le, Hint: "read it again and retry"}
}

func shellQuote(s string) string {
	if strings.IndexFunc(s, func(c rune) bool {
		return !(c == '/' || c == '.' || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// VerifyObjects reports whether every object this Repo wrote since the
// last call is still in the repository. A `git gc --prune=now` or
// `git prune --expire=now` that runs between the write and the ref move
// deletes them as unreachable; the branch would then name missing objects.
// Objects are looked for in-process first (packs, loose files); one not
// found there is asked of git. The written set is cleared either way.
func (r *Repo) VerifyObjects(ctx context.Context) (missing []plumbing.Hash, err error) {
	return r.missing(ctx, r.objects.takeWritten())
}

// missing returns the objects of written that the repository does not
// hold.
func (r *Repo) missing(ctx context.Context, written writtenSet) (missing []plumbing.Hash, err error) {
	var gone []plumbing.Hash
	for _, h := range written.foreign {
		if !r.objects.has(h) {
			gone = append(gone, h)
		}
	}
	if missing, err = r.askMissing(ctx, gone); err != nil || !written.packs {
		return missing, err
	}
	// A pack of the store's that is still there holds all its objects (the
	// pending one too); of one a gc took once it was let go, git is asked
	// for each object (it may have repacked those a ref reaches), a pack
	// at a time.
	s := r.objects
	s.mu.Lock()
	var taken []packFrom
	err = s.ownSince(written.from, func(o *ownPack, from uint64) error {
		if o.keep == "" && o.gone() {
			taken = append(taken, packFrom{o, from})
		}
		return nil
	})
	s.mu.Unlock()
	for _, t := range taken {
		s.mu.Lock()
		var hs []plumbing.Hash
		err := t.pack.each(t.from, func(h plumbing.Hash) error { hs = append(hs, h); return nil })
		s.mu.Unlock()
		if err != nil {
			return nil, &RepoError{Op: "verify objects", Dir: r.Dir, Msg: err.Error(), Err: err}
		}
		m, err := r.askMissing(ctx, hs)
		if err != nil {
			return nil, err
		}
		missing = append(missing, m...)
	}
	return missing, err
}

// packFrom is a pack of the store's, from an offset on.
type packFrom struct {
	pack *ownPack
	from uint64
}

// askMissing returns those of gone that git cannot find.
func (r *Repo) askMissing(ctx context.Context, gone []plumbing.Hash) (missing []plumbing.Hash, err error) {
	if len(gone) == 0 {
		return nil, nil
	}
	var in strings.Builder
	for _, h := range gone {
		in.WriteString(h.String())
		in.WriteByte('\n')
	}
	// --batch-check prints "<oid> missing" for an object git cannot find.
	g := r.git("cat-file", "--batch-check=%(objectname)")
	g.stdin = []byte(in.String())
	res, err := g.run(ctx)
	if err != nil {
		return nil, &RepoError{Op: "verify objects", Dir: r.Dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	for _, line := range strings.Split(string(res.stdout), "\n") {
		if hex, ok := strings.CutSuffix(line, " missing"); ok {
			missing = append(missing, plumbing.NewHash(hex))
		}
	}
	return missing, nil
}

// takeWritten returns the objects written since the last call.
func (s *objectStore) takeWritten() writtenSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.writtenSinceLocked(s.logStart)
	s.forgetLocked()
	return w
}

// ForgetWritten clears the set of written objects VerifyObjects checks.
func (r *Repo) ForgetWritten() { r.objects.takeWritten() }

// LandBound is how long a writer keeps retrying a ref that other writers
// keep moving. A rebuild costs about what the first build did; under
// 64-way contention each run lands within a few rounds.
var LandBound = 30 * time.Second

// Backoff spaces the attempts of one compare-and-swap loop with full
// jitter (a random wait up to a doubling cap), so that writers racing for
// one ref spread out instead of colliding again in step.
type Backoff struct {
	Bound    time.Duration
	deadline time.Time
	cap      time.Duration
}

// NewBackoff starts a loop bounded by LandBound from now.
func NewBackoff() *Backoff {
	return &Backoff{Bound: LandBound, deadline: time.Now().Add(LandBound), cap: 20 * time.Millisecond}
}

// Wait sleeps before the next attempt; false when the bound has passed
// or ctx is done.
func (b *Backoff) Wait(ctx context.Context) bool {
	left := time.Until(b.deadline)
	if left <= 0 {
		return false
	}
	d := time.Duration(rand.Int64N(int64(b.cap)) + 1)
	if d > left {
		d = left
	}
	if b.cap < time.Second {
		b.cap *= 2
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
