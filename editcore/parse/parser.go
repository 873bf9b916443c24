// Package parse turns a model's response into the ordered operations of
// every edit format it contains, and the shell commands it suggests.
//
// The Parser is incremental: it is fed the response in chunks of any size,
// split anywhere (inside a line, a marker or a multi-byte character), and
// returns the operations each chunk completed, so a streaming caller can act
// on a block as soon as it is closed. Its invariants:
//
//   - Lines end at "\n"; a trailing "\r" is removed (CRLF transcripts). A
//     final line without terminator is read by Finish. Line numbers are
//     1-based.
//   - Any chunking yields the same operations, in the same order, as
//     parsing the whole response at once.
//   - Each line goes to the format whose block it is in; otherwise it is
//     offered to the formats in registry order, then to the fallback
//     formats (see Fallback), and a line no format claims is prose, given
//     to the shell scanner.
//   - Operations come out in the order they complete, which is their order
//     of appearance: a format holds the lines of its block exclusively, so
//     nothing else completes while a block is open. (One exception: a shell
//     command still being joined, after a trailing "\" or an open quote,
//     when a block starts is ended by the block and reported after it.)
package parse

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// Parser reads one response at a time.
type Parser struct {
	formats []Format
	// fallbacks are consulted after the formats (see Fallback); inFB says
	// which are inside a block.
	fallbacks []Format
	inFB      []bool
	forced    bool   // WithFormats: no fallback operation is dropped
	claimed   bool   // a format other than the fallbacks claimed a line
	held      []held // operations held behind a fallback's (see Fallback)
	shell     scanner
	active    int    // index of the format inside a block, or -1
	n         int    // number of the last line read
	pend      []byte // the start of a line whose end has not arrived
	out       []editcore.Op
	lastOut   int    // how many operations the last Feed returned
	prose     []byte // the first maxProse bytes of the lines no format claimed
	ended     bool   // Finish was called: the next Feed starts a new response
	// frame is the fence a block was wrapped in, while its closing line is
	// still to come: it belongs to the block, not to the prose. blanks
	// counts the blank lines held back meanwhile.
	frame   mdfence.Fence
	framed  bool
	blanks  int
	inFence bool  // the prose so far ends inside a fenced code block
	skip    bool  // the line being read is over MaxLine: drop it
	err     error // the first *LineTooLongError
	// lastShell is the line of the last suggested command reported: a
	// code block after a path line that held one is not reported unread.
	lastShell int
	// feedLen is the size of the chunk being fed, feedLeft what was left
	// of it when the segment being read began (see grow).
	feedLen, feedLeft int
	// think is the line of the reasoning section being dropped, opened by
	// thinkTag (see reasoning.go); 0 outside one.
	think    int
	thinkTag string
	// record is the line of the tool record being dropped, recordFence a
	// code fence open inside it (see toolrecord.go); 0 outside one.
	record      int
	recordFence mdfence.Fence
	citation    bool // the record is a citation fence
}

// maxProse bounds the prose kept for Prose: enough for a commit message,
// however long the response.
const maxProse = 64 << 10

// scanner is what the Parser needs of *shell.Scanner.
type scanner interface {
	Line(n int, line string) []shell.Command
	End() []shell.Command
}

// Option configures a Parser.
type Option func(*Parser)

// WithFormats replaces auto-detection by the given formats (for --format;
// see Lookup). A Format instance belongs to one Parser.
func WithFormats(formats ...Format) Option {
	return func(p *Parser) { p.formats, p.forced = formats, true }
}

// New returns a Parser using every registered format unless an option says
// otherwise.
func New(opts ...Option) *Parser {
	p := &Parser{shell: shell.NewScanner(), active: -1}
	for _, r := range registry {
		p.formats = append(p.formats, r.make())
	}
	for _, o := range opts {
		o(p)
	}
	var normal []Format
	for _, f := range p.formats {
		if isFallback(f) {
			p.fallbacks = append(p.fallbacks, f)
		} else {
			normal = append(normal, f)
		}
	}
	p.formats, p.inFB = normal, make([]bool, len(p.fallbacks))
	return p
}

// Bytes parses a whole response.
func Bytes(text []byte) []editcore.Op {
	p := New()
	return append(p.Feed(text), p.Finish()...)
}

// MaxLine is the longest line a response may have. A longer one is no
// model's reply (a binary or minified file piped by mistake): the Parser
// skips it and reports it through Err, rather than hold it in memory or
// apply a block with a line cut short.
var MaxLine = 64 << 20

