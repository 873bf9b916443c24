package applypatch

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Name is the format's name in reports and for --format.
const Name = "applypatch"

// Markers, compared with the line's surrounding whitespace trimmed.
const (
	beginMarker  = "*** Begin Patch"
	endMarker    = "*** End Patch"
	addHeader    = "*** Add File:"
	deleteHeader = "*** Delete File:"
	updateHeader = "*** Update File:"
	moveHeader   = "*** Move to:"
	eofMarker    = "*** End of File"
)

type state uint8

const (
	idle    state = iota
	wrapped       // after a here-document line, before *** Begin Patch
	inPatch
	closing // after the *** End Patch of a here-document, before its delimiter
)

// Parser is the apply_patch line parser. The zero value is ready to use.
type Parser struct {
	st       state
	delim    string // the here-document's delimiter; "" for a bare patch
	wrapLine int    // line of the here-document's first line
	wrapRaw  string
	wrapCmd  bool // the here-document line names apply_patch
	begin    int  // line of *** Begin Patch
	files    int  // file sections seen in this patch
	sec      *section
	group    int // the last Group given out; see nextGroup
}

// New returns a parser in its idle state.
func New() *Parser { return &Parser{} }

// Name returns "applypatch".
func (p *Parser) Name() string { return Name }

// Reset does nothing: the format keeps no lookback while idle.
func (p *Parser) Reset() {}

// Line reads one line (1-based number n, no terminator).
func (p *Parser) Line(n int, line string) (claimed, active bool, ops []editcore.Op) {
	if p.st == idle && !mayStart(line) {
		return false, false, nil // nearly every line
	}
	t := strings.TrimSpace(line)
	switch p.st {
	case wrapped:
		switch {
		case t == "":
			return true, true, nil
		case t == beginMarker:
			p.start(n)
			return true, true, nil
		}
		// Not a patch after all: hand the line back.
		p.st = idle
		if p.wrapCmd {
			ops = []editcore.Op{{Kind: editcore.Malformed, Format: Name, Line: p.wrapLine, Raw: p.wrapRaw,
				Problem: fmt.Sprintf("%q is not followed by %s", p.wrapRaw, beginMarker)}}
		}
		return false, false, ops
	case closing:
		switch t {
		case "":
			return true, true, nil
		case p.delim:
			p.st, p.delim = idle, ""
			return true, false, nil
		}
		p.st, p.delim = idle, ""
		return false, false, nil
	case inPatch:
		return p.patchLine(n, line, t)
	}
	if t == beginMarker {
		p.start(n)
		return true, true, nil
	}
	if delim, cmd, ok := heredoc(t); ok {
		p.st, p.delim, p.wrapLine, p.wrapRaw, p.wrapCmd = wrapped, delim, n, t, cmd
		return true, true, nil
	}
	return false, false, nil
}

func (p *Parser) start(n int) {
	p.st, p.begin, p.files, p.sec = inPatch, n, 0, nil
}

