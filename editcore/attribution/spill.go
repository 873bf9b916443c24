package attribution

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"sort"
	"strings"
)

// SpillFile is where a tracker keeps the files it let go of: a temporary
// file of the caller's (editcore does no I/O of its own), written at the
// end and read back anywhere.
type SpillFile interface {
	io.WriterAt
	io.ReaderAt
}

// maxFiles is how many files a tracker keeps in memory. Past it, after
// an operation, it lets go of them all: their final runs go to the spill
// as one run of records sorted by path, and a later operation on one of
// them reads it back. A response that writes 200,000 files then holds
// 16,384 of them at most, not 200,000 (~150 bytes each).
var maxFiles = 1 << 14

// maxSpill bounds the temporary disk one response's attribution takes,
// as a stream's spool is bounded: some 25 million files of a line each.
var maxSpill int64 = 1 << 30

// ErrSpillFull: the response wrote more files than maxSpill can hold the
// runs of.
var ErrSpillFull = errors.New("the lines of the response's files need more than 1 GiB")

// sparseEvery is how far apart the records are whose paths a run keeps
// in memory to be searched: a lookup reads at most this many records.
const sparseEvery = 32

// spill holds, on a file, the runs of the files a tracker let go of.
// Later runs are newer: a path in several is read from the last. A
// directory deleted or moved after files below it were let go of leaves
// a tombstone, which hides them in the runs written before it.
type spill struct {
	f     SpillFile
	size  int64
	runs  []spillRun
	gone  []tombstone
	bloom bloom
	err   error
}

// spillRun is one run of records, sorted by path, at off in the file.
type spillRun struct {
	off, end int64
	count    int
	sparse   []sparseKey // every sparseEvery-th record's path and offset
}

type sparseKey struct {
	path string
	off  int64
}

// tombstone hides the records strictly below prefix in the runs before
// the before-th.
type tombstone struct {
	prefix string
	before int
}

// record is one file's final runs, as the tracker let go of it: sum and
// lines are its text's (maphash with the tracker's seed, and count),
// against which its text is checked when it is read back.
type record struct {
	path  string
	sum   uint64
	lines int
	runs  []Range
}

func (r *record) append(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(r.path)))
	b = append(b, r.path...)
	b = binary.LittleEndian.AppendUint64(b, r.sum)
	b = binary.AppendUvarint(b, uint64(r.lines))
	b = binary.AppendUvarint(b, uint64(len(r.runs)))
	for _, rg := range r.runs {
		b = binary.AppendUvarint(b, uint64(rg.Start))
		b = binary.AppendUvarint(b, uint64(rg.End-rg.Start))
		b = binary.AppendUvarint(b, uint64(rg.Block))
	}
	return b
}

// readRecord reads the record at r's position.
func readRecord(r *bufio.Reader) (record, error) {
	var rec record
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return rec, err
	}
	if n > 1<<20 {
		return rec, errors.New("attribution: spill record too long")
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		return rec, unexpected(err)
	}
	rec.path = string(p)
	var sum [8]byte
	if _, err := io.ReadFull(r, sum[:]); err != nil {
		return rec, unexpected(err)
	}
	rec.sum = binary.LittleEndian.Uint64(sum[:])
	vals := [2]uint64{}
	for i := range vals {
		if vals[i], err = binary.ReadUvarint(r); err != nil {
			return rec, unexpected(err)
		}
	}
	rec.lines = int(vals[0])
	if vals[1] > uint64(rec.lines) {
		return rec, errors.New("attribution: spill record has more runs than lines")
	}
	rec.runs = make([]Range, vals[1])
	for i := range rec.runs {
		var v [3]uint64
		for j := range v {
			if v[j], err = binary.ReadUvarint(r); err != nil {
				return rec, unexpected(err)
			}
		}
		rec.runs[i] = Range{Start: int(v[0]), End: int(v[0] + v[1]), Block: int(v[2])}
	}
	return rec, nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// write appends recs, sorted by path and each path once, as a new run.