// LineTooLongError reports a line longer than MaxLine.
type LineTooLongError struct{ Line int }

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("line %d: line longer than the limit (%d MiB); this is not a model's reply", e.Line, MaxLine>>20)
}

// Err returns the first line-length error met so far, or nil. Operations
// returned after it may lack the skipped line: callers should stop.
func (p *Parser) Err() error { return p.err }

// Feed reads the next chunk of the response and returns the operations it
// completed. The Parser does not keep chunk.
func (p *Parser) Feed(chunk []byte) []editcore.Op {
	p.out = nil
	p.startResponse()
	if len(p.pend) > 0 || p.skip {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			p.keep(chunk)
			return nil
		}
		p.keep(chunk[:i])
		if p.skip {
			p.n++ // the overlong line, skipped
			p.skip = false
		} else {
			p.line(string(p.pend))
		}
		p.pend = p.pend[:0]
		chunk = chunk[i+1:]
	}
	p.feedLen = len(chunk)
	for len(chunk) > 0 {
		p.feedLeft = len(chunk)
		j := segment(chunk)
		if j < 0 {
			break
		}
		// One copy per segment: the lines are substrings of it, so formats
		// may keep them without a copy per line. Segments are small enough
		// to be parsed while they are still in the cache.
		s := string(chunk[:j+1])
		for len(s) > 0 {
			k := strings.IndexByte(s, '\n')
			if k > MaxLine {
				p.tooLong(p.n + 1)
				p.n++
			} else {
				p.line(s[:k])
			}
			s = s[k+1:]
		}
		chunk = chunk[j+1:]
	}
	p.keep(chunk)
	p.lastOut, p.feedLen, p.feedLeft = len(p.out), 0, 0
	return p.out
}

// keep holds the start of a line whose end has not arrived, up to MaxLine.
func (p *Parser) keep(b []byte) {
	if p.skip {
		return
	}
	if len(p.pend)+len(b) > MaxLine {
		p.tooLong(p.n + 1)
		p.pend, p.skip = p.pend[:0], true
		return
	}
	p.pend = append(p.pend, b...)
}

func (p *Parser) tooLong(line int) {
	if p.err == nil {
		p.err = &LineTooLongError{Line: line}
	}
}

// segmentSize is the size of text copied and parsed in one go.
const segmentSize = 64 << 10

// segment returns the index of the newline that ends the next segment of
// whole lines in b: the last one in the first segmentSize bytes, or the
// first one after them for a longer line; -1 when b has no newline.
func segment(b []byte) int {
	if len(b) <= segmentSize {
		return bytes.LastIndexByte(b, '\n')
	}
	if j := bytes.LastIndexByte(b[:segmentSize], '\n'); j >= 0 {
		return j
	}
	if j := bytes.IndexByte(b[segmentSize:], '\n'); j >= 0 {
		return segmentSize + j
	}
	return -1
}

// Finish reads the last line if it had no terminator, closes every format
// (an unclosed block is a Malformed op) and the shell scanner, and returns
// the operations that completed. The Parser is then ready for another
// response.
func (p *Parser) Finish() []editcore.Op {
	p.out = nil
	p.startResponse()
	if len(p.pend) > 0 {
		p.line(string(p.pend))
		p.pend = p.pend[:0]
	}
	p.skip = false
	for _, f := range p.formats {
		p.emit(f.End())
	}
	for i, f := range p.fallbacks {
		p.emitFallback(f.End())
		p.inFB[i] = false
	}
	p.shellOps(p.shell.End())
	p.unclosedReasoning()
	p.record, p.recordFence = 0, mdfence.Fence{} // a record cut off was never an edit either
	p.release(true)
	p.active, p.n, p.claimed, p.lastShell = -1, 0, false, 0
	p.ended = true
	return p.out
}

// startResponse forgets the previous response's prose once a new one
// begins, so that Prose stays readable after Finish.
func (p *Parser) startResponse() {
	if p.ended {
		p.prose, p.ended, p.inFence, p.framed, p.blanks = p.prose[:0], false, false, false, 0
		p.err = nil
	}
}

// Prose returns the response's text outside edit blocks (the first 64 KiB
// of it), for commit messages. After Finish it is the whole response's.
func (p *Parser) Prose() string { return string(p.prose) }

