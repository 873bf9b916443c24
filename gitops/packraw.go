package gitops

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/go-git/go-git/v5/plumbing"
)

// rawEntry is the entry of object h in a pack as it lies there, header
// and deflated data, when it is a whole object (no delta): what joining
// packs copies without inflating it into memory. The stream is inflated
// once, to nothing, to find its end and check it. ok is false when no
// pack holds h whole.
func (ps *packSet) rawEntry(h plumbing.Hash) (raw []byte, typ plumbing.ObjectType, size int64, hdr int, ok bool, err error) {
	if !ps.scanned {
		ps.scan()
	}
	for _, p := range ps.packs {
		off, want, found := p.find(h)
		if !found || !p.openPack() {
			continue
		}
		typ, size, n, err := entryHeader(p.pack, off)
		if err != nil {
			return nil, 0, 0, 0, false, err
		}
		switch typ {
		case plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject:
		default:
			return nil, 0, 0, 0, false, nil // a delta: read whole
		}
		ps.touch(size)
		pos := off + int64(n)
		src := &ps.src
		src.Reset(p.pack[pos:])
		if err := ps.inflateFrom(src); err != nil {
			return nil, 0, 0, 0, false, err
		}
		if m, err := io.Copy(io.Discard, ps.zr); err != nil || m != size {
			return nil, 0, 0, 0, false, errors.Join(err, fmt.Errorf("pack entry of %d bytes inflates to %d", size, m))
		}
		end := int64(len(p.pack)) - int64(src.Len())
		if err := p.checkCRC(off, end, want); err != nil {
			return nil, 0, 0, 0, false, err
		}
		return p.pack[off:end], typ, size, n, true, nil
	}
	return nil, 0, 0, 0, false, nil
}

// addRaw appends an entry copied from another pack as it is (rawEntry).
func (p *pendingPack) addRaw(h plumbing.Hash, typ plumbing.ObjectType, size int64, hdr int, raw []byte) error {
	if p.has(h) {
		return nil
	}
	if p.count == math.MaxUint32 {
		return errors.New("pack full")
	}
	if _, err := p.w.Write(raw); err != nil {
		return err
	}
	crc := crc32.ChecksumIEEE(raw)
	if p.spill != nil {
		if err := p.spill.add(idxEntry{hash: h, crc: crc, off: p.off}); err != nil {
			return err
		}
	} else {
		p.objs.put(packEntry{hash: h, off: p.off, size: size, crc: crc, typ: typ, hdr: uint8(hdr)})
	}
	p.count++
	p.off += uint64(len(raw))
	return nil
}

// dropEvery bounds what is read of mapped packs between two lettings go
// of their pages, as git's core.packedGitLimit bounds what it maps: a
// response of a million files reads back some 100 MB of its own packs
// (trees, a check's walk, joining them), which would all stay resident.
const dropEvery = 16 << 20

// pageSize is what reading an entry may bring in beside its bytes: a
// fault maps the pages around it too (Linux's fault_around_bytes).
const pageSize = 64 << 10

// touch counts an entry of about size bytes read from a mapped pack, and
// lets go of the packs' pages every dropEvery.
func (ps *packSet) touch(size int64) {
	if ps.touched += min(size, dropEvery) + pageSize; ps.touched >= dropEvery {
		ps.touched = 0
		ps.dropPages()
	}
}

// dropPages lets go of the resident pages of every mapped pack and
// index (the kernel reads them again from its page cache when touched).
func (ps *packSet) dropPages() {
	for _, p := range ps.packs {
		dropMapped(p.pack)
		dropMapped(p.idx)
	}
}
