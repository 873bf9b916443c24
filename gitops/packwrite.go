package gitops

import (
	"bufio"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/adler32"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// pendingPack is where a run writes its objects: one pack file, appended
// to as objects come, as git fast-import does, instead of a loose file per
// object (a file creation, a rename and often a directory each, then read
// back to be packed). Nothing in it is visible to git until publish moves
// it into objects/pack beside its index; the run reads its own objects
// back from the file meanwhile.
type pendingPack struct {
	f     *os.File
	w     *bufio.Writer
	off   uint64 // where the next entry starts
	count uint32
	objs  packTable
	// spill, for a pack written in name order (consolidate's), takes the
	// index entries instead of objs: such a pack is not read back, and
	// may hold more objects than packRollAt.
	spill *entrySpill
	zw    *zlib.Writer // deflates
	adler hash.Hash32  // of a stored object (see storeMax)
	head  [7]byte      // a stored object's zlib and block headers
	crc   hashWriter
	// zr and br inflate what read reads back, reused: a new inflater
	// is some 40 KB.
	zr io.ReadCloser
	br *bufio.Reader
}

// storeMax is the size up to which an object is stored in its zlib
// stream without compression: deflate's per-stream set-up (Huffman
// tables) costs more than the few bytes it would save on a tree or a
// small file, and a run may write ten thousand of them. Its first use in
// a run costs more still: its match table is fresh memory, faulted in
// page by page (a 2 KiB tree cost a small run ~5% of its CPU), so
// most source files and trees are stored too. git reads such a stream as
// any other; a later gc that deltifies them compresses them.
const storeMax = 16 << 10

// hashWriter feeds a CRC-32 as the bytes go by.
type hashWriter struct {
	w   io.Writer
	sum uint32
	n   uint64
}

func (h *hashWriter) Write(p []byte) (int, error) {
	n, err := h.w.Write(p)
	h.sum = crc32.Update(h.sum, crc32.IEEETable, p[:n])
	h.n += uint64(n)
	return n, err
}

// pendingPrefix names pending packs in objects/pack. Not "tmp_…": git
// prune deletes those, which would take a run's objects from under it.
const pendingPrefix = "aiedit-pending-"

// newPendingPack starts a pack file in packDir, and removes those that
// killed runs left there.
func newPendingPack(packDir string) (*pendingPack, error) {
	if err := os.MkdirAll(packDir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(packDir, pendingPrefix)
	if err != nil {
		return nil, err
	}
	holdPending(f)
	removeAbandoned(packDir, f.Name())
	removeDeadKeepsOnce(packDir)
	p := &pendingPack{f: f, w: bufio.NewWriterSize(f, 256<<10)}
	// The object count is written in when the pack is finished.
	var head [12]byte
	copy(head[:], "PACK")
	binary.BigEndian.PutUint32(head[4:], 2)
	if _, err := p.w.Write(head[:]); err != nil {
		p.discard()
		return nil, err
	}
	p.off = 12
	p.zw, _ = zlib.NewWriterLevel(nil, zlib.BestSpeed)
	p.adler = adler32.New()
	return p, nil
}

// newSortedPack starts a pack whose objects are added in name order.
func newSortedPack(packDir string) (*pendingPack, error) {
	p, err := newPendingPack(packDir)
	if err != nil {
		return nil, err
	}
	if p.spill, err = newEntrySpill(packDir); err != nil {
		p.discard()
		return nil, err
	}
	return p, nil
}

// has reports whether the pack holds h (always false for a sorted one).
func (p *pendingPack) has(h plumbing.Hash) bool {
	_, ok := p.objs.find(h)
	return ok
}

// add appends an object unless the pack has it already.
func (p *pendingPack) add(h plumbing.Hash, typ plumbing.ObjectType, size int64, r io.Reader) error {
	if p.has(h) {
		return nil
	}
	if p.count == math.MaxUint32 {
		return errors.New("pack full")
	}
	p.crc = hashWriter{w: p.w}
	var hdr [16]byte
	k := packEntryHeader(hdr[:], typ, uint64(size))
	if _, err := p.crc.Write(hdr[:k]); err != nil {
		return err
	}
	if size <= storeMax {
		if err := p.store(size, r); err != nil {
			return err
		}
	} else {
		p.zw.Reset(&p.crc)
		if m, err := io.Copy(p.zw, r); err != nil || m != size {
			return errors.Join(err, fmt.Errorf("object of %d bytes read as %d", size, m))
		}
		if err := p.zw.Close(); err != nil {
			return err
		}
	}
	if p.spill != nil {
		if err := p.spill.add(idxEntry{hash: h, crc: p.crc.sum, off: p.off}); err != nil {
			return err
		}
	} else {
		p.objs.put(packEntry{hash: h, off: p.off, size: size, crc: p.crc.sum, typ: typ, hdr: uint8(k)})
	}
	p.count++
	p.off += p.crc.n
	return nil
}

// A stored object is one deflate block, whose length field is 16 bits.
const _ uint16 = storeMax

// store writes an object of size bytes (at most storeMax) as a zlib
// stream holding one stored deflate block (RFC 1950, 1951): the stream
// zlib.NoCompression makes, without setting up a compressor for it.
func (p *pendingPack) store(size int64, r io.Reader) error {
	p.head = [7]byte{0x78, 0x01, 0x01, byte(size), byte(size >> 8), ^byte(size), ^byte(size >> 8)}
	if _, err := p.crc.Write(p.head[:]); err != nil {
		return err
	}
	p.adler.Reset()
	if m, err := io.Copy(storedBody{p}, r); err != nil || m != size {
		return errors.Join(err, fmt.Errorf("object of %d bytes read as %d", size, m))
	}
	_, err := p.crc.Write(p.adler.Sum(p.head[:0]))
	return err
}

// storedBody writes a stored block's bytes and sums them for its trailer.
type storedBody struct{ p *pendingPack }

func (b storedBody) Write(data []byte) (int, error) {
	b.p.adler.Write(data)
	return b.p.crc.Write(data)
}

// packEntryHeader encodes an entry's type and size; it returns its length.
func packEntryHeader(hdr []byte, typ plumbing.ObjectType, size uint64) int {
	b := byte(typ)<<4 | byte(size&0x0f)
	size >>= 4
	k := 0
	for size != 0 {
		hdr[k] = b | 0x80
		k++
		b = byte(size & 0x7f)
		size >>= 7
	}
	hdr[k] = b
	return k + 1
}

// read returns an object this pack holds.
func (p *pendingPack) read(h plumbing.Hash) (plumbing.ObjectType, []byte, bool, error) {
	e, ok := p.objs.find(h)
	if !ok {
		return 0, nil, false, nil
	}
	data := e.off + uint64(e.hdr)
	if err := p.w.Flush(); err != nil {
		return 0, nil, true, err
	}
	if e.size <= storeMax {
		content, err := p.readStored(data, e.size)
		return e.typ, content, true, err
	}
	zr, err := p.inflater(io.NewSectionReader(p.f, int64(data), int64(p.off-data)))
	if err != nil {
		return 0, nil, true, err
	}
	typ, content := e.typ, make([]byte, e.size)
	if _, err := io.ReadFull(zr, content); err != nil {
		return 0, nil, true, err
	}
	return typ, content, true, nil
}

// readStored reads an object store wrote, in one read and without an
// inflater: a view trimmed mid-response (TrimTree) reads thousands of
// small objects back. The stream's headers and checksum are checked as
// inflating would.
func (p *pendingPack) readStored(at uint64, n int64) ([]byte, error) {
	size := int(n)
	buf := make([]byte, len(p.head)+size+adler32.Size)
	if _, err := p.f.ReadAt(buf, int64(at)); err != nil {
		return nil, err
	}
	head := [7]byte{0x78, 0x01, 0x01, byte(size), byte(size >> 8), ^byte(size), ^byte(size >> 8)}
	data := buf[len(head) : len(head)+size : len(head)+size]
	if [7]byte(buf[:len(head)]) != head || binary.BigEndian.Uint32(buf[len(head)+size:]) != adler32.Checksum(data) {
		return nil, fmt.Errorf("pending pack: object at %d is corrupt", at)
	}
	return data, nil
}

// inflater returns the pack's reader, set to inflate what r holds.
func (p *pendingPack) inflater(r io.Reader) (io.Reader, error) {
	if p.br == nil {
		p.br = bufio.NewReaderSize(r, 4<<10)
	} else {
		p.br.Reset(r)
	}
	if p.zr == nil {
		zr, err := zlib.NewReader(p.br)
		if err != nil {
			return nil, err
		}
		p.zr = zr
		return zr, nil
	}
	if err := p.zr.(zlib.Resetter).Reset(p.br, nil); err != nil {
		return nil, err
	}
	return p.zr, nil
}

// finish writes the object count and the trailing checksum, and returns
// the pack's name.
func (p *pendingPack) finish() (plumbing.Hash, error) {
	if err := p.w.Flush(); err != nil {
		return plumbing.ZeroHash, err
	}
	var count [4]byte
	binary.BigEndian.PutUint32(count[:], p.count)
	if _, err := p.f.WriteAt(count[:], 8); err != nil {
		return plumbing.ZeroHash, err
	}
	// The checksum covers the header written last: read the file back
	// (from the page cache), as fast-import does.
	sum := sha1.New()
	if _, err := io.Copy(sum, io.NewSectionReader(p.f, 0, int64(p.off))); err != nil {
		return plumbing.ZeroHash, err
	}
	var packSum plumbing.Hash
	copy(packSum[:], sum.Sum(nil))
	if _, err := p.f.WriteAt(packSum[:], int64(p.off)); err != nil {
		return plumbing.ZeroHash, err
	}
	return packSum, nil
}

// entries yields the pack's index entries in name order.
func (p *pendingPack) entries() idxSource {
	if p.spill != nil {
		return p.spill.each
	}
	return p.objs.sorted()
}

// publish finishes the pack and moves it into place, with a .keep file
// first (see ProtectWritten); it returns the pack's path without its
// extension, and the .keep's path ("" when it was not this run's to
// take). The pending pack is gone either way.
func (p *pendingPack) publish(plan fsyncPlan) (base, keep string, err error) {
	defer p.discard()
	sum, err := p.finish()
	if err != nil {
		return "", "", fmt.Errorf("finish pack: %w", err)
	}
	if plan.pack {
		if err := flushFile(p.f, plan.writeoutOnly); err != nil {
			return "", "", fmt.Errorf("flush pack to disk: %w", err)
		}
	}
	if err := p.f.Close(); err != nil {
		return "", "", err
	}
	// Read-only for everyone, as git leaves its packs (CreateTemp made it
	// private to this user).
	if err := os.Chmod(p.f.Name(), 0o444); err != nil {
		return "", "", err
	}
	base = filepath.Join(filepath.Dir(p.f.Name()), "pack-"+sum.String())
	kept, err := takeKeep(base + ".keep")
	if err != nil {
		return "", "", err
	}
	release := func() {
		if kept != "" {
			_ = os.Remove(kept)
		}
	}
	// The pack, then its index: git finds a pack by its index.
	if err := os.Rename(p.f.Name(), base+".pack"); err != nil {
		release()
		return "", "", err
	}
	entries := p.entries()
	if err := writeFileAtomicWith(base+".idx", func(w io.Writer) error { return writeIdx(w, entries, sum) }, plan.index, plan.writeoutOnly); err != nil {
		release()
		return "", "", fmt.Errorf("write pack index: %w", err)
	}
	return base, kept, nil
}

// deadKeepsLooked holds the pack directories this process has rid of
// the .keep files of dead runs (once is enough: a run's own are alive).
var deadKeepsLooked sync.Map

// removeDeadKeepsOnce runs removeDeadKeeps once in this process.
func removeDeadKeepsOnce(packDir string) {
	if _, seen := deadKeepsLooked.LoadOrStore(packDir, true); !seen {
		removeDeadKeeps(packDir)
	}
}

// removeAbandoned removes what killed runs left in the pack directory:
// pending packs nobody holds (a minute old at least), and index files
// half-written an hour ago or more (a run writes one in milliseconds).
func removeAbandoned(packDir, own string) {
	entries, err := os.ReadDir(packDir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(packDir, name)
		pending := strings.HasPrefix(name, pendingPrefix)
		if path == own || !pending && !strings.HasPrefix(name, "aiedit-incoming-") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		// A pending pack is locked a moment after it is created: one of
		// less than a minute may be that young.
		age := time.Since(info.ModTime())
		if pending && age > time.Minute && abandoned(path, info.ModTime()) || !pending && age > time.Hour {
			_ = os.Remove(path)
		}
	}
}

// discard closes and removes the file (a no-op once it was published).
func (p *pendingPack) discard() {
	_ = p.f.Close()
	_ = os.Remove(p.f.Name())
	if p.spill != nil {
		p.spill.discard()
	}
}
