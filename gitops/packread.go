package gitops

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
)

// packSet reads objects straight from the repository's packs and loose
// files, as git itself does: each .idx is mapped into memory and searched
// by its fan-out table, so a lookup costs a few page reads whatever the
// size of the repository, and no process or pipe round trip. What it
// cannot read (an old index version, a corrupt entry, an object a partial
// clone has yet to fetch) is left to the caller's fallback, git cat-file.
type packSet struct {
	dirs    []string // object directories: the repository's, then its alternates'
	packs   []*packFile
	known   map[string]bool // .idx paths already opened (or refused)
	scanned bool
	zr      io.ReadCloser // reused inflater
	bases   baseCache
	src     bytes.Reader // what the inflater reads, reused
	// touched counts the bytes read from mapped packs since their pages
	// were last let go of (dropPages).
	touched int64
}

// packFile is one pack and its index (version 2), each mapped the first
// time it is needed: a lookup usually ends in the first pack it tries.
type packFile struct {
	idxPath   string
	idxSize   int64
	mtime     int64 // of the index, in nanoseconds
	idx, pack []byte
	unmaps    []func()
	count     uint32
	// state: 0 not opened yet, 1 index mapped, 2 pack mapped too, -1
	// unusable (a missing file, an old or damaged index).
	state int
}

// errNotInPacks: no pack or loose file of the repository has the object
// (or it could not be read in-process); ask git.
var errNotInPacks = errors.New("gitops: object not found in-process")

func newPackSet(dirs []string) *packSet {
	return &packSet{dirs: dirs, known: map[string]bool{}, bases: baseCache{max: 16 << 20}}
}

// scan lists packs not seen before; git adds packs (a fetch, a gc,
// another run) at any time, and a pack that disappears stays readable
// through its mapping. The largest comes first (the repository's history
// is there), then the rest newest first, as git orders its packs: the
// recent objects a run reads (the tip of refs/notes/aiedit, a branch an
// earlier run made) are in the packs of recent fetches and runs, and each
// pack tried costs a mapping. A pack an object was found in moves to the
// front, as git's own lookup does.
func (ps *packSet) scan() {
	first := !ps.scanned
	ps.scanned = true
	var found []*packFile
	for _, dir := range ps.dirs {
		entries, _ := os.ReadDir(filepath.Join(dir, "pack"))
		for _, e := range entries {
			name := e.Name()
			if !strings.HasPrefix(name, "pack-") || !strings.HasSuffix(name, ".idx") {
				continue
			}
			path := filepath.Join(dir, "pack", name)
			if ps.known[path] {
				continue
			}
			ps.known[path] = true
			p := &packFile{idxPath: path}
			if info, err := e.Info(); err == nil {
				p.idxSize, p.mtime = info.Size(), info.ModTime().UnixNano()
			}
			found = append(found, p)
		}
	}
	sortPacks(found)
	if first {
		ps.packs = found
	} else {
		// New since the last look: likely where a missed object is.
		ps.packs = append(found, ps.packs...)
	}
}

// sortPacks puts the largest pack first and the others newest first.
func sortPacks(found []*packFile) {
	if len(found) < 2 {
		return
	}
	largest := 0
	for i, p := range found {
		if p.idxSize > found[largest].idxSize {
			largest = i
		}
	}
	found[0], found[largest] = found[largest], found[0]
	rest := found[1:]
	sort.SliceStable(rest, func(i, j int) bool {
		if rest[i].mtime != rest[j].mtime {
			return rest[i].mtime > rest[j].mtime
		}
		return rest[i].idxSize > rest[j].idxSize
	})
}

func (ps *packSet) close() {
	for _, p := range ps.packs {
		p.close()
	}
	ps.packs = nil
	ps.known = map[string]bool{}
	ps.scanned = false
}

func (p *packFile) close() {
	for _, u := range p.unmaps {
		u()
	}
	p.unmaps, p.idx, p.pack = nil, nil, nil
	if p.state > 0 {
		p.state = 0
	}
}

// The layout of a version 2 index: magic and version, the fan-out table,
// then per object its name (20 bytes), CRC-32 (4) and offset (4), then
// large offsets (8 each), then two checksums.
const (
	idxFanout = 8
	idxNames  = idxFanout + 256*4
)

// openIdx maps the index, checking its shape so that every later lookup
// stays inside the mapping.
func (p *packFile) openIdx() bool {
	if p.state != 0 {
		return p.state > 0
	}
	p.state = -1
	idx, unmap, err := mapFile(p.idxPath)
	if err != nil {
		return false
	}
	if !p.useIdx(idx) {
		unmap()
		return false
	}
	p.unmaps = append(p.unmaps, unmap)
	return true
}

