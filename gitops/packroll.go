package gitops

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing"
)

// packRollAt is how many objects the pending pack takes before it is
// published and a new one started: its index is in memory (packTable,
// ~56 bytes an object), so this bounds what a run writing any number of
// objects holds (~4 MB). A variable, for tests.
var packRollAt = 1 << 16

// ownPack is a pack this store published.
type ownPack struct {
	seq  uint64 // the pending pack's number in the store
	base string // its path without extension
	// pack is its index, mapped and shared with packSet, which reads
	// from it whether or not a scan of the directory has seen it.
	pack *packFile
	keep string // its .keep while this store holds it; "" once let go
}

// rollLocked publishes the pending pack once it is full. Its .keep holds
// it as publishLocked's does: what it has is unreachable until a ref
// moves.
func (s *objectStore) rollLocked() error {
	if s.pending == nil || int(s.pending.count) < packRollAt {
		return nil
	}
	if err := s.publishLocked(); err != nil {
		return fmt.Errorf("publish a full pending pack: %w", err)
	}
	// What was read of the packs so far leaves the process's resident
	// memory, as git's core.packedGitLimit bounds what it maps: each
	// write looks its object up in every pack the run wrote, and a
	// response of a million files reads 80 MB of them.
	s.packs.dropPages()
	return nil
}

// ownLocked records a pack just published, kept under keep ("" when it
// was another run's to keep).
func (s *objectStore) ownLocked(base, keep string) {
	o := &ownPack{seq: s.seq, base: base, pack: s.packs.own(base + ".idx"), keep: keep}
	// Mapped now, the pack stays readable for ours, protect and missing
	// even once a gc has removed it (it was let go, and a move failed).
	if !o.pack.openPack() && !o.pack.openIdx() {
		// Nothing is mapped on this platform: the index is read, ~28
		// bytes an object (packSet reads through cat-file).
		if idx, err := os.ReadFile(o.pack.idxPath); err == nil {
			o.pack.useIdx(idx)
		}
	}
	s.own = append(s.own, o)
	if keep != "" {
		s.held = append(s.held, o)
		s.published = append(s.published, o)
	}
}

// ours reports whether this store wrote h into its pending pack or a pack
// it published and still keeps.
func (s *objectStore) ours(h plumbing.Hash) bool {
	if s.pending != nil && s.pending.has(h) {
		return true
	}
	if !s.added.has(h) {
		return false // never written here: no index to look in
	}
	for _, o := range s.held {
		if _, _, ok := o.pack.find(h); ok {
			return true
		}
	}
	return false
}

// takeHeld hands the .keep files of the held packs to the caller, who
// removes them.
func (s *objectStore) takeHeld() []string {
	var keeps []string
	for _, o := range s.held {
		keeps = append(keeps, o.keep)
		o.keep = ""
	}
	s.held = nil
	return keeps
}

// gone reports whether the pack's files are no longer there (a gc
// repacked it once it was let go).
func (o *ownPack) gone() bool {
	for _, ext := range []string{".idx", ".pack"} {
		if _, err := os.Stat(o.base + ext); err != nil {
			return true
		}
	}
	return false
}

// each calls fn with every object of the pack at offset from or later
// (written after a mark: entries are appended, so offsets follow the
// order of writing), read from its mapped index.
func (o *ownPack) each(from uint64, fn func(plumbing.Hash) error) error {
	p := o.pack
	if !p.openIdx() {
		return fmt.Errorf("read pack index %s", p.idxPath)
	}
	for i := range p.count {
		off, ok := p.offset(i)
		if !ok {
			return fmt.Errorf("read pack index %s: bad offset", p.idxPath)
		}
		if uint64(off) < from {
			continue
		}
		var h plumbing.Hash
		copy(h[:], p.idx[idxNames+int(i)*20:])
		if err := fn(h); err != nil {
			return err
		}
	}
	return nil
}

// own returns the handle of a pack this process has just put in place,
// known from now on without a scan of the directory.
func (ps *packSet) own(idxPath string) *packFile {
	if !ps.scanned {
		ps.scan()
	}
	if ps.known[idxPath] {
		for _, p := range ps.packs {
			if p.idxPath == idxPath {
				return p
			}
		}
	}
	ps.known[idxPath] = true
	p := &packFile{idxPath: idxPath}
	if info, err := os.Stat(idxPath); err == nil {
		p.idxSize, p.mtime = info.Size(), info.ModTime().UnixNano()
	}
	ps.packs = append([]*packFile{p}, ps.packs...)
	return p
}

// hashFilter answers "surely never added" for most objects a run looks
// up in its own packs: each write looks its object up in every pack the
// run wrote, and the pages of their indexes, touched by a million such
// lookups, would all stay resident. 1 MiB, three probes taken from the
// name's own bits (names are uniformly random).
type hashFilter struct{ bits []uint64 }

const hashFilterBits = 1 << 23

func (f *hashFilter) add(h plumbing.Hash) {
	if f.bits == nil {
		f.bits = make([]uint64, hashFilterBits/64)
	}
	for i := 0; i < 3; i++ {
		b := binary.BigEndian.Uint32(h[4*i:]) % hashFilterBits
		f.bits[b/64] |= 1 << (b % 64)
	}
}

func (f *hashFilter) has(h plumbing.Hash) bool {
	if f.bits == nil {
		return false
	}
	for i := 0; i < 3; i++ {
		b := binary.BigEndian.Uint32(h[4*i:]) % hashFilterBits
		if f.bits[b/64]&(1<<(b%64)) == 0 {
			return false
		}
	}
	return true
}

// DiscardWrites makes what the run writes from now on its own alone: at
// Close its packs are removed, never left in the repository. A dry run
// writes nothing to the repository, yet writes a long response's tree
// out as it goes to bound its memory (TrimTree).
func (r *Repo) DiscardWrites() {
	r.objects.mu.Lock()
	r.objects.discard = true
	r.objects.mu.Unlock()
}

// discardLocked removes the pending pack and every pack the store
// published, index first (git finds a pack by its index).
func (s *objectStore) discardLocked() {
	if s.pending != nil {
		s.pending.discard()
		s.pending = nil
	}
	for _, o := range s.own {
		if os.Remove(o.base+".idx") == nil {
			_ = os.Remove(o.base + ".pack")
		}
		if o.keep != "" {
			_ = os.Remove(o.keep)
		}
	}
	s.own, s.held, s.published = nil, nil, nil
}
