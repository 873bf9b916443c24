package transcript

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// Pieces is a long response's text as it was gathered: pieces of whole
// lines, each ending in a newline. Past spillFrom bytes the pieces but
// the last two go to a nameless temporary file as the next ones come,
// so that a response of a million blocks (80 MB) holds two pieces of
// it in memory, not all of them; the file is at most MaxResponse.
type Pieces struct {
	file  *os.File
	sizes []int    // of the pieces in file, in order
	mem   [][]byte // the pieces after them
	err   error    // the first failure to write or read file
}

// spillFrom is the text from which a response's pieces go to a file.
var spillFrom = 8 << 20

// keepPieces is how many of the last pieces stay in memory: trimming
// the separators at a response's end reads no further back.
const keepPieces = 2

// spillOld writes the pieces before the last keepPieces to the file.
func (p *Pieces) spillOld() {
	for len(p.mem) > keepPieces && p.err == nil {
		if p.file == nil {
			f, err := ownedtemp.Unnamed("git-aiedit-response-")
			if err != nil {
				p.err = fmt.Errorf("keep a long response's text in the temporary folder (TMPDIR): %w", err)
				return
			}
			p.file = f
		}
		if _, err := p.file.Write(p.mem[0]); err != nil {
			p.err = fmt.Errorf("keep a long response's text in the temporary folder (TMPDIR): %w", err)
			return
		}
		p.sizes = append(p.sizes, len(p.mem[0]))
		p.mem[0] = nil
		p.mem = p.mem[1:]
	}
}

// Each yields the pieces in order, those in the file read back one at
// a time (each a new array: the caller may keep what it is given); it
// stops when yield returns false. It can be walked more than once.
func (p *Pieces) Each(yield func([]byte) bool) error {
	if p == nil {
		return nil
	}
	if p.err != nil {
		return p.err
	}
	var off int64
	for _, n := range p.sizes {
		b := make([]byte, n)
		if _, err := p.file.ReadAt(b, off); err != nil {
			return fmt.Errorf("read a long response's text back from the temporary folder (TMPDIR): %w", unexpected(err))
		}
		off += int64(n)
		if !yield(b) {
			return nil
		}
	}
	for _, b := range p.mem {
		if !yield(b) {
			return nil
		}
	}
	return nil
}

// Close lets the file go; the pieces are not to be walked again.
func (p *Pieces) Close() {
	if p != nil && p.file != nil {
		p.file.Close()
		p.file = nil
	}
}

// last is the last piece, read back from the file when no piece in
// memory is left; nil when there is none.
func (p *Pieces) last() []byte {
	if len(p.mem) == 0 && len(p.sizes) > 0 && p.err == nil {
		n := p.sizes[len(p.sizes)-1]
		var off int64
		for _, s := range p.sizes[:len(p.sizes)-1] {
			off += int64(s)
		}
		b := make([]byte, n)
		if _, err := p.file.ReadAt(b, off); err != nil {
			p.err = fmt.Errorf("read a long response's text back from the temporary folder (TMPDIR): %w", unexpected(err))
			return nil
		}
		p.sizes = p.sizes[:len(p.sizes)-1]
		p.mem = [][]byte{b}
	}
	if len(p.mem) == 0 {
		return nil
	}
	return p.mem[len(p.mem)-1]
}

// PiecesOf is text already in pieces, held in memory (tests).
func PiecesOf(pieces ...[]byte) *Pieces { return &Pieces{mem: slices.Clone(pieces)} }

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
