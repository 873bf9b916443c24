package editblock

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// Name is the format's name in reports and for --format.
const Name = "editblock"

// dialect is known once the first separator of a block is seen.
type dialect uint8

const (
	undecided dialect = iota
	v3                // also the emoji dialect
	v2
)

// Parser is the edit-block line parser. The zero value is not ready; use
// New. Lines passed to it may be retained (Go strings are immutable).
type Parser struct {
	// Lookback while idle: the nearest line that is neither blank nor a
	// fence, and the blank and fence lines after it.
	last     string
	lastN    int
	haveLast bool
	gap      []string

	in bool  // inside a block (or an orphan, see below)
	b  block // the block being read

	slab  []editcore.Op // see one
	slabN int
}

type block struct {
	orphan  bool // started by a stray separator: collected until its end, then reported
	emoji   bool
	dialect dialect
	sec     int // section being filled: v3 0 EDIT, 1 REPL; v2 0 lead, 1 old, 2 new, 3 trail
	secs    [4][]string
	start   int // line of the start marker
	path    string
	noPath  string // Problem when no path was found
	raw     rawLines
	depth   int // nested start markers still open
	// whole receives the REPL lines of a v3 block whose EDIT section is
	// empty (it writes a file whole) instead of secs[1].
	whole    *wholeFile
	nestedAt int // line of the first nested start marker
}

// New returns a parser in its idle state.
func New() *Parser { return &Parser{} }

// Name returns "editblock".
func (p *Parser) Name() string { return Name }

// Reset drops the lookback; the combiner calls it when another format
// claimed the lines that lie between a path and this format's marker.
func (p *Parser) Reset() {
	p.haveLast = false
	p.last = ""
	p.gap = p.gap[:0]
}

// Line reads one line (1-based number n, no terminator). claimed says the
// line belongs to an edit block; active says the parser is inside a block
// and wants the following lines.
func (p *Parser) Line(n int, line string) (claimed, active bool, ops []editcore.Op) {
	m := classify(line)
	if p.in {
		return p.inBlock(n, line, m)
	}
	switch m {
	case gStart, eStart:
		p.begin(n, line, m)
		return true, true, nil
	case gEq, eRepl:
		if worded(line) {
			p.b = block{orphan: true, emoji: m.emoji(), start: n, raw: newRaw(line)}
			p.in = true
			p.Reset()
			return true, true, nil
		}
	case gEnd, eEnd:
		if worded(line) {
			p.Reset()
			return true, false, p.one(editcore.Op{
				Kind: editcore.Malformed, Format: Name, Line: n, Raw: line,
				Problem: fmt.Sprintf("%s without a %s before it", strings.TrimSpace(line), startOf(m.emoji())),
			})
		}
	}
	p.idle(n, line)
	return false, false, nil
}

// idle keeps the lookback up to date.
func (p *Parser) idle(n int, line string) {
	if isBlank(line) || isFence(line) {
		if p.haveLast {
			p.gap = append(p.gap, line)
		}
		return
	}
	p.last, p.lastN, p.haveLast = line, n, true
	p.gap = p.gap[:0]
}

func (p *Parser) begin(n int, line string, m marker) {
	b := block{emoji: m.emoji(), start: n}
	path, ok := "", false
	if p.haveLast {
		path, ok = repopath.Detect(p.last)
	}
	switch {
	case ok:
		b.path = path
		b.raw.add(p.last)
		for _, g := range p.gap {
			b.raw.add(g)
		}
		b.raw.add(line)
	case p.haveLast:
		why := fmt.Sprintf("%q does not look like a path", clip(strings.TrimSpace(p.last)))
		if name, ok := repopath.SpacedName(p.last); ok {
			why = repopath.SpacedAdvice(name)
		}
		b.noPath = fmt.Sprintf("no file path on the line before %s: %s", startOf(b.emoji), why)
		b.raw = newRaw(line)
	default:
		b.noPath = fmt.Sprintf("no file path on the line before %s", startOf(b.emoji))
		b.raw = newRaw(line)
	}
	p.b, p.in = b, true
	p.Reset()
}

func (p *Parser) inBlock(n int, line string, m marker) (claimed, active bool, ops []editcore.Op) {
	b := &p.b
	b.raw.add(line)
	own := m != content && m.emoji() == b.emoji
	if !own && b.orphan {
		p.idle(n, line)
		return true, true, nil
	}
	if !own {
		b.addSec(line)
		return true, true, nil
	}
	isEnd := m == gEnd || m == eEnd
	switch {
	case b.orphan:
		if isEnd {
			return true, false, p.done(p.orphanOp())
		}
		if m == gStart || m == eStart {
			// The orphan ends where a real block begins; that block's
			// path line (kept as lookback) is not part of the orphan.
			drop := 1
			if p.haveLast {
				drop += 1 + len(p.gap)
			}
			op := p.orphanOp()
			op.Raw = b.raw.text(drop)
			p.begin(n, line, m)
			return true, true, p.one(op)
		}
		p.idle(n, line)
		return true, true, nil
	case m == gStart || m == eStart:
		if b.depth == 0 && b.nestedAt == 0 {
			b.nestedAt = n
		}
		b.depth++
		b.addSec(line)
		return true, true, nil
	case b.depth > 0:
		if isEnd {
			b.depth--
		}
		b.addSec(line)
		return true, true, nil
	}
	switch b.dialect {
	case undecided:
		switch {
		case m == gEq || m == eRepl:
			b.dialect, b.sec = v3, 1
			if len(b.secs[0]) == 0 {
				b.whole = &wholeFile{}
			}
		case m == gDash:
			b.dialect, b.sec = v2, 1
		case isEnd:
			return true, false, p.done(p.malformed(fmt.Sprintf("missing %s: %s at line %d came first",
				replOf(b.emoji), strings.TrimSpace(line), n)))
		default:
			b.secs[0] = append(b.secs[0], line)
		}
	case v3:
		if isEnd {
			return true, false, p.complete()
		}
		b.addSec(line)
	case v2:
		switch {
		case b.sec == 1 && m == gEq:
			b.sec = 2
		case b.sec == 2 && m == gDash:
			b.sec = 3
		case isEnd && b.sec == 3:
			return true, false, p.complete()
		case isEnd:
			want := eqText + " (end of the old lines)"
			if b.sec == 2 {
				want = "the second " + dashText + " (end of the new lines)"
			}
			return true, false, p.done(p.malformed(fmt.Sprintf("missing %s: %s at line %d came first",
				want, strings.TrimSpace(line), n)))
		default:
			b.secs[b.sec] = append(b.secs[b.sec], line)
		}
	}
	return true, true, nil
}

