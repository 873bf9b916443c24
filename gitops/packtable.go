package gitops

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"
)

// packEntry is one object of the pending pack.
type packEntry struct {
	hash plumbing.Hash
	off  uint64 // of the entry's header in the file
	size int64
	crc  uint32
	typ  plumbing.ObjectType
	hdr  uint8 // the header's length: the deflated data starts at off+hdr
}

// packTable is the pending pack's index in memory: its entries in the
// order written, and an open-addressing table of their positions keyed
// by the name's first bytes (names are uniformly random). About 56 bytes
// an object, where a map of entries took twice that; packRollAt bounds
// the objects it holds.
type packTable struct {
	list  []packEntry
	slots []int32 // a position in list plus one; 0 is empty
}

func (t *packTable) slot(h plumbing.Hash) int {
	return int(binary.BigEndian.Uint32(h[:4])) & (len(t.slots) - 1)
}

// find returns h's entry.
func (t *packTable) find(h plumbing.Hash) (*packEntry, bool) {
	if len(t.slots) == 0 {
		return nil, false
	}
	for i := t.slot(h); ; i = (i + 1) & (len(t.slots) - 1) {
		k := t.slots[i]
		if k == 0 {
			return nil, false
		}
		if e := &t.list[k-1]; e.hash == h {
			return e, true
		}
	}
}

// put adds an entry whose name is not in the table.
func (t *packTable) put(e packEntry) {
	if len(t.list) == cap(t.list) {
		// Doubled, not append's 1.25: a full pack's list is allocated
		// twice its size in all, not five times.
		t.list = slices.Grow(t.list, max(256, len(t.list)))
	}
	t.list = append(t.list, e)
	// Half full at most, so that a probe ends soon.
	if len(t.list)*2 > len(t.slots) {
		t.slots = make([]int32, max(1024, len(t.slots)*2))
		for k := range t.list {
			t.insert(k)
		}
		return
	}
	t.insert(len(t.list) - 1)
}

func (t *packTable) insert(k int) {
	i := t.slot(t.list[k].hash)
	for t.slots[i] != 0 {
		i = (i + 1) & (len(t.slots) - 1)
	}
	t.slots[i] = int32(k + 1)
}

// sorted orders the entries by name for the index and drops the lookup
// table: nothing is found in the pack after this.
func (t *packTable) sorted() idxSource {
	t.slots = nil
	slices.SortFunc(t.list, func(a, b packEntry) int { return bytes.Compare(a.hash[:], b.hash[:]) })
	return func(fn func(idxEntry) error) error {
		for i := range t.list {
			e := &t.list[i]
			if err := fn(idxEntry{hash: e.hash, crc: e.crc, off: e.off}); err != nil {
				return err
			}
		}
		return nil
	}
}
