package applypatch

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

type kind uint8

const (
	bad kind = iota // an unknown header, or lines before any header
	add
	del
	update
)

// section is one file's part of a patch, from its header to the next.
type section struct {
	kind     kind
	path     string
	line     int    // line of the header
	header   string // the header, trimmed
	raw      []string
	lines    []string // add: the file's lines
	blank    int      // blank lines not yet known to be content or separators
	move     string
	moveLine int
	chunks   []chunk
	problem  string
}

// chunk is one "@@" part of an update.
type chunk struct {
	line   int
	scope  []string
	lines  []string // " ", "-" and "+" lines as written
	eof    bool
	closed bool // by *** End of File: the next chunk line starts a chunk
	from   int  // the chunk's first line in section.raw
	blank  int
}

func (s *section) fail(n int, problem string) {
	if s.problem != "" {
		return
	}
	if n > 0 {
		problem = fmt.Sprintf("line %d: %s", n, problem)
	}
	s.problem = problem
}

// takes reports whether line is one of the section's content lines, which
// no marker can be.
func (s *section) takes(line string) bool {
	if line == "" || s.problem != "" {
		return false
	}
	switch s.kind {
	case add:
		return line[0] == '+'
	case update:
		return line[0] == ' ' || line[0] == '+' || line[0] == '-'
	}
	return false
}

// read takes one line of the section that is not a header or patch marker.
func (s *section) read(n int, line, t string) {
	s.raw = append(s.raw, line)
	if s.problem != "" {
		return
	}
	switch s.kind {
	case add:
		switch {
		case strings.HasPrefix(line, "+"):
			for ; s.blank > 0; s.blank-- {
				s.lines = append(s.lines, "")
			}
			s.lines = append(s.lines, line[1:])
		case t == "":
			s.blank++
		default:
			s.fail(n, fmt.Sprintf("%q does not start with '+'; every line of a file added with %s does",
				clip(line), addHeader))
		}
	case del:
		if t != "" {
			s.fail(n, fmt.Sprintf("%q follows %s, which takes no lines", clip(line), deleteHeader))
		}
	case update:
		s.updateLine(n, line, t)
	}
}

func (s *section) cur() *chunk {
	if len(s.chunks) == 0 {
		return nil
	}
	return &s.chunks[len(s.chunks)-1]
}

func (s *section) updateLine(n int, line, t string) {
	c := s.cur()
	open := c != nil && !c.closed
	switch {
	case t == "@@" || strings.HasPrefix(t, "@@ "):
		scope := scopeOf(t)
		if open && len(c.lines) == 0 {
			// Several @@ lines in a row narrow the location step by step.
			c.blank = 0
			if scope != "" {
				c.scope = append(c.scope, scope)
			}
			return
		}
		nc := chunk{line: n, from: len(s.raw) - 1}
		if scope != "" {
			nc.scope = []string{scope}
		}
		s.chunks = append(s.chunks, nc)
	case strings.HasPrefix(t, moveHeader):
		switch {
		case len(s.chunks) > 0 || s.move != "":
			s.fail(n, moveHeader+" must come right after "+updateHeader+", before the first chunk")
		case strings.TrimSpace(t[len(moveHeader):]) == "":
			s.fail(n, fmt.Sprintf("%q names no file", t))
		default:
			s.move, s.moveLine = strings.TrimSpace(t[len(moveHeader):]), n
		}
	case t == eofMarker:
		if !open || len(c.lines) == 0 {
			s.fail(n, eofMarker+" follows no chunk lines")
			return
		}
		c.flush()
		c.eof, c.closed = true, true
	case t == "":
		if open {
			c.blank++
		}
	case line[0] == ' ' || line[0] == '+' || line[0] == '-':
		if !open {
			s.chunks = append(s.chunks, chunk{line: n, from: len(s.raw) - 1})
			c = s.cur()
		}
		c.flush()
		c.lines = append(c.lines, line)
	default:
		s.fail(n, fmt.Sprintf("%q is not a chunk line: in %s every line starts with ' ' (context), '-' (removed) or '+' (added), or is an @@ line",
			clip(line), updateHeader))
	}
}

// flush makes the blank lines seen since the last chunk line empty
// context lines: more chunk lines came after them.
func (c *chunk) flush() {
	for ; c.blank > 0; c.blank-- {
		c.lines = append(c.lines, " ")
	}
}