// patchLine reads a line between *** Begin Patch and *** End Patch.
func (p *Parser) patchLine(n int, line, t string) (claimed, active bool, ops []editcore.Op) {
	if t != endMarker && p.sec != nil && p.sec.takes(line) {
		// A chunk or content line, even one whose text looks like a
		// marker once trimmed (" *** Update File: x" is context), as in
		// Codex. Only *** End Patch ends the patch from anywhere.
		p.sec.read(n, line, t)
		return true, true, nil
	}
	switch {
	case t == endMarker:
		ops = p.closeSection()
		if p.files == 0 {
			ops = append(ops, editcore.Op{Kind: editcore.Malformed, Format: Name, Line: p.begin,
				Raw:     beginMarker + "\n" + endMarker,
				Problem: "empty patch: no *** Add File:, *** Delete File: or *** Update File: between " + beginMarker + " and " + endMarker})
		}
		p.st = idle
		if p.delim != "" {
			p.st = closing
		}
		return true, p.st != idle, ops
	case t == beginMarker:
		ops = p.unended(fmt.Sprintf("a new %s came at line %d", beginMarker, n))
		p.start(n)
		return true, true, ops
	case p.delim != "" && t == p.delim:
		ops = p.unended(fmt.Sprintf("the here-document ended at line %d", n))
		p.st, p.delim = idle, ""
		return true, false, ops
	case isFence(t):
		// A code fence cannot be a line of a patch: the block was closed
		// without its end marker. The fence goes back to the prose.
		ops = p.unended(fmt.Sprintf("the code fence at line %d closed the block", n))
		p.st, p.delim = idle, ""
		return false, false, ops
	}
	if kind, path, ok := header(t); ok {
		ops = p.closeSection()
		p.files++
		p.sec = &section{kind: kind, path: path, line: n, header: t, raw: []string{line}}
		if path == "" {
			p.sec.fail(n, fmt.Sprintf("%q names no file", t))
		}
		return true, true, ops
	}
	if strings.HasPrefix(t, "***") && !strings.HasPrefix(t, moveHeader) && t != eofMarker {
		ops = p.closeSection()
		p.files++
		p.sec = &section{kind: bad, line: n, raw: []string{line}}
		p.sec.fail(n, fmt.Sprintf("%q is not a valid header; a file section starts with %s, %s or %s followed by a path",
			t, addHeader, deleteHeader, updateHeader))
		return true, true, ops
	}
	if p.sec == nil {
		if t == "" {
			return true, true, nil
		}
		p.files++
		p.sec = &section{kind: bad, line: n, raw: []string{line}}
		p.sec.fail(n, fmt.Sprintf("expected a file header (%s, %s or %s) after %s, found %q",
			addHeader, deleteHeader, updateHeader, beginMarker, clip(t)))
		return true, true, nil
	}
	p.sec.read(n, line, t)
	return true, true, nil
}

// unended reports the open section (or the whole patch, if it had none)
// when the patch ends without *** End Patch.
func (p *Parser) unended(why string) []editcore.Op {
	problem := "the patch has no " + endMarker + ": " + why
	if p.sec == nil {
		return []editcore.Op{{Kind: editcore.Malformed, Format: Name, Line: p.begin, Raw: beginMarker, Problem: problem}}
	}
	p.sec.fail(0, problem)
	return p.closeSection()
}

// closeSection returns the open section's operations.
func (p *Parser) closeSection() []editcore.Op {
	s := p.sec
	if s == nil {
		return nil
	}
	p.sec = nil
	group := 0
	if s.kind == update {
		group = p.nextGroup()
	}
	return s.ops(group)
}

// nextGroup numbers the groups of updated files. The numbers are negative
// so that they never meet the positive ones that transcripts give
// multi-edit tool calls: a Session keeps in-order positions per number.
func (p *Parser) nextGroup() int {
	p.group--
	return p.group
}

// End reports a patch left open at the end of the response.
func (p *Parser) End() []editcore.Op {
	var ops []editcore.Op
	switch p.st {
	case wrapped:
		if p.wrapCmd {
			ops = []editcore.Op{{Kind: editcore.Malformed, Format: Name, Line: p.wrapLine, Raw: p.wrapRaw,
				Problem: fmt.Sprintf("%q is not followed by %s", p.wrapRaw, beginMarker)}}
		}
	case inPatch:
		ops = p.unended("the response ended")
	}
	p.st, p.delim, p.sec = idle, "", nil
	return ops
}

// header recognises a file section's header and returns its path.
func header(t string) (kind, string, bool) {
	for _, h := range []struct {
		text string
		kind kind
	}{{addHeader, add}, {deleteHeader, del}, {updateHeader, update}} {
		if rest, ok := strings.CutPrefix(t, h.text); ok {
			return h.kind, strings.TrimSpace(rest), true
		}
	}
	return 0, "", false
}

// isFence reports a markdown code fence line (already trimmed).
func isFence(t string) bool {
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

// clip shortens a line quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// mayStart reports whether an idle line can open a patch: the begin
// marker starts with "*" and a here-document holds "<". The first byte
// past ASCII blanks decides, unless it is not ASCII (strings.TrimSpace
// trims more).
func mayStart(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			continue
		case '*':
			return true
		default:
			return c >= 0x80 || strings.IndexByte(line[i:], '<') >= 0
		}
	}
	return false
}
