package gitops

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"
)

// maxConsolidate bounds what consolidate rewrites: past it the packs stay
// as they are, for git gc to join (gc --auto does past gc.autoPackLimit).
const maxConsolidate = 256 << 20

// consolidateLocked joins the packs this store published into one, then
// removes them. A run publishes a pack before each git process that must
// read what it wrote: land replays each commit with git merge-tree, so
// landing 60 commits left 63 packs, where a run is to leave one, as a
// fetch does. It runs when the store closes, once the refs that make the
// objects reachable have moved and their .keep files are gone; a pack
// that is still kept (by a run that wrote an identical one, or by the
// user) keeps them all as they are. The new pack is in place, under a
// .keep of its own, before any old one goes, and an index goes before its
// pack (git finds a pack by its index), so every object stays readable
// throughout; a git process that listed an old pack and finds it gone
// looks again, as it does when `git repack -d` removes packs.
//
// The objects are merged from the packs' indexes in name order, each
// once, into a pack whose index entries go to disk as they come
// (newSortedPack): what it costs in memory does not grow with the
// objects.
func (s *objectStore) consolidateLocked() {
	packs := s.published
	s.published = nil
	if len(packs) < 2 {
		return
	}
	var total int64
	for _, o := range packs {
		if _, err := os.Lstat(o.base + ".keep"); !errors.Is(err, os.ErrNotExist) {
			return
		}
		info, err := os.Stat(o.base + ".pack")
		if err != nil || !o.pack.openIdx() {
			return
		}
		total += info.Size()
	}
	if total > maxConsolidate {
		return
	}
	p, err := newSortedPack(filepath.Join(s.objectsDir, "pack"))
	if err != nil {
		return
	}
	defer s.packs.dropPages()
	err = mergeNames(packs, func(h plumbing.Hash) error {
		// Copied as it lies in its pack: a note of 400,000 files is some
		// 80 MB, which reading would hold whole.
		raw, typ, size, hdr, ok, err := s.packs.rawEntry(h)
		if err != nil {
			return err
		}
		if ok {
			return p.addRaw(h, typ, size, hdr, raw)
		}
		typ, data, err := s.readRaw(h)
		if err != nil {
			return err
		}
		return p.add(h, typ, int64(len(data)), bytes.NewReader(data))
	})
	if err != nil {
		p.discard()
		return
	}
	base, keep, err := p.publish(s.fsync())
	if err != nil || keep == "" {
		return // an identical pack is another run's: leave everything
	}
	for _, o := range packs {
		if o.base == base {
			continue
		}
		if os.Remove(o.base+".idx") == nil {
			_ = os.Remove(o.base + ".pack")
		}
	}
	_ = os.Remove(keep)
}

// mergeNames calls fn with every object the packs' (mapped, sorted)
// indexes name, in name order, once each.
func mergeNames(packs []*ownPack, fn func(plumbing.Hash) error) error {
	at := make([]uint32, len(packs))
	name := func(k int) []byte {
		i := int(at[k])
		return packs[k].pack.idx[idxNames+i*20 : idxNames+i*20+20]
	}
	for {
		least := -1
		for k, o := range packs {
			if at[k] < o.pack.count && (least < 0 || bytes.Compare(name(k), name(least)) < 0) {
				least = k
			}
		}
		if least < 0 {
			return nil
		}
		var h plumbing.Hash
		copy(h[:], name(least))
		for k, o := range packs {
			if at[k] < o.pack.count && bytes.Equal(name(k), h[:]) {
				at[k]++
			}
		}
		if err := fn(h); err != nil {
			return err
		}
	}
}
