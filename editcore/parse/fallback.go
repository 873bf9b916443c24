package parse

import "github.com/git-aiedit/git-aiedit/editcore"

// Fallback is implemented by a format that only reads what no other format
// wants (wholefile: any fenced block with a path would otherwise compete
// with every other format's blocks).
//
// A fallback format is offered a line only after every other format has
// declined it, and its claims neither make it exclusive nor reset the
// other formats' lookback (a path line and a fence before an edit block
// stay theirs). When another format claims a line, the fallback is Reset.
// Under auto-detection its operations count as written only if no other
// format claims anything in the same response: until the response ends
// they are held, together with every operation after them so that order
// is kept. In a response where another format claims a line (a reply that
// edits with SEARCH/REPLACE and then shows "helpers/util.py" and a fenced
// block), they are demoted, never dropped: a whole file becomes a Create
// with NewOnly, which makes a file that does not exist and reports a block
// for an existing file as skipped (it may be a snippet of it). Forced with
// WithFormats, its operations come out as they complete.
type Fallback interface {
	Format
	// Fallback reports whether the format is a fallback.
	Fallback() bool
}

func isFallback(f Format) bool {
	fb, ok := f.(Fallback)
	return ok && fb.Fallback()
}

// held is an operation kept back until the response ends.
type held struct {
	op       editcore.Op
	fallback bool
}

// emit passes on operations of the other formats and the shell scanner.
func (p *Parser) emit(ops []editcore.Op) {
	if len(ops) == 0 {
		return // nearly every line
	}
	if len(p.held) == 0 {
		if len(p.out) == 0 {
			// Taken as is (a diff's can be a thousand operations); capped,
			// so that appending never writes into the format's array.
			p.out = ops[:len(ops):len(ops)]
			return
		}
		p.out = append(p.grow(len(ops)), ops...)
		return
	}
	for _, op := range ops {
		p.held = append(p.held, held{op: op})
	}
}

// grow makes room in p.out for n more operations. An Op is 368 bytes and
// append grows a large slice by a quarter, so a response of thousands of
// edit blocks spent more time copying its operations than parsing them.
// The room is foreseen: as many as the last Feed returned (a streamed
// response's chunks are alike), or, past the first segment of a large
// chunk, as many as the part read so far makes for the whole chunk;
// otherwise twice as many.
func (p *Parser) grow(n int) []editcore.Op {
	need := len(p.out) + n
	if need <= cap(p.out) {
		return p.out
	}
	want := max(2*cap(p.out), need, p.lastOut, 16)
	if read := p.feedLen - p.feedLeft; read > 0 {
		want = max(want, need*p.feedLen/read*9/8)
	}
	out := make([]editcore.Op, len(p.out), want)
	copy(out, p.out)
	return out
}

// emitFallback passes on, holds or drops a fallback format's operations.
func (p *Parser) emitFallback(ops []editcore.Op) {
	if n := len(ops); n > 0 && ops[n-1].Kind == editcore.Unread && p.lastShell >= ops[n-1].Start {
		// The commands in the block are reported: it did not disappear.
		ops = ops[:n-1]
	}
	switch {
	case len(ops) == 0:
	case p.claimed && !p.forced:
		for _, op := range ops {
			p.emit([]editcore.Op{demote(op)})
		}
	case p.forced:
		p.emit(ops)
	default:
		for _, op := range ops {
			p.held = append(p.held, held{op: op, fallback: true})
		}
	}
}

// otherClaimed records that a format other than the fallbacks claimed a
// line: the fallbacks' operations of this response are dropped.
func (p *Parser) otherClaimed() {
	if p.claimed {
		return
	}
	p.claimed = true
	if !p.forced {
		p.release(false)
	}
}

// release passes on the held operations, the fallbacks' as written or
// demoted.
func (p *Parser) release(asWritten bool) {
	for _, h := range p.held {
		if h.fallback && !asWritten {
			h.op = demote(h.op)
		}
		p.out = append(p.out, h.op)
	}
	p.held = p.held[:0]
}

// demote turns a fallback's whole-file write, in a response that edits
// with another format, into a creation of a new file only.
func demote(op editcore.Op) editcore.Op {
	if op.Kind == editcore.Write {
		op.Kind, op.NewOnly = editcore.Create, true
	}
	return op
}