// useIdx takes idx as the pack's index if it has the shape of one.
func (p *packFile) useIdx(idx []byte) bool {
	if len(idx) < idxNames+40 || !bytes.Equal(idx[:idxFanout], []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}) {
		return false
	}
	count := binary.BigEndian.Uint32(idx[idxFanout+255*4:])
	if uint64(len(idx)) < idxNames+uint64(count)*28+40 {
		return false
	}
	p.idx, p.count, p.state = idx, count, 1
	return true
}

// openPack maps the pack itself.
func (p *packFile) openPack() bool {
	if p.state == 2 {
		return true
	}
	if !p.openIdx() {
		return false
	}
	pack, unmap, err := mapFile(strings.TrimSuffix(p.idxPath, ".idx") + ".pack")
	if err != nil {
		return false
	}
	if len(pack) < 32 || !bytes.Equal(pack[:4], []byte("PACK")) {
		unmap()
		p.close()
		p.state = -1
		return false
	}
	p.pack, p.state = pack, 2
	p.unmaps = append(p.unmaps, unmap)
	return true
}

// find returns the offset of h in the pack, and its index position.
func (p *packFile) find(h plumbing.Hash) (int64, int64, bool) {
	if !p.openIdx() {
		return 0, 0, false
	}
	first := h[0]
	lo := uint32(0)
	if first > 0 {
		lo = binary.BigEndian.Uint32(p.idx[idxFanout+(int(first)-1)*4:])
	}
	hi := binary.BigEndian.Uint32(p.idx[idxFanout+int(first)*4:])
	if hi > p.count || lo > hi {
		return 0, 0, false
	}
	names := p.idx[idxNames:]
	// The first 8 bytes, compared as one number, decide nearly every
	// step: a write looks each new object up in every pack, and misses.
	key := binary.BigEndian.Uint64(h[:8])
	for lo < hi {
		mid := lo + (hi-lo)/2
		name := names[mid*20 : mid*20+20]
		c := cmp.Compare(binary.BigEndian.Uint64(name), key)
		if c == 0 {
			c = bytes.Compare(name[8:], h[8:])
		}
		switch {
		case c == 0:
			off, ok := p.offset(mid)
			return off, int64(mid), ok
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, 0, false
}

// checkCRC compares the CRC-32 of the entry's bytes, off to end, with
// the index's (for the entry at index position i; -1 skips the check).
func (p *packFile) checkCRC(off, end, i int64) error {
	if i < 0 || p.idx == nil {
		return nil
	}
	at := idxNames + int64(p.count)*20 + i*4
	if crc32.ChecksumIEEE(p.pack[off:end]) != binary.BigEndian.Uint32(p.idx[at:]) {
		return errors.New("pack entry damaged (CRC mismatch)")
	}
	return nil
}

func (p *packFile) offset(i uint32) (int64, bool) {
	offs := idxNames + uint64(p.count)*24
	o := binary.BigEndian.Uint32(p.idx[offs+uint64(i)*4:])
	// Whether the offset is inside the pack is checked as it is read.
	if o&0x80000000 == 0 {
		return int64(o), true
	}
	large := offs + uint64(p.count)*4 + uint64(o&0x7fffffff)*8
	if large+8 > uint64(len(p.idx))-40 {
		return 0, false
	}
	v := binary.BigEndian.Uint64(p.idx[large:])
	return int64(v), v < 1<<62
}

// read returns object h from a pack, else from a loose file.
func (ps *packSet) read(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	if !ps.scanned {
		ps.scan()
	}
	if typ, data, err := ps.readPacked(h, 0); err == nil {
		return typ, data, nil
	}
	for _, dir := range ps.dirs {
		if typ, data, err := ps.readLoose(loosePath(dir, h)); err == nil {
			return typ, data, nil
		}
	}
	// A pack added since the last scan (a concurrent gc moved the loose
	// object into one).
	n := len(ps.packs)
	ps.scan()
	if len(ps.packs) > n {
		if typ, data, err := ps.readPacked(h, 0); err == nil {
			return typ, data, nil
		}
	}
	return 0, nil, errNotInPacks
}

// has reports whether some pack or loose file holds h.
func (ps *packSet) has(h plumbing.Hash) bool {
	if !ps.scanned {
		ps.scan()
	}
	for _, p := range ps.packs {
		if _, _, ok := p.find(h); ok {
			return true
		}
	}
	for _, dir := range ps.dirs {
		if _, err := os.Stat(loosePath(dir, h)); err == nil {
			return true
		}
	}
	return false
}

// maxDeltaDepth bounds a chain of deltas (git's own default is 50, an
// aggressive gc 250); a longer one is a corrupt or hostile pack.
const maxDeltaDepth = 10000

func (ps *packSet) readPacked(h plumbing.Hash, depth int) (plumbing.ObjectType, []byte, error) {
	for k, p := range ps.packs {
		if off, i, ok := p.find(h); ok && p.openPack() {
			if k > 0 {
				copy(ps.packs[1:k+1], ps.packs[:k])
				ps.packs[0] = p
			}
			return ps.readAt(p, off, i, depth)
		}
	}
	return 0, nil, errNotInPacks
}

// Pack entry types (gitformat-pack).
const (
	packOfsDelta = 6
	packRefDelta = 7
)

// readAt reads the entry at off, applying deltas down to their base.
// want is the entry's index position when known (-1 otherwise): its
// CRC-32 is then checked, which catches damage zlib cannot see (the
// entry's type).
func (ps *packSet) readAt(p *packFile, off int64, want int64, depth int) (plumbing.ObjectType, []byte, error) {
	if depth > maxDeltaDepth {
		return 0, nil, fmt.Errorf("delta chain longer than %d", maxDeltaDepth)
	}
	if c, ok := ps.bases.get(p, off); ok {
		if depth == 0 { // the caller owns what it is given
			return c.typ, bytes.Clone(c.data), nil
		}
		return c.typ, c.data, nil
	}
	typ, size, n, err := entryHeader(p.pack, off)
	if err != nil {
		return 0, nil, err
	}
	ps.touch(size)
	pos := off + int64(n)
	var baseTyp plumbing.ObjectType
	var base []byte
	switch typ {
	case plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject:
		data, end, err := ps.inflate(p.pack, pos, size)
		if err != nil {
			return 0, nil, err
		}
		if err := p.checkCRC(off, end, want); err != nil {
			return 0, nil, err
		}
		return typ, data, nil
	case packOfsDelta:
		rel, m, err := ofsDeltaOffset(p.pack, pos)
		if err != nil || rel <= 0 || rel > off {
			return 0, nil, errors.Join(err, errors.New("bad delta base offset"))
		}
		pos += int64(m)
		baseTyp, base, err = ps.readAt(p, off-rel, -1, depth+1)
		if err != nil {
			return 0, nil, err
		}
		ps.bases.put(p, off-rel, baseTyp, base)
	case packRefDelta:
		if pos+20 > int64(len(p.pack)) {
			return 0, nil, io.ErrUnexpectedEOF
		}
		var bh plumbing.Hash
		copy(bh[:], p.pack[pos:pos+20])
		pos += 20
		baseTyp, base, err = ps.readPacked(bh, depth+1)
		if err != nil {
			return 0, nil, err
		}
	default:
		return 0, nil, fmt.Errorf("pack entry of type %d", typ)
	}
	delta, end, err := ps.inflate(p.pack, pos, size)
	if err != nil {
		return 0, nil, err
	}
	if err := p.checkCRC(off, end, want); err != nil {
		return 0, nil, err
	}
	data, err := packfile.PatchDelta(base, delta)
	if err != nil {
		return 0, nil, err
	}
	return baseTyp, data, nil
}

// entryHeader decodes a pack entry's type and size (the inflated size of
// its data: the object's, or the delta's).
func entryHeader(pack []byte, off int64) (plumbing.ObjectType, int64, int, error) {
	if off < 12 || off >= int64(len(pack)) {
		return 0, 0, 0, io.ErrUnexpectedEOF
	}
	b := pack[off:]
	c := b[0]
	typ := plumbing.ObjectType((c >> 4) & 7)
	size := int64(c & 0x0f)
	shift := uint(4)
	i := 1
	for c&0x80 != 0 {
		if i >= len(b) || shift > 56 {
			return 0, 0, 0, io.ErrUnexpectedEOF
		}
		c = b[i]
		size |= int64(c&0x7f) << shift
		shift += 7
		i++
	}
	if size < 0 {
		return 0, 0, 0, errors.New("bad pack entry size")
	}
	return typ, size, i, nil
}

// ofsDeltaOffset decodes the distance back to an OFS_DELTA's base.
func ofsDeltaOffset(pack []byte, pos int64) (int64, int, error) {
	if pos >= int64(len(pack)) {
		return 0, 0, io.ErrUnexpectedEOF
	}
	b := pack[pos:]
	c := b[0]
	v := int64(c & 0x7f)
	i := 1
	for c&0x80 != 0 {
		if i >= len(b) || v > 1<<55 {
			return 0, 0, io.ErrUnexpectedEOF
		}
		c = b[i]
		v = ((v + 1) << 7) | int64(c&0x7f)
		i++
	}
	return v, i, nil
}

// inflate decompresses the zlib stream at pos, which must hold exactly
// size bytes (its checksum is checked at its end, as git does); end is
// where the stream ends in the pack.
func (ps *packSet) inflate(pack []byte, pos, size int64) (data []byte, end int64, err error) {
	if pos >= int64(len(pack)) || size > (int64(len(pack))-pos)*1032+64 {
		// zlib expands at most about 1032:1: a larger size is corrupt.
		return nil, 0, io.ErrUnexpectedEOF
	}
	// A bytes.Reader is an io.ByteReader: the inflater reads no further
	// than the stream, so what is left says where it ended.
	src := &ps.src
	src.Reset(pack[pos:])
	if err := ps.inflateFrom(src); err != nil {
		return nil, 0, err
	}
	data = make([]byte, size)
	if _, err := io.ReadFull(ps.zr, data); err != nil {
		return nil, 0, err
	}
	var more [1]byte
	if n, err := ps.zr.Read(more[:]); n != 0 || err != io.EOF {
		return nil, 0, errors.New("pack entry longer than its header says")
	}
	return data, int64(len(pack)) - int64(src.Len()), nil
}

// inflateFrom points the reused inflater at a zlib stream.
func (ps *packSet) inflateFrom(src io.Reader) (err error) {
	if ps.zr == nil {
		ps.zr, err = zlib.NewReader(src)
		return err
	}
	return ps.zr.(zlib.Resetter).Reset(src, nil)
}

// loosePath is where object h is stored loose in an object directory.
func loosePath(dir string, h plumbing.Hash) string {
	hex := h.String()
	return filepath.Join(dir, hex[:2], hex[2:])
}

// readLoose reads a loose object file.
func (ps *packSet) readLoose(path string) (plumbing.ObjectType, []byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return 0, nil, err
	}
	if err := ps.inflateFrom(bytes.NewReader(raw)); err != nil {
		return 0, nil, err
	}
	var head [32]byte
	n, _ := io.ReadAtLeast(ps.zr, head[:], 1)
	nul := bytes.IndexByte(head[:n], 0)
	if nul < 0 {
		return 0, nil, errors.New("bad loose object header")
	}
	kind, sz, ok := strings.Cut(string(head[:nul]), " ")
	typ, terr := plumbing.ParseObjectType(kind)
	size, serr := strconv.ParseInt(sz, 10, 64)
	if !ok || terr != nil || serr != nil || size < 0 || size > int64(len(raw))*1032+int64(n) {
		return 0, nil, errors.New("bad loose object header")
	}
	data := make([]byte, size)
	k := copy(data, head[nul+1:n])
	if int64(k) < size {
		if _, err := io.ReadFull(ps.zr, data[k:]); err != nil {
			return 0, nil, err
		}
	}
	return typ, data, nil
}

// baseCache keeps delta bases recently resolved, so that reading the
// objects of one delta chain (a tree's versions, say) does not undo the
// chain again for each.
type baseCache struct {
	max, used int
	order     list.List // of *baseEntry, most recent first
	entries   map[baseKey]*list.Element
}

type baseKey struct {
	p   *packFile
	off int64
}

type baseEntry struct {
	key  baseKey
	typ  plumbing.ObjectType
	data []byte
}

func (c *baseCache) get(p *packFile, off int64) (*baseEntry, bool) {
	e, ok := c.entries[baseKey{p, off}]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*baseEntry), true
}

func (c *baseCache) put(p *packFile, off int64, typ plumbing.ObjectType, data []byte) {
	if len(data) > c.max/4 {
		return
	}
	k := baseKey{p, off}
	if c.entries == nil {
		c.entries = map[baseKey]*list.Element{}
	}
	if _, ok := c.entries[k]; ok {
		return
	}
	c.entries[k] = c.order.PushFront(&baseEntry{key: k, typ: typ, data: data})
	c.used += len(data)
	for c.used > c.max {
		last := c.order.Back()
		e := last.Value.(*baseEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.used -= len(e.data)
	}
}
