package gitops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Protection holds a run's objects in kept packs while the ref that makes
// them reachable moves. Release lets the packs go.
type Protection struct {
	keeps []string    // the .keep files this run created
	packs []*packFile // the packs they keep (read under the store's lock)
}

// keepWait bounds the wait for another run's .keep on an identical pack.
var keepWait = 5 * time.Second

// takeKeep's wait reads the time and sleeps through these, so that a
// test can count the wait on a clock of its own, not the machine's.
var (
	keepNow   = time.Now
	keepSleep = time.Sleep
)

// ProtectWritten publishes every object written since ForgetWritten in a
// pack marked with a .keep file, before the ref that makes them reachable
// moves. An unreachable object is deleted by `git gc --prune=now` or
// `git prune --expire=now` whenever they look, which may be after a ref
// moved if they looked before; checking after the move cannot close that
// window. A kept pack can: repack leaves kept packs alone, and prune
// deletes only loose objects. git's receive-pack protects incoming objects
// the same way (index-pack --keep) until its refs move.
//
// An object written by a git process (commit-tree -S) is copied into the
// pack; one already gone (pruned before it could be) fails with
// ErrObjectPruned: the caller writes it again. With no objects written,
// nothing is done.
func (r *Repo) ProtectWritten() (*Protection, error) {
	s := r.objects
	s.mu.Lock()
	written := s.writtenSinceLocked(s.logStart)
	s.mu.Unlock()
	return r.protect(written)
}

// protect publishes what was written as ProtectWritten does: the pending
// pack, with the packs the store still keeps; what is in a pack of its
// own it let go (a move that failed released it), or was written by a
// git process, is copied in.
func (r *Repo) protect(written writtenSet) (*Protection, error) {
	s := r.objects
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, h := range written.foreign {
		if err := s.copyInLocked(h); err != nil {
			return nil, err
		}
	}
	if written.packs {
		// Those published up to now: the copies go into later ones.
		own := s.own
		for _, o := range own {
			if o.keep != "" || o.seq < written.from.seq {
				continue
			}
			from := uint64(0)
			if o.seq == written.from.seq {
				from = written.from.off
			}
			if err := o.each(from, s.copyInLocked); err != nil {
				if errors.Is(err, ErrObjectPruned) {
					return nil, err
				}
				return nil, fmt.Errorf("protect objects: %w: %v", ErrObjectPruned, err)
			}
		}
	}
	if err := s.publishLocked(); err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	packs := make([]*packFile, len(s.held))
	for i, o := range s.held {
		packs[i] = o.pack
	}
	return &Protection{keeps: s.takeHeld(), packs: packs}, nil
}

// copyInLocked copies h into the pending pack unless the store keeps it
// already (a hash met again is ours once it was copied in).
func (s *objectStore) copyInLocked(h plumbing.Hash) error {
	if s.ours(h) {
		return nil
	}
	typ, data, err := s.readRaw(h)
	if err != nil {
		if s.pending != nil {
			s.pending.discard()
			s.pending = nil
			s.seq++
		}
		return fmt.Errorf("protect objects: %w: %v", ErrObjectPruned, err)
	}
	if err := s.add(h, typ, int64(len(data)), bytes.NewReader(data)); err != nil {
		return fmt.Errorf("protect objects: %w", err)
	}
	return nil
}

// Held reports whether the objects were published under .keep files this
// run created: then no prune could have deleted them.
func (p *Protection) Held() bool { return p != nil && len(p.keeps) > 0 }

// Release removes the .keep files, so that a later gc may repack the
// objects like any others. Call it once the ref has moved, or failed to.
func (p *Protection) Release() {
	if p == nil {
		return
	}
	removeFiles(p.keeps...)
	p.keeps, p.packs = nil, nil
}

// takeKeep creates the .keep file, naming this process as its owner
// (keepContent). An identical pack written by another run at the same
// moment has one already: wait for it to let go, and after keepWait use
// it as it is without owning it. One whose owner is gone (a killed run)
// is taken over at once; one this tool did not make is used as it is.
func takeKeep(path string) (string, error) {
	deadline := keepNow().Add(keepWait)
	for {
		err := createWhole(path, keepContent())
		if err == nil {
			return path, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return "", err
		}
		ours, dead := keepState(path)
		switch {
		case ours && dead:
			_ = os.Remove(path)
			continue
		case !ours || keepNow().After(deadline):
			return "", nil
		}
		keepSleep(10 * time.Millisecond)
	}
}

// createWhole creates path with content, failing with os.ErrExist when
// it exists, and never leaves it half-written: the content is written to
// a temporary file first and linked into place (a run killed between
// creating a .keep and writing its owner in it would leave one that no
// later run could tell from the user's, kept for ever).
func createWhole(path, content string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "aiedit-incoming-keep-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(content)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err != nil {
		return err
	}
	err = os.Link(tmp.Name(), path)
	if err == nil || errors.Is(err, os.ErrExist) {
		return err
	}
	// A file system without hard links: create it in place.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(content)
	return errors.Join(err, f.Close())
}

// writeFileAtomicWith writes what fill writes to path through a temporary
// file beside it, flushed to disk first with flush.
func writeFileAtomicWith(path string, fill func(io.Writer) error, flush, writeoutOnly bool) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "aiedit-incoming-idx-")
	if err != nil {
		return err
	}
	err = fill(tmp)
	if err == nil && flush {
		if err = flushFile(tmp, writeoutOnly); err != nil {
			err = fmt.Errorf("flush pack index to disk: %w", err)
		}
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o444)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// UpdateRefProtected is UpdateRef for a command that wrote the objects
// new names: they are packed and kept while the ref moves
// (ProtectWritten), then let go.
func (r *Repo) UpdateRefProtected(ctx context.Context, ref string, new, old plumbing.Hash, reason string) error {
	prot, err := r.ProtectWritten()
	if err != nil {
		return &RepoError{Op: "update-ref " + ref, Dir: r.Dir, Msg: err.Error(), Err: err,
			Hint: "a concurrent `git gc --prune=now` or `git prune --expire=now` deleted what was written; run the command again"}
	}
	defer prot.Release()
	if err := r.UpdateRef(ctx, ref, new, old, reason); err != nil {
		return err
	}
	r.ForgetWritten()
	return nil
}

// removeFiles removes files, as far as it can (.keep files let go).
func removeFiles(paths ...string) {
	for _, p := range paths {
		_ = os.Remove(p)
	}
}
