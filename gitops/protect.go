package gitops

import (
	"bufio"
	"compress/zlib"
	"context"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// Protection holds a run's objects in a kept pack while the ref that makes
// them reachable moves. Release lets the pack go.
type Protection struct {
	keep    string          // the .keep file this run created; "" when none
	objects *objectStore    // for the loose copies
	packed  []plumbing.Hash // objects in the pack that this run wrote loose
}

// keepWait bounds the wait for another run's .keep on an identical pack.
const keepWait = 5 * time.Second

// ProtectWritten writes every object written since ForgetWritten into one
// pack marked with a .keep file, before the ref that makes them reachable
// moves. A loose object is deleted by `git gc --prune=now` or
// `git prune --expire=now` whenever it is unreachable when they look,
// which may be after a ref moved if they looked before; checking after the
// move cannot close that window. A kept pack can: repack leaves kept packs
// alone, and prune deletes only loose objects. git's receive-pack protects
// incoming objects the same way (index-pack --keep) until its refs move.
//
// An object already gone (pruned before it could be packed) fails with
// ErrObjectPruned: the caller writes it again. With no objects written,
// nothing is done.
func (r *Repo) ProtectWritten() (*Protection, error) {
	r.objects.mu.Lock()
	hashes := dedupe(r.objects.written)
	r.objects.mu.Unlock()
	return r.protect(hashes)
}

// protect packs hashes as ProtectWritten does.
func (r *Repo) protect(hashes []plumbing.Hash) (*Protection, error) {
	s := r.objects
	hashes = dedupe(hashes)
	p := &Protection{objects: s}
	if len(hashes) == 0 {
		return p, nil
	}
	packDir := filepath.Join(s.objectsDir, "pack")
	if err := os.MkdirAll(packDir, 0o755); err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	// Not "tmp_…": git prune deletes those in the pack directory.
	tmp, err := os.CreateTemp(packDir, "aiedit-incoming-")
	if err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	defer func() {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name())
	}()
	sum, idx, err := writePack(tmp, &reader{s: s}, hashes)
	if errors.Is(err, plumbing.ErrObjectNotFound) || errors.Is(err, dotgit.ErrPackfileNotFound) || errors.Is(err, fs.ErrNotExist) {
		// Loose and unreachable until now, it was pruned: the caller
		// writes it again.
		return nil, fmt.Errorf("protect objects: %w: %v", ErrObjectPruned, err)
	}
	if err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	// Read-only for everyone, as git leaves its packs (CreateTemp made it
	// private to this user).
	if err := os.Chmod(tmp.Name(), 0o444); err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	base := filepath.Join(packDir, "pack-"+sum.String())
	p.keep, err = takeKeep(base + ".keep")
	if err != nil {
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	// The pack, then its index: git finds a pack by its index.
	if err := os.Rename(tmp.Name(), base+".pack"); err != nil {
		p.Release()
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	if err := writeFileAtomic(base+".idx", idx); err != nil {
		p.Release()
		return nil, fmt.Errorf("protect objects: %w", err)
	}
	s.mu.Lock()
	p.packed = s.takeCreated(hashes)
	s.mu.Unlock()
	return p, nil
}

// Held reports whether the objects were packed under a .keep file this
// run created: then no prune could have deleted them.
func (p *Protection) Held() bool { return p != nil && p.keep != "" }

// Release removes the .keep file, so that a later gc may repack the
// objects like any others, and the loose copies of the packed objects this
// run wrote (git prune-packed would): the run leaves one pack, as a fetch
// does. Call it once the ref has moved, or failed to.
func (p *Protection) Release() {
	if p == nil {
		return
	}
	if p.keep != "" {
		_ = os.Remove(p.keep)
		p.keep = ""
	}
	for _, h := range p.packed {
		hex := h.String()
		_ = os.Remove(filepath.Join(p.objects.objectsDir, hex[:2], hex[2:]))
	}
	p.packed = nil
}

// takeKeep creates the .keep file. An identical pack written by another
// run at the same moment has one already: wait for it to let go, and
// after keepWait (a file left by a killed run) use it as it is without
// owning it.
func takeKeep(path string) (string, error) {
	deadline := time.Now().Add(keepWait)
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := f.WriteString("git-aiedit: kept while a branch moves\n")
			return path, errors.Join(werr, f.Close())
		}
		if !errors.Is(err, os.ErrExist) {
			return "", err
		}
		if time.Now().After(deadline) {
			return "", nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// writeFileAtomic writes data to path through a temporary file beside it.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "aiedit-incoming-idx-")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
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

// reader opens the objects to pack, one at a time: a loose one is streamed
// from its file (no copy in memory, none in the object cache), through
// buffers and an inflater reused from one object to the next; any other
// is read as the run reads objects.
type reader struct {
	s      *objectStore
	file   *bufio.Reader
	zr     io.ReadCloser
	inflat *bufio.Reader
}

func (r *reader) open(h plumbing.Hash) (plumbing.ObjectType, int64, io.ReadCloser, error) {
	hex := h.String()
	if f, err := os.Open(filepath.Join(r.s.objectsDir, hex[:2], hex[2:])); err == nil {
		typ, size, err := r.loose(f)
		if err == nil {
			return typ, size, struct {
				io.Reader
				io.Closer
			}{r.inflat, f}, nil
		}
		_ = f.Close()
	}
	obj, err := r.s.read(plumbing.AnyObject, h)
	if err != nil {
		return 0, 0, nil, err
	}
	rc, err := obj.Reader()
	return obj.Type(), obj.Size(), rc, err
}

// loose reads a loose object's "<type> <size>\x00" header, leaving
// r.inflat at the start of its content.
func (r *reader) loose(f *os.File) (plumbing.ObjectType, int64, error) {
	if r.file == nil {
		r.file = bufio.NewReaderSize(f, 32<<10)
	} else {
		r.file.Reset(f)
	}
	var err error
	if r.zr == nil {
		r.zr, err = zlib.NewReader(r.file)
	} else {
		err = r.zr.(zlib.Resetter).Reset(r.file, nil)
	}
	if err != nil {
		return 0, 0, err
	}
	if r.inflat == nil {
		r.inflat = bufio.NewReaderSize(r.zr, 32<<10)
	} else {
		r.inflat.Reset(r.zr)
	}
	head, err := r.inflat.ReadString(0)
	if err != nil {
		return 0, 0, err
	}
	kind, size, ok := strings.Cut(strings.TrimSuffix(head, "\x00"), " ")
	typ, terr := plumbing.ParseObjectType(kind)
	n, nerr := strconv.ParseInt(size, 10, 64)
	if !ok || terr != nil || nerr != nil || n < 0 {
		return 0, 0, fmt.Errorf("loose object header %q", head)
	}
	return typ, n, nil
}

func dedupe(hs []plumbing.Hash) []plumbing.Hash {
	seen := make(map[plumbing.Hash]bool, len(hs))
	out := make([]plumbing.Hash, 0, len(hs))
	for _, h := range hs {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}

// writePack writes the objects hs (read from src, one at a time) as a
// version 2 pack without deltas, and returns its checksum and its .idx.
// Objects are streamed: a run's files are never all in memory at once.
func writePack(f io.Writer, src *reader, hs []plumbing.Hash) (plumbing.Hash, []byte, error) {
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(f, sum), 256<<10)
	var off uint64
	var head [12]byte
	copy(head[:], "PACK")
	binary.BigEndian.PutUint32(head[4:], 2)
	binary.BigEndian.PutUint32(head[8:], uint32(len(hs)))
	if _, err := bw.Write(head[:]); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	off += uint64(len(head))
	var idx idxfile.Writer
	if err := idx.OnHeader(uint32(len(hs))); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	crc := crc32.NewIEEE()
	zw, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	for _, h := range hs {
		typ, size, rc, err := src.open(h)
		if err != nil {
			return plumbing.ZeroHash, nil, err
		}
		crc.Reset()
		n, err := writeEntry(io.MultiWriter(bw, crc), zw, typ, size, rc)
		_ = rc.Close()
		if err != nil {
			return plumbing.ZeroHash, nil, err
		}
		idx.Add(h, off, crc.Sum32())
		off += n
	}
	if err := bw.Flush(); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	var packSum plumbing.Hash
	copy(packSum[:], sum.Sum(nil))
	if _, err := f.Write(packSum[:]); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	if err := idx.OnFooter(packSum); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	mi, err := idx.Index()
	if err != nil {
		return plumbing.ZeroHash, nil, err
	}
	var out bytesBuffer
	if _, err := idxfile.NewEncoder(&out).Encode(mi); err != nil {
		return plumbing.ZeroHash, nil, err
	}
	return packSum, out.b, nil
}

// writeEntry writes one object's entry: its type and size, then its
// content deflated. It returns the entry's length.
func writeEntry(w io.Writer, zw *zlib.Writer, typ plumbing.ObjectType, n int64, r io.Reader) (uint64, error) {
	cw := &countWriter{w: w}
	size := uint64(n)
	var hdr [16]byte
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
	k++
	if _, err := cw.Write(hdr[:k]); err != nil {
		return 0, err
	}
	zw.Reset(cw)
	if m, err := io.Copy(zw, r); err != nil || m != n {
		return 0, errors.Join(err, fmt.Errorf("object of %d bytes read as %d", n, m))
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return cw.n, nil
}

type countWriter struct {
	w io.Writer
	n uint64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	return n, err
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
