package udiff

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Name is the format's name in reports and for --format.
const Name = "udiff"

// state is where an unfenced diff is.
type state uint8

const (
	idle   state = iota
	minus        // a "--- " line, waiting for its "+++ "
	header       // a file header: "diff --git", extended headers, ---/+++
	body         // a hunk
	binary       // a GIT binary patch
)

// Parser is the unified-diff line parser. The zero value is not ready; use
// New. Lines passed to it may be retained (Go strings are immutable).
type Parser struct {
	st      state
	fenced  bool  // inside a ```diff fence: the fence, not the lines, ends the diff
	fence   fence // the fence to close
	pending bool  // a ```diff line was seen: the next non-blank line decides
	opened  fence // the fence of that line

	lines []string  // the diff's lines (fence lines excluded)
	nums  numbering // their lines in the response

	sawNew     bool  // the current file header has its "+++ " line
	counted    bool  // the current hunk's header has line counts
	oldN, newN int64 // lines the current hunk still expects, when counted
	held       int   // unfenced: blank lines claimed but not yet known to be part of the diff
}

// New returns a parser in its idle state.
func New() *Parser { return &Parser{} }

// Name returns "udiff".
func (p *Parser) Name() string { return Name }

// Reset forgets a ```diff fence line seen while idle: another format
// claimed the line after it, so the fence is not around a diff.
func (p *Parser) Reset() { p.pending = false }

// Line reads one line (1-based number n, no terminator). claimed says the
// line belongs to a diff; active says a diff is open and wants the
// following lines. The operations of a diff come out when it ends.
func (p *Parser) Line(n int, line string) (claimed, active bool, ops []editcore.Op) {
	if p.fenced {
		if p.fence.closes(line) {
			// The closing fence is handed back, as the opening one was
			// never taken: both stay prose-level lines for the others.
			return false, false, p.finish(false)
		}
		p.add(n, dedent(line, p.fence.indent))
		return true, true, nil
	}
	if p.st != idle {
		if p.next(n, line) {
			return true, true, nil
		}
		return false, false, p.finish(false)
	}
	if p.pending {
		if strings.TrimSpace(line) == "" {
			return false, false, nil
		}
		p.pending = false
		if l := dedent(line, p.opened.indent); startsDiff(l) {
			p.fenced, p.fence = true, p.opened
			p.add(n, l)
			return true, true, nil
		}
	}
	// Fast path: only these first bytes can start a diff or its fence.
	if line == "" {
		return false, false, nil
	}
	switch line[0] {
	case ' ', '`', '~', 'd', '-':
	default:
		return false, false, nil
	}
	if f, ok := opensDiff(line); ok {
		p.pending, p.opened = true, f
		return false, false, nil
	}
	switch {
	case isGitHeader(line):
		p.st = header
	case isOldHeader(line):
		p.st = minus
	default:
		return false, false, nil
	}
	p.add(n, line)
	return true, true, nil
}

// next takes one line of an unfenced diff, or reports that the diff ended
// before it.
func (p *Parser) next(n int, line string) bool {
	if line == "" {
		return p.blank(n)
	}
	if p.held > 0 && !p.resumes(line) {
		return false
	}
	switch p.st {
	case minus:
		if !isNewHeader(line) {
			// Not a file header after all: the "--- " line was prose.
			return false
		}
		p.st, p.sawNew = header, true
	case header:
		switch {
		case isGitHeader(line):
			p.sawNew = false
		case isNewHeader(line):
			p.sawNew = true
		case strings.HasPrefix(line, "GIT binary patch"):
			p.st = binary
		case isOldHeader(line), isExtendedHeader(line):
		case isHunkHeader(line):
			p.hunk(line)
		case p.sawNew && isBody(line):
			// A model's hunk without an "@@" line.
			p.st, p.counted = body, false
			p.count(line)
		default:
			return false
		}
	case body:
		switch {
		case line == "-- " && p.counted && p.oldN <= 0 && p.newN <= 0:
			// The signature separator of a git format-patch email, after
			// the last hunk.
			return false
		case isHunkHeader(line):
			p.hunk(line)
		case isGitHeader(line):
			p.st, p.sawNew = header, false
		case isBody(line):
			p.count(line)
		default:
			return false
		}
	case binary:
		switch {
		case isGitHeader(line):
			p.st, p.sawNew = header, false
		case isOldHeader(line):
			p.st, p.sawNew = header, false
		case !isBinaryData(line):
			return false
		}
	}
	p.commitHeld(n, line)
	p.add(n, line)
	return true
}

// blank decides about an empty line in an unfenced diff: a context line
// (its space stripped) while a counted hunk still expects lines; held
// until the next line shows whether the diff goes on, in a hunk without
// counts or a binary patch; otherwise the end of the diff.
func (p *Parser) blank(n int) bool {
	switch {
	case p.st == body && p.counted && (p.oldN > 0 || p.newN > 0):
		p.count("")
		p.add(n, "")
	case p.st == body || p.st == binary:
		p.held++
	default:
		return false
	}
	return true
}

// resumes reports whether line, after held blank lines, continues the
// diff. A markdown bullet ("- Fixed the bug") after a blank line is prose,
// not a removed line.
func (p *Parser) resumes(line string) bool {
	if isGitHeader(line) || isOldHeader(line) || isHunkHeader(line) {
		return true
	}
	if p.st == binary {
		return isBinaryData(line)
	}
	return isBody(line) && !isBullet(line)
}

// commitHeld keeps held blank lines as context lines when a hunk goes on
// after them; before a header they were only separators.
func (p *Parser) commitHeld(n int, line string) {
	if p.held == 0 {
		return
	}
	if p.st == body && isBody(line) {
		for i := p.held; i > 0; i-- {
			p.count("")
			p.add(n-i, "")
		}
	}
	p.held = 0
}

func (p *Parser) hunk(line string) {
	p.st = body
	p.oldN, p.newN, p.counted = counts(line)
}

// count updates the current hunk's expected lines for one body line.
func (p *Parser) count(line string) { tally(line, &p.oldN, &p.newN) }

func (p *Parser) add(n int, line string) {
	if len(p.lines) == cap(p.lines) {
		p.growLines()
	}
	p.lines = append(p.lines, line)
	p.nums.add(n)
}

// End returns the operations of a diff still open at the end of the
// response and makes the parser ready for another response.
func (p *Parser) End() []editcore.Op {
	if p.fenced {
		return p.finish(true)
	}
	if p.st == idle {
		p.Reset()
		return nil
	}
	return p.finish(false)
}

// finish parses the collected diff and returns to idle. cut says the
// response ended inside the diff's fence, so its last hunk may be cut off.
func (p *Parser) finish(cut bool) []editcore.Op {
	var ops []editcore.Op
	if p.st != minus || p.fenced {
		ops = diffOps(p.lines, &p.nums, cut)
	}
	p.putLines()
	*p = Parser{}
	return ops
}

// isBullet matches a markdown list item: "- ", "* " or "+ " and a word.
func isBullet(line string) bool {
	if len(line) < 3 || line[1] != ' ' || strings.IndexByte("-*+", line[0]) < 0 {
		return false
	}
	c := line[2]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '`' || c == '*'
}

// dedent removes up to n leading spaces: the indentation of a fence inside
// a markdown list.
func dedent(line string, n int) string {
	for i := 0; i < n && strings.HasPrefix(line, " "); i++ {
		line = line[1:]
	}
	return line
}
