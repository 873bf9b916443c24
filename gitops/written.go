package gitops

import "github.com/go-git/go-git/v5/plumbing"

// What a run wrote since ForgetWritten is what ProtectWritten keeps and
// VerifyObjects checks. It is not listed object by object: every object
// the store writes goes into its own packs, appended in order, so a
// writtenMark (a pack's number and an offset in it) says where a set
// starts, and the packs' indexes name what follows. Only the objects git
// processes wrote for the run (commit-tree -S's commits, loose) are
// listed, one a signed commit.

// writtenMark is a point in what the store wrote.
type writtenMark struct {
	foreign int    // objects git processes wrote before it (counted from the store's start)
	seq     uint64 // the pending pack at the time
	off     uint64 // where the pending pack's next entry was
}

// before reports whether m comes before n.
func (m writtenMark) before(n writtenMark) bool {
	return m.seq < n.seq || m.seq == n.seq && m.off < n.off || m.foreign < n.foreign
}

// writtenSet is what was written from a mark on: the foreign objects,
// and (with packs) the objects of the store's packs from the mark, read
// from the store when the set is used.
type writtenSet struct {
	foreign []plumbing.Hash
	packs   bool
	from    writtenMark
}

// hashesSet is a set of given objects (none of the store's packs).
func hashesSet(hs []plumbing.Hash) writtenSet { return writtenSet{foreign: hs} }

// markLocked is the point the store has written to.
func (s *objectStore) markLocked() writtenMark {
	m := writtenMark{foreign: s.foreignBase + len(s.foreign), seq: s.seq}
	if s.pending != nil {
		m.off = s.pending.off
	}
	return m
}

// mark is markLocked under the lock.
func (s *objectStore) mark() writtenMark {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.markLocked()
}

// wroteForeign records an object a git process wrote for the run.
func (s *objectStore) wroteForeign(h plumbing.Hash) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.foreign = append(s.foreign, h)
}

// writtenSince returns what was written from m on (from the last
// ForgetWritten, when m is older).
func (s *objectStore) writtenSince(m writtenMark) writtenSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writtenSinceLocked(m)
}

func (s *objectStore) writtenSinceLocked(m writtenMark) writtenSet {
	if m.before(s.logStart) {
		m = s.logStart
	}
	k := max(0, m.foreign-s.foreignBase)
	return writtenSet{foreign: append([]plumbing.Hash(nil), s.foreign[k:]...), packs: true, from: m}
}

// forgetLocked starts the set of written objects anew.
func (s *objectStore) forgetLocked() {
	s.logStart = s.markLocked()
	s.foreignBase += len(s.foreign)
	s.foreign = nil
}

// ownSince calls fn with each pack the store published that holds
// objects written from m on, and the offset they start at in it.
func (s *objectStore) ownSince(m writtenMark, fn func(o *ownPack, from uint64) error) error {
	for _, o := range s.own {
		switch {
		case o.seq < m.seq:
			continue
		case o.seq == m.seq:
			if err := fn(o, m.off); err != nil {
				return err
			}
		default:
			if err := fn(o, 0); err != nil {
				return err
			}
		}
	}
	return nil
}
