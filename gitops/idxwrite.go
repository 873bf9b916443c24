package gitops

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/go-git/go-git/v5/plumbing"
)

// idxEntry is one object of a pack as its index names it.
type idxEntry struct {
	hash plumbing.Hash
	crc  uint32
	off  uint64
}

// idxSource yields a pack's entries in ascending hash order, each time it
// is called: a version 2 index lists names, CRCs and offsets in separate
// tables, so the entries are gone through once for each rather than held.
type idxSource func(fn func(idxEntry) error) error

// writeIdx writes a version 2 pack index (gitformat-pack) of the entries
// src yields, for the pack whose checksum is packSum.
func writeIdx(w io.Writer, src idxSource, packSum plumbing.Hash) error {
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, sum), 64<<10)
	var fanout [256]uint32
	var prev plumbing.Hash
	n := 0
	if err := src(func(e idxEntry) error {
		if n > 0 && bytes.Compare(e.hash[:], prev[:]) <= 0 {
			return fmt.Errorf("pack index: %s after %s: not in order", e.hash, prev)
		}
		prev = e.hash
		n++
		fanout[e.hash[0]]++
		return nil
	}); err != nil {
		return err
	}
	if uint64(n) >= 1<<32 {
		return errors.New("pack index: too many objects")
	}
	var b [20]byte // one buffer for the closures below: an entry's bytes would escape
	bw.Write([]byte{0xff, 't', 'O', 'c', 0, 0, 0, 2})
	total := uint32(0)
	for _, c := range fanout {
		total += c
		binary.BigEndian.PutUint32(b[:], total)
		bw.Write(b[:4])
	}
	passes := []func(idxEntry) error{
		func(e idxEntry) error { copy(b[:], e.hash[:]); _, err := bw.Write(b[:20]); return err },
		func(e idxEntry) error { binary.BigEndian.PutUint32(b[:], e.crc); _, err := bw.Write(b[:4]); return err },
	}
	// Offsets past 2 GiB go to a table of 64-bit ones, as git writes them.
	large := uint32(0)
	passes = append(passes,
		func(e idxEntry) error {
			v := uint32(e.off)
			if e.off > 0x7fffffff {
				v = 0x80000000 | large
				large++
			}
			binary.BigEndian.PutUint32(b[:], v)
			_, err := bw.Write(b[:4])
			return err
		},
		func(e idxEntry) error {
			if e.off <= 0x7fffffff {
				return nil
			}
			binary.BigEndian.PutUint64(b[:], e.off)
			_, err := bw.Write(b[:8])
			return err
		})
	for _, pass := range passes {
		if err := src(pass); err != nil {
			return err
		}
	}
	bw.Write(packSum[:])
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(sum.Sum(nil))
	return err
}

// entrySpill keeps the index entries of a pack written in hash order (a
// consolidated one) in a file beside it, 32 bytes each, so that their
// number costs no memory.
type entrySpill struct {
	f    *os.File
	w    *bufio.Writer
	last plumbing.Hash
	n    uint64
}

const spillEntry = 32

func newEntrySpill(dir string) (*entrySpill, error) {
	// Named like the index temp files: removeAbandoned removes one a
	// killed run left.
	f, err := os.CreateTemp(dir, "aiedit-incoming-entries-")
	if err != nil {
		return nil, err
	}
	return &entrySpill{f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// add appends an entry; they must come in ascending hash order.
func (s *entrySpill) add(e idxEntry) error {
	if s.n > 0 && bytes.Compare(e.hash[:], s.last[:]) <= 0 {
		return fmt.Errorf("pack entries: %s after %s: not in order", e.hash, s.last)
	}
	s.last = e.hash
	s.n++
	var rec [spillEntry]byte
	copy(rec[:20], e.hash[:])
	binary.BigEndian.PutUint32(rec[20:], e.crc)
	binary.BigEndian.PutUint64(rec[24:], e.off)
	_, err := s.w.Write(rec[:])
	return err
}

// each reads the entries back in order.
func (s *entrySpill) each(fn func(idxEntry) error) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	r := bufio.NewReaderSize(io.NewSectionReader(s.f, 0, int64(s.n)*spillEntry), 64<<10)
	var rec [spillEntry]byte
	for range s.n {
		if _, err := io.ReadFull(r, rec[:]); err != nil {
			return fmt.Errorf("read pack entries back: %w", err)
		}
		var e idxEntry
		copy(e.hash[:], rec[:20])
		e.crc = binary.BigEndian.Uint32(rec[20:])
		e.off = binary.BigEndian.Uint64(rec[24:])
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

func (s *entrySpill) discard() {
	_ = s.f.Close()
	_ = os.Remove(s.f.Name())
}
