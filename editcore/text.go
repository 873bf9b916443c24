package editcore

import (
	"bytes"
	"slices"
	"strings"
	"unsafe"
)

// binaryProbe is how much of a file is searched for a NUL byte, as git does.
const binaryProbe = 8000

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// isBinary reports whether data looks binary the way git decides it.
func isBinary(data []byte) bool {
	if len(data) > binaryProbe {
		data = data[:binaryProbe]
	}
	return bytes.IndexByte(data, 0) >= 0
}

// text is a file split into lines, remembering every line's own terminator
// so that lines no edit touches are written back byte for byte.
type text struct {
	bom   bool
	lines []string // without terminators
	eols  []string // "\n", "\r\n", or "" for a last line without one
	// last is the splice made last, for readers that follow the lines
	// edit by edit (Session.LastSplice).
	last *Splice
}

// decodeText splits data, which nothing changes afterwards: the lines are
// views of it, not a copy.
func decodeText(data []byte) *text {
	t := &text{}
	if bytes.HasPrefix(data, utf8BOM) {
		t.bom = true
		data = data[len(utf8BOM):]
	}
	n := bytes.Count(data, []byte{'\n'}) + 1
	t.lines, t.eols = make([]string, 0, n), make([]string, 0, n)
	s := unsafe.String(unsafe.SliceData(data), len(data))
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			t.lines = append(t.lines, s)
			t.eols = append(t.eols, "")
			break
		}
		line, eol := s[:i], "\n"
		if strings.HasSuffix(line, "\r") {
			line, eol = line[:len(line)-1], "\r\n"
		}
		t.lines = append(t.lines, line)
		t.eols = append(t.eols, eol)
		s = s[i+1:]
	}
	return t
}

// eol is the line ending new lines get: CRLF when most lines use it.
func (t *text) eol() string {
	crlf := 0
	for _, e := range t.eols {
		if e == "\r\n" {
			crlf++
		}
	}
	if crlf > 0 && crlf*2 >= len(t.eols) {
		return "\r\n"
	}
	return "\n"
}

// splice replaces lines [start, end) by repl. The new lines get the file's
// dominant line ending; lines outside the range keep theirs.
//
// The slices are changed in place: a session keeps one file's lines across
// its edits (pending.go), and a new copy of a long file's lines for each
// of thousands of edits was most of their cost. No one else holds them.
func (t *text) splice(start, end int, repl []string) {
	sp := &Splice{Start: start, End: end, Old: slices.Clone(t.lines[start:end]), OldEOL: slices.Clone(t.eols[start:end]),
		New: slices.Clone(repl), Lines: len(t.lines)}
	eol := t.eol()
	eols := make([]string, len(repl))
	for i := range eols {
		eols[i] = eol
	}
	t.lines = slices.Replace(t.lines, start, end, repl...)
	t.eols = slices.Replace(t.eols, start, end, eols...)
	sp.After, sp.AfterEOL, sp.EOL = t.lines, t.eols, t.eol()
	t.last = sp
}

// encode returns the file's bytes. An edited file always ends with a
// newline (docs/formats.md, "Files and bytes").
func (t *text) encode() []byte {
	n := 0
	for i := range t.lines {
		n += len(t.lines[i]) + 2
	}
	var b bytes.Buffer
	b.Grow(n + len(utf8BOM))
	if t.bom {
		b.Write(utf8BOM)
	}
	eol := t.eol()
	for i, l := range t.lines {
		b.WriteString(l)
		if e := t.eols[i]; e != "" {
			b.WriteString(e)
		} else {
			b.WriteString(eol)
		}
	}
	return b.Bytes()
}

// splitLines splits text written by a model (not a file) into lines,
// dropping a final empty line and any CR before a newline.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
