package searchreplace

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// Name is the format's name in reports and for --format.
const Name = "searchreplace"

// Parser is the SEARCH/REPLACE line parser. The zero value is not ready;
// use New. Lines passed to it may be retained (Go strings are immutable).
type Parser struct {
	// ring holds the last lines seen (in blocks too, so that a start
	// marker inside an unclosed block still finds its path), oldest first.
	ring []recent
	buf  []recent // the array ring slides along
	// prev is the path of the previous block of this response, reused by
	// a block that names none.
	prev string

	in bool
	b  block
}

type block struct {
	start   int // line of the start marker
	marker  string
	path    string
	noPath  bool
	mention string // a file the lines before the block name, not as a path line
	spaced  string // a name with spaces alone on the line before, not taken for a path
	raw     []string
	search  []string
	replace []string
	inRepl  bool
	extra   int // dividers inside REPLACE
	extraAt int // line of the first of them
}

// New returns a parser in its idle state.
func New() *Parser {
	buf := make([]recent, ringBuf)
	return &Parser{ring: buf[:0], buf: buf}
}

// ringBuf is the length of the array the ring slides along: the window
// moves back to its start once every ringBuf-lookback lines, rather than
// shifting every line.
const ringBuf = 64

// Name returns "searchreplace".
func (p *Parser) Name() string { return Name }

// Reset drops the lookback lines; the combiner calls it when another
// format claimed a line, so a path is never paired with a marker across
// another format's block. The previous block's path stays: a later block
// without a path still means the same file.
func (p *Parser) Reset() { p.ring = p.buf[:0] }

// remember adds a line to the lookback ring.
func (p *Parser) remember(n int, line string) {
	if len(p.ring) == lookback {
		p.ring = p.ring[1:]
	}
	if len(p.ring) == cap(p.ring) {
		if len(p.buf) < ringBuf {
			p.buf = make([]recent, ringBuf)
		}
		k := copy(p.buf, p.ring)
		clear(p.buf[k:]) // keeps no old line alive
		p.ring = p.buf[:k]
	}
	p.ring = append(p.ring, recent{n, line})
}

// Line reads one line (1-based number n, no terminator).
func (p *Parser) Line(n int, line string) (claimed, active bool, ops []editcore.Op) {
	m := classify(line)
	if p.in {
		return p.inBlock(n, line, m)
	}
	switch m {
	case start:
		p.begin(n, line)
		return true, true, nil
	case end:
		p.Reset()
		return true, false, []editcore.Op{{Kind: editcore.Malformed, Format: Name, Line: n, Raw: line,
			Problem: fmt.Sprintf("%s without a %s before it", strings.TrimSpace(line), startText)}}
	}
	p.remember(n, line)
	return false, false, nil
}

func (p *Parser) begin(n int, line string) {
	b := block{start: n, marker: strings.TrimSpace(line)}
	path, at, ok, stop := findPath(p.ring)
	switch {
	case ok:
		b.path = path
		for _, r := range p.ring[at:] {
			b.raw = append(b.raw, r.text)
		}
	case p.prev != "":
		if other, ok := mentionsOther(p.ring, p.prev); ok {
			// The lines before the block name another file in a way that
			// is not a path line ("In `src/c.py`:"): reusing the previous
			// block's file could edit the wrong one.
			b.noPath, b.mention = true, other
			b.spaced, _ = repopath.SpacedName(stop)
			break
		}
		b.path = p.prev
	default:
		b.noPath = true
		b.spaced, _ = repopath.SpacedName(stop)
	}
	b.raw = append(b.raw, line)
	p.b, p.in = b, true
	p.remember(n, line)
}

func (p *Parser) inBlock(n int, line string, m marker) (claimed, active bool, ops []editcore.Op) {
	b := &p.b
	if m == start {
		// An unclosed block: report it and read the new one, whose path
		// may sit on the lines just read.
		op := p.malformed(fmt.Sprintf("block never closed: expected %s before the %s at line %d",
			p.closing(), b.marker, n))
		p.in = false
		p.begin(n, line)
		return true, true, []editcore.Op{op}
	}
	b.raw = append(b.raw, line)
	p.remember(n, line)
	switch {
	case !b.inRepl && m == divider:
		b.inRepl = true
	case !b.inRepl && m == end:
		return true, false, p.done(p.malformed(fmt.Sprintf("missing %s: %s at line %d came first",
			dividerText, strings.TrimSpace(line), n)))
	case !b.inRepl:
		b.search = append(b.search, line)
	case m == end:
		return true, false, p.done(p.complete()...)
	default:
		if m == divider {
			if b.extra == 0 {
				b.extraAt = n
			}
			b.extra++
		}
		b.replace = append(b.replace, line)
	}
	return true, true, nil
}

// closing names the marker the open block waits for.
func (p *Parser) closing() string {
	if p.b.inRepl {
		return endText
	}
	return dividerText + " and " + endText
}

// End reports a block left open at the end of the response and forgets
// the response's paths.
func (p *Parser) End() []editcore.Op {
	var ops []editcore.Op
	if p.in {
		ops = p.done(p.malformed("block never closed: expected " + p.closing()))
	}
	p.Reset()
	p.prev = ""
	return ops
}

// done returns to idle and hands out ops.
func (p *Parser) done(ops ...editcore.Op) []editcore.Op {
	p.in, p.b = false, block{}
	return ops
}

func (p *Parser) malformed(problem string) editcore.Op {
	b := &p.b
	why := noPathProblem
	switch {
	case b.spaced != "":
		why = "no file path before " + startText + ": " + repopath.SpacedAdvice(b.spaced) + "; " + writeAlone
	case b.mention != "":
		why = fmt.Sprintf("the lines before %s name %s, but not alone on a line; %s", startText, b.mention, writeAlone)
	}
	switch {
	case b.noPath && problem == "":
		problem = why
	case b.noPath:
		problem = why + "; " + problem
	}
	return editcore.Op{Kind: editcore.Malformed, Format: Name, Path: b.path, Line: b.start,
		Raw: strings.Join(b.raw, "\n"), Problem: problem}
}

// writeAlone ends each problem of a block without a path: what to do.
const writeAlone = "write the path alone on the line before the block or its opening fence"

const noPathProblem = "no file path before " + startText + ": " + writeAlone

// complete turns a closed block into its operations.
func (p *Parser) complete() []editcore.Op {
	b := &p.b
	switch {
	case b.noPath:
		return []editcore.Op{p.malformed("")}
	case b.extra > 0:
		// The edit core imports nothing of internal/ (english.Count).
		lines := "line"
		if b.extra > 1 {
			lines = "lines"
		}
		return []editcore.Op{p.malformed(fmt.Sprintf(
			"%d more %s %s after the first (line %d): a block has one divider, and a line of only = signs "+
				"cannot be told from one; split the edit so that no such line is in SEARCH or REPLACE",
			b.extra, dividerText, lines, b.extraAt))}
	}
	p.prev = b.path
	return build(b.path, b.start, strings.Join(b.raw, "\n"), b.search, b.replace)
}
