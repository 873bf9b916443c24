package editblock

import "runtime"

// wholeFile gathers the lines of a file written whole as they come: a copy
// of each, so that the text they were cut from can go.
//
// Op.Content is one buffer, and the file's size is known only at its end.
// Up to pieceSize the lines go to one growing buffer, which becomes the
// content as it is. Past that they go to pieces of pieceSize, which bytes
// copies into one buffer of the exact size. Those pieces live outside the
// Go heap where the platform allows (mapPiece) and each is unmapped as soon
// as it is copied: pieces the collector owns can only go after the copy,
// so a file of hundreds of MB was held twice at that moment (3x its size
// in peak RSS under load). This way it is held once, and one piece.
type wholeFile struct {
	head  []byte  // the first bytes, up to pieceSize
	rest  *pieces // the bytes after head; nil while head holds them all
	size  int
	lines int
}

// pieceSize is the size of a piece past the head: large enough that a
// file of hundreds of MB takes a few hundred mappings.
const pieceSize = 4 << 20

// pieces is the part of a file past its head.
type pieces struct {
	bufs   [][]byte
	mapped []bool // bufs[i] came from mapPiece: unmapPiece it
}

func (c *wholeFile) add(line string) {
	c.size += len(line) + 1
	c.lines++
	if c.rest == nil && len(c.head)+len(line)+1 <= pieceSize {
		c.head = append(append(c.head, line...), '\n')
		return
	}
	if c.rest == nil {
		c.rest = &pieces{}
		// A block left open or dropped unread still gives its pieces back.
		runtime.AddCleanup(c, (*pieces).free, c.rest)
	}
	c.rest.write(line)
	c.rest.write("\n")
}

// write appends s, starting a new piece whenever the last one is full.
func (ps *pieces) write(s string) {
	for len(s) > 0 {
		n := len(ps.bufs)
		if n == 0 || len(ps.bufs[n-1]) == pieceSize {
			b, mapped := mapPiece(pieceSize)
			if b == nil {
				b = make([]byte, 0, pieceSize)
			}
			ps.bufs, ps.mapped = append(ps.bufs, b[:0]), append(ps.mapped, mapped)
			n++
		}
		last := &ps.bufs[n-1]
		k := min(len(s), pieceSize-len(*last))
		*last = append(*last, s[:k]...)
		s = s[k:]
	}
}

// free gives back the pieces still held.
func (ps *pieces) free() {
	for i, b := range ps.bufs {
		if ps.mapped[i] && b != nil {
			unmapPiece(b)
		}
		ps.bufs[i] = nil
	}
	ps.bufs, ps.mapped = nil, nil
}

// bytes is the file, as editcore.FileContent makes it of the lines; the
// gatherer is empty after it.
func (c *wholeFile) bytes() []byte {
	if c.lines == 0 {
		return nil
	}
	if c.rest == nil {
		b := c.head[:len(c.head):len(c.head)]
		c.head = nil
		return b
	}
	b := make([]byte, 0, c.size)
	b = append(b, c.head...)
	c.head = nil
	ps := c.rest
	for i, p := range ps.bufs {
		b = append(b, p...)
		if ps.mapped[i] {
			unmapPiece(p)
		}
		ps.bufs[i] = nil
	}
	ps.free()
	return b
}

// free gives back what the gatherer holds, when its block is dropped.
func (c *wholeFile) free() {
	if c.rest != nil {
		c.rest.free()
	}
	c.head = nil
}
