package udiff

import "sync"

// A diff's lines are gathered in an array that no operation keeps (they
// keep the strings, not the array), so the arrays go back to a pool when
// the diff is read: a diff of thousands of lines spent more on growing
// that array, and on collecting it, than on reading the lines.
var linePool sync.Pool // of *[]string

// maxPooled bounds the arrays the pool keeps (16 bytes a line).
const maxPooled = 1 << 16

// growLines makes room for more lines: an array from the pool, or one
// twice as large (append grows a long slice by a quarter, which copied a
// diff of thousands of lines five times over).
func (p *Parser) growLines() {
	if p.lines == nil {
		if b, ok := linePool.Get().(*[]string); ok {
			p.lines = (*b)[:0]
			return
		}
	}
	lines := make([]string, len(p.lines), max(2*cap(p.lines), 256))
	copy(lines, p.lines)
	p.lines = lines
}

// putLines gives the array back, emptied so that it keeps no text alive.
func (p *Parser) putLines() {
	if p.lines == nil || cap(p.lines) > maxPooled {
		return
	}
	clear(p.lines)
	b := p.lines[:0]
	linePool.Put(&b)
}