// scopeOf returns the text of an @@ line: "@@ def f():" narrows to
// "def f():". A unified diff hunk header, which models write out of habit,
// narrows to the function text after its second @@, if any.
func scopeOf(t string) string {
	rest := strings.TrimRight(strings.TrimPrefix(strings.TrimPrefix(t, "@@"), " "), " \t")
	if fn, ok := unifiedRange(rest); ok {
		return fn
	}
	return rest
}

// unifiedRange recognises "-a,b +c,d @@ text" and returns text.
func unifiedRange(s string) (string, bool) {
	old, rest, ok := strings.Cut(s, " ")
	if !ok || !isRange(old, '-') {
		return "", false
	}
	nw, rest, _ := strings.Cut(rest, " ")
	if !isRange(nw, '+') {
		return "", false
	}
	text, ok := strings.CutPrefix(rest, "@@")
	if !ok {
		return "", false
	}
	return strings.TrimSpace(text), true
}

// isRange reports "-a" or "-a,b" (sign '-'), "+c" or "+c,d" (sign '+').
func isRange(s string, sign byte) bool {
	if len(s) < 2 || s[0] != sign {
		return false
	}
	parts := strings.Split(s[1:], ",")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// ops returns the section's operations; group numbers an update's chunks.
func (s *section) ops(group int) []editcore.Op {
	s.raw = trimBlankTail(s.raw)
	raw := strings.Join(s.raw, "\n")
	if s.problem == "" && s.kind == update {
		s.check()
	}
	if s.problem != "" || s.kind == bad {
		return []editcore.Op{{Kind: editcore.Malformed, Format: Name, Path: s.path, Line: s.line, Raw: raw, Problem: s.problem}}
	}
	switch s.kind {
	case add:
		return []editcore.Op{{Kind: editcore.Write, Format: Name, Path: s.path, Line: s.line, Raw: raw,
			Content: editcore.FileContent(s.lines)}}
	case del:
		return []editcore.Op{{Kind: editcore.Delete, Format: Name, Path: s.path, Line: s.line, Raw: raw}}
	}
	head := s.raw[0]
	if s.move != "" {
		head += "\n" + s.raw[s.moveLine-s.line]
	}
	ops := make([]editcore.Op, 0, len(s.chunks)+1)
	for i := range s.chunks {
		c := &s.chunks[i]
		to := len(s.raw)
		if i+1 < len(s.chunks) {
			to = s.chunks[i+1].from
		}
		op := c.op(s.path)
		op.Group, op.Raw = group, head+"\n"+strings.Join(trimBlankTail(s.raw[c.from:to]), "\n")
		ops = append(ops, op)
	}
	if s.move != "" {
		ops = append(ops, editcore.Op{Kind: editcore.Move, Format: Name, From: s.path, Path: s.move,
			Group: group, Line: s.moveLine, Raw: head})
	}
	return ops
}

// check finds what makes an update unusable.
func (s *section) check() {
	if len(s.chunks) == 0 && s.move == "" {
		s.fail(0, fmt.Sprintf("%s has no changes: give @@ and the ' ', '-' and '+' lines of each change", s.header))
		return
	}
	for _, c := range s.chunks {
		if len(c.lines) == 0 {
			s.fail(0, fmt.Sprintf("the @@ at line %d has no lines after it", c.line))
			return
		}
	}
}

// op turns a chunk into a Replace, whose Anchor and Trailing are the lines
// the old and new text share at their start and end.
func (c *chunk) op(path string) editcore.Op {
	var old, new []string
	for _, l := range c.lines {
		switch l[0] {
		case ' ':
			old, new = append(old, l[1:]), append(new, l[1:])
		case '-':
			old = append(old, l[1:])
		default:
			new = append(new, l[1:])
		}
	}
	op := editcore.Op{Format: Name, Path: path, Line: c.line, Scope: c.scope, AtEOF: c.eof, InOrder: true}
	if len(old) == 0 {
		// Nothing to locate: Codex appends the lines at the end of the
		// file, which must exist.
		op.Kind, op.Start, op.New = editcore.ReplaceRange, -1, new
		return op
	}
	op.SetReplace(old, new)
	return op
}

func trimBlankTail(raw []string) []string {
	for len(raw) > 1 && strings.TrimSpace(raw[len(raw)-1]) == "" {
		raw = raw[:len(raw)-1]
	}
	return raw
}
