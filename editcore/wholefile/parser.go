package wholefile

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
)

// Name is the format's name in reports and for --format.
const Name = "wholefile"

// Parser is the whole-file line parser. The zero value is ready to use.
type Parser struct {
	// Lookback while idle: the nearest non-blank line and the blank lines
	// after it.
	last     string
	haveLast bool
	gap      []string

	// A code block that is not a whole file, open until its fence closes;
	// when it follows a path line, it is reported as unread.
	other     fence
	inOther   bool
	otherPath string
	otherLang string
	otherRaw  []string
	otherAt   int

	in bool
	b  block
}

type block struct {
	f     fence
	path  string
	start int
	raw   []string
	lines []string
	depth int // nested fences still open
}

// New returns a parser in its idle state.
func New() *Parser { return &Parser{} }

// Name returns "wholefile".
func (p *Parser) Name() string { return Name }

// Fallback marks the format as the one consulted last (parse.Fallback).
func (p *Parser) Fallback() bool { return true }

// Reset drops the lookback. Another format claimed a line, so a block in
// progress is not a whole file after all: it is followed to its closing
// fence as an ordinary code block, whose fence must not open a block.
func (p *Parser) Reset() {
	p.haveLast, p.last, p.gap = false, "", p.gap[:0]
	p.otherPath, p.otherRaw = "", nil // another format read the block
	if p.in {
		p.other, p.inOther = p.b.f, true
		p.in, p.b = false, block{}
	}
}

// Line reads one line (1-based number n, no terminator). claimed and
// active say the line is in a whole-file block.
func (p *Parser) Line(n int, line string) (claimed, active bool, ops []editcore.Op) {
	if p.in {
		return p.inBlock(n, line)
	}
	if p.inOther {
		if p.otherPath != "" && len(p.otherRaw) < maxUnreadRaw {
			p.otherRaw = append(p.otherRaw, line)
		}
		if p.other.Closes(line) {
			p.inOther = false
			return false, false, p.unread(n)
		}
		return false, false, nil
	}
	if !mayOpen(line) {
		p.idle(line)
		return false, false, nil
	}
	f, ok := openFence(line)
	if !ok {
		p.idle(line)
		return false, false, nil
	}
	path, lang := mdfence.InfoPath(f.Info)
	var head []string
	if path == "" && p.haveLast {
		if lp, ok := linePath(p.last); ok {
			path, head = lp, append([]string{p.last}, p.gap...)
		}
	}
	p.haveLast, p.last, p.gap = false, "", p.gap[:0]
	if path == "" || !allowed(lang, path) {
		p.other, p.inOther = f, true
		p.otherPath, p.otherLang, p.otherAt, p.otherRaw = path, lang, n, append(head, line)
		return false, false, nil
	}
	p.in = true
	p.b = block{f: f, path: path, start: n, raw: append(head, line)}
	return true, true, nil
}

// maxUnreadRaw bounds the lines an unread block keeps for its report.
const maxUnreadRaw = 200

// unread reports the code block after a path line that has just closed at
// line n, and forgets it.
func (p *Parser) unread(n int) []editcore.Op {
	if p.otherPath == "" {
		return nil
	}
	what := "a " + p.otherLang + " block"
	if p.otherLang == "" {
		what = "a code block"
	}
	op := editcore.Op{Kind: editcore.Unread, Format: Name, Path: p.otherPath, Line: p.otherAt,
		Start: p.otherAt, End: n, Raw: strings.Join(p.otherRaw, "\n"),
		Problem: what + " after the path " + p.otherPath + " is not an edit this tool applies, so " + p.otherPath +
			" is left as it is; send the file's whole content in a code block, or an edit block"}
	p.otherPath, p.otherLang, p.otherRaw = "", "", nil
	return []editcore.Op{op}
}

func (p *Parser) idle(line string) {
	if isBlank(line) {
		if p.haveLast {
			p.gap = append(p.gap, line)
		}
		return
	}
	p.last, p.haveLast = line, true
	p.gap = p.gap[:0]
}

func (p *Parser) inBlock(n int, line string) (claimed, active bool, ops []editcore.Op) {
	b := &p.b
	b.raw = append(b.raw, line)
	if b.f.Closes(line) {
		if b.depth == 0 {
			op := editcore.Op{Kind: editcore.Write, Format: Name, Path: b.path, Line: b.start, Whole: true,
				Raw: strings.Join(b.raw, "\n"), Content: editcore.FileContent(b.lines)}
			if numbered(b.lines) {
				op = editcore.Op{Kind: editcore.Unread, Format: Name, Path: b.path, Line: b.start, Start: b.start, End: n,
					Raw: op.Raw, Problem: "the code block after " + b.path + " numbers its lines as a file read shows it (cat -n), " +
						"so it is what the file held, not new content; " + b.path + " is left as it is"}
			}
			p.in, p.b = false, block{}
			return true, false, []editcore.Op{op}
		}
		b.depth--
	} else if f, ok := openFence(line); ok && f.Char == b.f.Char && f.N >= b.f.N && f.Info != "" {
		// A fence that its own closing line could not be told from ours:
		// a code example inside the file.
		b.depth++
	}
	b.lines = append(b.lines, b.f.strip(line))
	return true, true, nil
}

// End reports a block left open: its file would be cut off.
func (p *Parser) End() []editcore.Op {
	var ops []editcore.Op
	if p.in {
		b := &p.b
		ops = []editcore.Op{{Kind: editcore.Malformed, Format: Name, Path: b.path, Line: b.start,
			Raw: strings.Join(b.raw, "\n"),
			Problem: "the code block for " + b.path + " is never closed, so the file may be cut off; " +
				"send the whole file again, ending with " + strings.Repeat(string(b.f.Char), b.f.N)}}
	}
	*p = Parser{gap: p.gap[:0]}
	return ops
}
