package syntax

import "fmt"

// Python lexer invariants: src is read once, left to right; strings,
// comments and line continuations are consumed whole, so brackets and
// colons inside them never count; a logical line ends at a newline
// outside brackets and continuations, and only then is indentation
// judged, against a stack of open levels as CPython's tokenizer does.

// compound statements whose header must end with ':' somewhere at
// bracket depth 0 (a one-line body may follow the colon).
var pyCompound = map[string]bool{
	"if": true, "elif": true, "else": true, "for": true, "while": true, "try": true,
	"except": true, "finally": true, "with": true, "def": true, "class": true,
}

type pyLexer struct {
	src    []byte
	i      int
	line   int
	errs   []Error
	stack  []opener
	counts [3]int // openers on the stack by kind
	indent []int

	// the logical line being read
	start     bool   // at the start of a logical line: indentation not yet judged
	words     int    // tokens seen in the logical line (to find its first words)
	first     string // its first word
	second    string // its second word
	colon     bool   // a ':' at depth 0
	endsColon bool   // its last token is ':'
	tokLine   int    // line of its last token
	block     bool   // the previous logical line opened a block
	blockLine int
}

type opener struct {
	c    byte
	line int
}

func checkPython(src []byte) []Error {
	l := &pyLexer{src: src, line: 1, indent: []int{0}, start: true}
	l.run()
	return l.errs
}