func (s *spill) write(recs []record) error {
	if s.err != nil {
		return s.err
	}
	if len(recs) == 0 {
		return nil
	}
	run := spillRun{off: s.size, count: len(recs)}
	w := &offsetWriter{f: s.f, off: s.size}
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	pos := s.size
	for i := range recs {
		if i%sparseEvery == 0 {
			run.sparse = append(run.sparse, sparseKey{path: strings.Clone(recs[i].path), off: pos})
		}
		s.bloom.add(recs[i].path)
		b = recs[i].append(b[:0])
		if _, err := bw.Write(b); err != nil {
			s.err = err
			return err
		}
		pos += int64(len(b))
		if pos > maxSpill {
			s.err = ErrSpillFull
			return s.err
		}
	}
	if err := bw.Flush(); err != nil {
		s.err = err
		return err
	}
	run.end, s.size = pos, pos
	s.runs = append(s.runs, run)
	return nil
}

// offsetWriter writes to a WriterAt from off on.
type offsetWriter struct {
	f   io.WriterAt
	off int64
}

func (w *offsetWriter) Write(p []byte) (int, error) {
	n, err := w.f.WriteAt(p, w.off)
	w.off += int64(n)
	return n, err
}

// reader reads run i's records from its k-th sparse key on.
func (s *spill) reader(i, k int) *bufio.Reader {
	run := &s.runs[i]
	off := run.sparse[k].off
	return bufio.NewReaderSize(io.NewSectionReader(s.f, off, run.end-off), 4<<10)
}

// hidden reports whether a tombstone hides path in run i.
func (s *spill) hidden(path string, i int) bool {
	for _, t := range s.gone {
		if i < t.before && strings.HasPrefix(path, t.prefix) && len(path) > len(t.prefix) && path[len(t.prefix)] == '/' {
			return true
		}
	}
	return false
}

// find reads back the newest record of path, if a run has one; gone
// says a tombstone hides it (the tracker knew the file, then its folder
// was deleted or moved).
func (s *spill) find(path string) (rec record, found, gone bool) {
	if s.err != nil || !s.bloom.has(path) {
		return record{}, false, false
	}
	for i := len(s.runs) - 1; i >= 0; i-- {
		run := &s.runs[i]
		k := sort.Search(len(run.sparse), func(k int) bool { return run.sparse[k].path > path }) - 1
		if k < 0 {
			continue
		}
		r := s.reader(i, k)
		for n := 0; n < sparseEvery; n++ {
			rec, err := readRecord(r)
			if err != nil {
				if err != io.EOF {
					s.err = err
				}
				break
			}
			if rec.path == path {
				return rec, true, s.hidden(path, i)
			}
			if rec.path > path {
				break
			}
		}
	}
	return record{}, false, false
}

// below reports whether a run has a record strictly below dir.
func (s *spill) below(dir string) bool {
	prefix := dir + "/"
	found := false
	s.each(prefix, func(record) bool {
		found = true
		return false
	})
	return found
}

// kill hides what the runs hold below dir (a directory deleted).
func (s *spill) kill(dir string) {
	if s.below(dir) {
		s.gone = append(s.gone, tombstone{prefix: dir, before: len(s.runs)})
	}
}

// move carries what the runs hold below from (a directory) below to: the
// records, newest of each path, written again as a run of their own.
// Replacing a common prefix keeps them sorted.
func (s *spill) move(from, to string) error {
	var recs []record
	var err error
	flush := func() {
		if err == nil {
			err = s.write(recs)
		}
		recs = recs[:0]
	}
	before := len(s.runs)
	s.eachBefore(from+"/", before, func(rec record) bool {
		rec.path = to + rec.path[len(from):]
		recs = append(recs, rec)
		if len(recs) == maxFiles {
			flush()
		}
		return err == nil
	})
	flush()
	if before < len(s.runs) || err != nil {
		s.gone = append(s.gone, tombstone{prefix: from, before: before})
	}
	if err == nil {
		err = s.err
	}
	return err
}

