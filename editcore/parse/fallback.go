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
// Under auto-detection its operations count only if no other format
// claims anything in the same response: until the response ends they are
// held, together with every operation after them so that order is kept,
// and they are dropped as soon as another format claims a line. Forced
// with WithFormats, its operations come out as they complete.
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
		p.out = append(p.out, ops...)
		return
	}
	for _, op := range ops {
		p.held = append(p.held, held{op: op})
	}
}

// emitFallback passes on, holds or drops a fallback format's operations.
func (p *Parser) emitFallback(ops []editcore.Op) {
	switch {
	case len(ops) == 0 || p.claimed && !p.forced:
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

// release passes on the held operations, with or without the fallbacks'.
func (p *Parser) release(withFallback bool) {
	for _, h := range p.held {
		if withFallback || !h.fallback {
			p.out = append(p.out, h.op)
		}
	}
	p.held = p.held[:0]
}