// End reports a block left open at the end of the response.
func (p *Parser) End() []editcore.Op {
	if !p.in {
		p.Reset()
		return nil
	}
	b := &p.b
	if b.orphan {
		return p.done(p.orphanOp())
	}
	want := endOf(b.emoji)
	if b.dialect == v2 {
		want = v2EndText
	}
	problem := "block never closed: expected " + want
	if b.nestedAt > 0 {
		problem += fmt.Sprintf(" (the %s at line %d was read as content of this block; is an end marker missing before it?)",
			startOf(b.emoji), b.nestedAt)
	}
	return p.done(p.malformed(problem))
}

// done returns to idle with empty lookback and hands out op.
func (p *Parser) done(op editcore.Op) []editcore.Op {
	return p.idle0(p.one(op))
}

// complete hands out the operation of a complete block, built where it is
// handed out: an Op is 368 bytes, and each copy of it into the heap while
// the collector runs costs a barrier over every pointer in it.
func (p *Parser) complete() []editcore.Op {
	out := p.slot()
	p.op(&out[0])
	if large(&out[0]) {
		own := []editcore.Op{out[0]}
		out[0] = editcore.Op{}
		out = own
	}
	return p.idle0(out)
}

// idle0 returns to idle with empty lookback and hands out ops.
func (p *Parser) idle0(ops []editcore.Op) []editcore.Op {
	if p.b.whole != nil {
		p.b.whole.free()
	}
	p.in, p.b = false, block{}
	p.Reset()
	return ops
}

// one hands out op as a slice of one (see slot).
func (p *Parser) one(op editcore.Op) []editcore.Op {
	if large(&op) {
		return []editcore.Op{op}
	}
	out := p.slot()
	out[0] = op
	return out
}

// large reports an operation that gets an array of its own: one holding
// a file's content, or a long Raw. The shared array stays reachable
// while later blocks use it, and a caller that lets such an operation's
// text go (an applied file of hundreds of MB) must not find it held there.
func large(op *editcore.Op) bool { return op.Content != nil || len(op.Raw) > maxSlabRaw }

// maxSlabRaw bounds the Raw of an operation in the shared array: what it
// may keep alive is then small.
const maxSlabRaw = 4 << 10

// slot is a slice of one zero operation, cut from an array shared by the
// next blocks' operations: one allocation per many blocks rather than one
// per block (a response may hold 10,000). Each slice has its own element,
// so the caller may keep it; operations that hold much text get their own
// (see large).
func (p *Parser) slot() []editcore.Op {
	if len(p.slab) == 0 {
		p.slabN = min(max(2*p.slabN, 4), 128)
		p.slab = make([]editcore.Op, p.slabN)
	}
	out := p.slab[:1:1]
	p.slab = p.slab[1:]
	return out
}

func (p *Parser) malformed(problem string) editcore.Op {
	b := &p.b
	if b.noPath != "" {
		problem = b.noPath + "; " + problem
	}
	return editcore.Op{Kind: editcore.Malformed, Format: Name, Path: b.path, Line: b.start,
		Raw: b.raw.text(0), Problem: problem}
}

func (p *Parser) orphanOp() editcore.Op {
	b := &p.b
	return editcore.Op{Kind: editcore.Malformed, Format: Name, Line: b.start,
		Raw:     b.raw.text(0),
		Problem: fmt.Sprintf("%s without a %s before it", strings.TrimSpace(b.raw.first()), startOf(b.emoji))}
}

// op builds the operation of a complete block in op, a zero Op.
func (p *Parser) op(op *editcore.Op) {
	b := &p.b
	op.Format, op.Line, op.Raw = Name, b.start, b.raw.text(0)
	if b.noPath != "" {
		op.Kind, op.Problem = editcore.Malformed, b.noPath
		return
	}
	op.Path = b.path
	switch {
	case b.dialect == v2:
		fillV2(op, b.secs)
	case b.whole != nil:
		op.Kind, op.Content = editcore.Create, b.whole.bytes()
	default:
		fillV3(op, b.secs[0], b.secs[1])
	}
}

// addSec adds a line to the section being read.
func (b *block) addSec(line string) {
	if b.whole != nil && b.sec == 1 {
		b.whole.add(line)
		return
	}
	b.secs[b.sec] = append(b.secs[b.sec], line)
}

func startOf(emoji bool) string { return pick(emoji, eStartTxt, startText) }
func replOf(emoji bool) string  { return pick(emoji, eReplText, replText) }
func endOf(emoji bool) string   { return pick(emoji, eEndText, endText) }

func pick(emoji bool, e, g string) string {
	if emoji {
		return e
	}
	return g
}

// clip shortens a line quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}