// line routes one line.
func (p *Parser) line(s string) {
	p.n++
	if k := len(s); k > 0 && s[k-1] == '\r' {
		s = s[:k-1]
	}
	if p.record > 0 || p.think == 0 && p.active < 0 && !p.inFence && !slices.Contains(p.inFB, true) && p.openRecord(s) {
		p.inRecord(s)
		return
	}
	if p.think > 0 || p.active < 0 && !p.inFence && !slices.Contains(p.inFB, true) {
		var read bool
		if s, read = p.reasoning(s); !read {
			return
		}
	}
	if p.active >= 0 {
		claimed, active, ops := p.formats[p.active].Line(p.n, s)
		p.emit(ops)
		if !active {
			p.active = -1
			if claimed {
				p.closeFrame(s)
			}
		}
		if claimed {
			return
		}
	}
	for i, f := range p.formats {
		claimed, active, ops := f.Line(p.n, s)
		if claimed {
			p.otherClaimed()
		}
		p.emit(ops)
		if !claimed {
			continue
		}
		if active {
			p.active = i
			p.trimProse()
			p.openFrame(s)
		}
		for j, g := range p.formats {
			if j != i {
				g.Reset()
			}
		}
		for j, g := range p.fallbacks {
			g.Reset()
			p.inFB[j] = false
		}
		return
	}
	for i, f := range p.fallbacks {
		claimed, active, ops := f.Line(p.n, s)
		p.emitFallback(ops)
		if !claimed {
			continue
		}
		switch {
		case active && !p.inFB[i]:
			p.trimProse()
			p.openFrame(s)
		case !active && p.inFB[i]:
			p.closeFrame(s)
		}
		p.inFB[i] = active
		return
	}
	p.addProse(s)
	p.shellOps(p.shell.Line(p.n, s))
}

func (p *Parser) shellOps(cmds []shell.Command) {
	for i := range cmds {
		cmd := &cmds[i] // the scanner's slice is this call's alone
		p.lastShell = max(p.lastShell, cmd.Line)
		op := editcore.Op{Kind: editcore.Shell, Command: cmd, Line: cmd.Line, Raw: cmd.Text}
		if len(p.held) == 0 {
			p.out = append(p.grow(1), op) // as emit would, without a slice of one
			continue
		}
		p.emit([]editcore.Op{op})
	}
}

// addProse keeps an unclaimed line for Prose, dropping the line that
// closes the fence a block was wrapped in. Past maxProse it only follows
// the fences, which reasoning sections need.
func (p *Parser) addProse(s string) {
	room := len(p.prose) < maxProse // else the commit message has all it can use
	if p.framed {
		if strings.TrimSpace(s) == "" {
			p.blanks++
			return
		}
		p.framed = false
		if p.frame.Closes(s) {
			p.blanks = 0
			return
		}
		for ; p.blanks > 0 && room; p.blanks-- {
			p.prose = append(p.prose, '\n')
		}
		p.blanks = 0
	}
	if f, ok := mdfence.Open(s); ok && f.Tag == "" {
		p.inFence = !p.inFence
	}
	if room {
		p.prose = append(append(p.prose, s...), '\n')
	}
}

// openFrame records the fence a block opened on its first line (a fenced
// diff, a whole file), whose closing line the block may leave unclaimed.
func (p *Parser) openFrame(line string) {
	if f, ok := mdfence.Open(line); ok {
		p.setFrame(f)
	}
}

func (p *Parser) setFrame(f mdfence.Fence) { p.frame, p.framed, p.blanks = f, true, 0 }

// closeFrame forgets the frame when the block's own last line closed it.
func (p *Parser) closeFrame(line string) {
	if p.framed && p.frame.Closes(line) {
		p.framed, p.blanks = false, 0
	}
}

// trimProse takes a block's path line and opening fence (in either order,
// one of each, with the blank lines around them) off the end of the prose:
// they belong to the block, not to the response's explanation.
func (p *Parser) trimProse() {
	pathSeen, fenceSeen := false, false
	for len(p.prose) > 0 {
		end := len(p.prose) - 1 // the final newline
		start := bytes.LastIndexByte(p.prose[:end], '\n') + 1
		// A view, not a copy: the line is only looked at, and what is
		// kept of it (a fence's info) is cloned.
		line := view(p.prose[start:end])
		if strings.TrimSpace(line) != "" {
			if f, ok := mdfence.Open(line); ok && !fenceSeen {
				f.Info = strings.Clone(f.Info)
				if f.Tag == "" {
					if !p.inFence {
						return // it closes a code block of the prose
					}
					p.inFence = false
				}
				fenceSeen = true
				p.setFrame(f)
			} else if _, ok := repopath.DetectLine(line); ok && !pathSeen {
				pathSeen = true
			} else {
				return
			}
		}
		p.prose = p.prose[:start]
	}
}

// view is b as a string without a copy, for a look that keeps nothing of
// it: b must not change while the string is in use.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