func (l *pyLexer) errorf(line int, format string, args ...any) {
	if len(l.errs) >= maxErrors {
		return
	}
	l.errs = append(l.errs, Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (l *pyLexer) run() {
	for l.i < len(l.src) {
		if l.start && len(l.stack) == 0 {
			if !l.indentation() {
				continue // a blank or comment-only line
			}
		}
		c := l.src[l.i]
		switch {
		case c == '\n':
			l.i++
			l.line++
			if len(l.stack) == 0 {
				l.endLogical()
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			l.i++
		case c == '#':
			l.skipLine()
		case c == '\\':
			l.continuation()
		case c == '"' || c == '\'':
			l.str(c)
			l.token("")
		case c == '(' || c == '[' || c == '{':
			if len(l.stack) >= maxDepth {
				l.errorf(l.line, "too many nested parentheses")
				return
			}
			l.stack = append(l.stack, opener{c, l.line})
			l.counts[kind(c)]++
			l.i++
			l.token("")
		case c == ')' || c == ']' || c == '}':
			l.close(c)
			l.i++
			l.token("")
		case c == ':':
			if l.i+1 < len(l.src) && l.src[l.i+1] == '=' {
				l.i += 2
				l.token("")
				continue
			}
			l.i++
			l.token("")
			if len(l.stack) == 0 {
				l.colon, l.endsColon = true, true
			}
		case isIdentStart(c):
			j := l.i
			for j < len(l.src) && isIdent(l.src[j]) {
				j++
			}
			word := string(l.src[l.i:j])
			l.i = j
			if l.i < len(l.src) && (l.src[l.i] == '"' || l.src[l.i] == '\'') && pyPrefix(word) {
				l.str(l.src[l.i])
				l.token("")
				continue
			}
			l.token(word)
		default:
			l.i++
			l.token("")
		}
	}
	if len(l.stack) == 0 {
		l.endLogical()
	}
	for _, o := range l.stack {
		l.errorf(o.line, "'%c' was never closed", o.c)
	}
	if l.block {
		l.errorf(l.blockLine, "expected an indented block")
	}
}

// token notes one token of the logical line: word is its text when it is
// a name.
func (l *pyLexer) token(word string) {
	l.endsColon = false
	l.tokLine = l.line
	switch l.words {
	case 0:
		l.first = word
	case 1:
		l.second = word
	}
	l.words++
}

// endLogical judges the logical line just ended.
func (l *pyLexer) endLogical() {
	if l.words == 0 {
		l.start = true
		return
	}
	head := l.first
	if head == "async" {
		head = l.second
	}
	if pyCompound[head] && (l.first != "async" || head == "def" || head == "for" || head == "with") && !l.colon {
		l.errorf(l.tokLine, "expected ':'")
	}
	l.block, l.blockLine = l.endsColon, l.tokLine
	l.start, l.words, l.first, l.second, l.colon, l.endsColon = true, 0, "", "", false, false
}

// indentation measures the indentation of a new logical line and judges
// it. It returns false (having consumed the line) for a line with nothing
// but blanks and a comment.
func (l *pyLexer) indentation() bool {
	col, j := 0, l.i
	for ; j < len(l.src); j++ {
		switch l.src[j] {
		case ' ':
			col++
			continue
		case '\t':
			col = (col/8 + 1) * 8
			continue
		case '\f':
			col = 0
			continue
		case '\r':
			continue
		}
		break
	}
	if j == len(l.src) || l.src[j] == '\n' || l.src[j] == '#' {
		l.i = j
		l.skipLine()
		if l.i < len(l.src) {
			l.i++ // the newline
			l.line++
		}
		return false
	}
	l.i = j
	l.start = false
	top := l.indent[len(l.indent)-1]
	switch {
	case l.block && col > top:
		l.indent = append(l.indent, col)
	case l.block:
		l.errorf(l.line, "expected an indented block")
	case col > top:
		l.errorf(l.line, "unexpected indent")
		l.indent = append(l.indent, col)
	}
	l.block = false
	if col < top {
		for len(l.indent) > 1 && col < l.indent[len(l.indent)-1] {
			l.indent = l.indent[:len(l.indent)-1]
		}
		if col != l.indent[len(l.indent)-1] {
			l.errorf(l.line, "unindent does not match any outer indentation level")
			l.indent = append(l.indent, col)
		}
	}
	return true
}

func (l *pyLexer) skipLine() {
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		l.i++
	}
}

// continuation consumes a backslash that joins the next line.
func (l *pyLexer) continuation() {
	j := l.i + 1
	if j < len(l.src) && l.src[j] == '\r' {
		j++
	}
	if j < len(l.src) && l.src[j] != '\n' {
		l.errorf(l.line, "unexpected character after line continuation character")
		l.i++
		return
	}
	l.i = j + 1
	l.line++
}

func (l *pyLexer) close(c byte) {
	want := openerOf(c)
	if len(l.stack) == 0 {
		l.errorf(l.line, "unmatched '%c'", c)
		return
	}
	top := l.stack[len(l.stack)-1]
	// Recover as a reader would: if an outer bracket matches, the inner
	// ones were left open; otherwise this closer is the stray one.
	if l.counts[kind(want)] > 0 {
		for {
			o := l.stack[len(l.stack)-1]
			l.stack = l.stack[:len(l.stack)-1]
			l.counts[kind(o.c)]--
			if o.c == want {
				return
			}
			l.errorf(o.line, "'%c' was never closed", o.c)
		}
	}
	l.errorf(l.line, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, top.c)
}

// str consumes a string literal starting at the quote at l.i.
func (l *pyLexer) str(q byte) {
	startLine := l.line
	if l.i+2 < len(l.src) && l.src[l.i+1] == q && l.src[l.i+2] == q {
		for l.i += 3; l.i < len(l.src); l.i++ {
			switch l.src[l.i] {
			case '\\':
				if l.i+1 < len(l.src) && l.src[l.i+1] == '\n' {
					l.line++
				}
				l.i++
			case '\n':
				l.line++
			case q:
				if l.i+2 < len(l.src) && l.src[l.i+1] == q && l.src[l.i+2] == q {
					l.i += 3
					return
				}
			}
		}
		l.errorf(startLine, "unterminated triple-quoted string literal")
		return
	}
	for l.i++; l.i < len(l.src); l.i++ {
		switch l.src[l.i] {
		case '\\':
			if l.i+1 < len(l.src) && l.src[l.i+1] == '\n' {
				l.line++
			}
			l.i++
		case '\n':
			l.errorf(startLine, "unterminated string literal")
			return // the newline ends the logical line as usual
		case q:
			l.i++
			return
		}
	}
	l.errorf(startLine, "unterminated string literal")
}

// pyPrefix reports a string prefix (r, b, f, u, t and their pairs).
func pyPrefix(w string) bool {
	if len(w) > 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		switch w[i] | 0x20 {
		case 'r', 'b', 'f', 'u', 't':
		default:
			return false
		}
	}
	return true
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdent(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

// maxDepth bounds bracket nesting (CPython's own limit is 200), which
// keeps hostile input linear.
const maxDepth = 256

func openerOf(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// kind indexes opener counts.
func kind(c byte) int {
	switch c {
	case '(':
		return 0
	case '[':
		return 1
	}
	return 2
}