// each yields, in path order, the newest live record of every path that
// starts with prefix ("" for all).
func (s *spill) each(prefix string, yield func(record) bool) {
	s.eachBefore(prefix, len(s.runs), yield)
}

// eachBefore is each over the first n runs.
func (s *spill) eachBefore(prefix string, n int, yield func(record) bool) {
	if s.err != nil {
		return
	}
	h := &mergeHeap{}
	for i := range s.runs[:n] {
		run := &s.runs[i]
		k := 0
		if prefix != "" {
			k = max(sort.Search(len(run.sparse), func(k int) bool { return run.sparse[k].path >= prefix })-1, 0)
		}
		c := &cursor{run: i, r: s.reader(i, k)}
		if s.advance(c, prefix) {
			*h = append(*h, c)
		}
	}
	heap.Init(h)
	for h.Len() > 0 {
		// The newest run's record of the smallest path; the same path's
		// in older runs are passed over.
		top := (*h)[0]
		rec := top.rec
		for h.Len() > 0 && (*h)[0].rec.path == rec.path {
			c := (*h)[0]
			if s.advance(c, prefix) {
				heap.Fix(h, 0)
			} else {
				heap.Pop(h)
			}
		}
		if !strings.HasPrefix(rec.path, prefix) {
			return
		}
		if s.hidden(rec.path, top.run) {
			continue
		}
		if !yield(rec) {
			return
		}
	}
}

// advance reads c's next record at or past prefix; false at its end or
// past the prefix.
func (s *spill) advance(c *cursor, prefix string) bool {
	for {
		rec, err := readRecord(c.r)
		if err != nil {
			if err != io.EOF && s.err == nil {
				s.err = fmt.Errorf("attribution: read the spill back: %w", err)
			}
			return false
		}
		if rec.path < prefix {
			continue
		}
		if !strings.HasPrefix(rec.path, prefix) {
			return false
		}
		c.rec = rec
		return true
	}
}

type cursor struct {
	run int
	r   *bufio.Reader
	rec record
}

// mergeHeap orders cursors by path, the newest run first.
type mergeHeap []*cursor

func (h mergeHeap) Len() int { return len(h) }
func (h mergeHeap) Less(i, j int) bool {
	if h[i].rec.path != h[j].rec.path {
		return h[i].rec.path < h[j].rec.path
	}
	return h[i].run > h[j].run
}
func (h mergeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *mergeHeap) Push(x any)   { *h = append(*h, x.(*cursor)) }
func (h *mergeHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// bloom answers "surely not let go of" for most paths a response writes
// for the first time, so that they cost no read of the spill: 1 MiB,
// four probes (a false positive rate under 1% up to a million paths).
type bloom struct {
	bits []uint64
	seed maphash.Seed
}

const bloomBits = 1 << 23

func (b *bloom) probes(path string) (uint64, uint64) {
	h := maphash.String(b.seed, path)
	return h, h>>32 | h<<32 | 1
}

func (b *bloom) add(path string) {
	if b.bits == nil {
		b.bits, b.seed = make([]uint64, bloomBits/64), maphash.MakeSeed()
	}
	h1, h2 := b.probes(path)
	for i := uint64(0); i < 4; i++ {
		bit := (h1 + i*h2) % bloomBits
		b.bits[bit/64] |= 1 << (bit % 64)
	}
}

func (b *bloom) has(path string) bool {
	if b.bits == nil {
		return false
	}
	h1, h2 := b.probes(path)
	for i := uint64(0); i < 4; i++ {
		bit := (h1 + i*h2) % bloomBits
		if b.bits[bit/64]&(1<<(bit%64)) == 0 {
			return false
		}
	}
	return true
}
