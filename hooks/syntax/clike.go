package syntax

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// C-family lexer invariants: src is read once, left to right; comments,
// strings, character literals, template literals, regular expressions
// and raw strings are consumed whole, so brackets inside them never
// count; every bracket outside them is pushed or popped on one stack.
// Preprocessor lines are skipped, and the branches of #if/#else start
// from the same stack, so that both may open the same brace.

// lang is what one language's lexer needs to know.
type lang struct {
	singleQuoteStrings bool // 'x' is a string (JavaScript), not a character
	templates          bool // `…${…}…` template literals
	regex              bool // /…/ regular expression literals
	lifetimes          bool // 'a is a lifetime or label (Rust)
	nestedComments     bool // /* /* */ */ (Rust)
	rustRaw            bool // r"…", r#"…"#, br"…"
	cppRaw             bool // R"delim(…)delim"
	textBlocks         bool // """…""" (Java)
	preprocessor       bool // # directives (C, C++)
	digitSeparators    bool // 1'000 (C++14)
}

var (
	javascript = &lang{singleQuoteStrings: true, templates: true, regex: true}
	rust       = &lang{lifetimes: true, nestedComments: true, rustRaw: true}
	java       = &lang{textBlocks: true}
	clang      = &lang{preprocessor: true, digitSeparators: true}
	cpp        = &lang{preprocessor: true, cppRaw: true, digitSeparators: true}
)

// jsx finds markup in JavaScript: a tag right after (, =, return, ? or :.
var jsx = regexp.MustCompile(`(?:[(=?:,]|return)\s*<[A-Za-z>]`)

// looksLikeJSX reports JavaScript that holds JSX markup, whose text may
// contain apostrophes and other characters a code lexer would misread.
func looksLikeJSX(src []byte) bool { return jsx.Match(src) }

type cLexer struct {
	*lang
	src    []byte
	i      int
	line   int
	errs   []Error
	stack  []opener // '$' marks a template literal's ${
	counts [3]int   // brackets on the stack by kind
	conds  []cond
	bol    bool // only blanks since the start of the line
	depth  int  // template literals being read
	// prev is the last significant token, for telling a regular
	// expression from a division: 'a' a name or number, ')' a closer, 'k'
	// a keyword after which an expression starts, 0 an operator or start.
	prev byte
}

// cond is one #if group: the stack at #if, and at the end of the first
// branch once an #else or #elif was seen.
type cond struct {
	at, first []opener
	branched  bool
}

func (lg *lang) check(src []byte) []Error {
	l := &cLexer{lang: lg, src: src, line: 1, bol: true}
	l.code(false)
	for _, o := range l.stack {
		if o.c == '$' {
			l.errorf(o.line, "unterminated template literal")
			continue
		}
		l.errorf(o.line, "unclosed '%c'", o.c)
	}
	return l.errs
}

func (l *cLexer) errorf(line int, format string, args ...any) {
	if len(l.errs) >= maxErrors {
		return
	}
	l.errs = append(l.errs, Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// code lexes code until the end, or (inTemplate) until the '}' that ends
// a template literal's ${ substitution.
func (l *cLexer) code(inTemplate bool) {
	for l.i < len(l.src) {
		c := l.src[l.i]
		if c == '\n' {
			l.i++
			l.line++
			l.bol = true
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			l.i++
			continue
		}
		bol := l.bol
		l.bol = false
		switch {
		case c == '#' && bol && l.preprocessor:
			l.directive()
		case c == '/' && l.peek(1) == '/':
			l.skipLine()
		case c == '/' && l.peek(1) == '*':
			l.blockComment()
		case c == '"':
			if l.textBlocks && l.peek(1) == '"' && l.peek(2) == '"' {
				l.textBlock()
			} else {
				l.quoted('"', "unterminated string literal")
			}
			l.prev = 'a'
		case c == '\'':
			l.apostrophe()
		case c == '`' && l.templates:
			l.i++
			l.template()
			l.prev = 'a'
		case c == '/' && l.regex && l.prev != 'a' && l.prev != ')':
			l.regexp()
		case c == '(' || c == '[' || c == '{':
			if !l.push(c) {
				return
			}
			l.i++
			l.prev = 0
		case c == ')' || c == ']' || c == '}':
			if c == '}' && inTemplate && l.stack[len(l.stack)-1].c == '$' {
				// The end of a ${ substitution: back to the template.
				l.pop()
				l.i++
				return
			}
			l.close(c)
			l.i++
			l.prev = ')'
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			l.number()
			l.prev = 'a'
		case isIdentStart(c) || c == '$':
			l.word()
		default:
			l.i++
			l.prev = 0
		}
	}
}

func (l *cLexer) peek(n int) byte {
	if l.i+n < len(l.src) {
		return l.src[l.i+n]
	}
	return 0
}

func (l *cLexer) skipLine() {
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		l.i++
	}
}

func (l *cLexer) blockComment() {
	start, depth := l.line, 0
	for l.i < len(l.src) {
		switch {
		case l.src[l.i] == '\n':
			l.line++
			l.i++
		case l.src[l.i] == '/' && l.peek(1) == '*' && (depth == 0 || l.nestedComments):
			depth++
			l.i += 2
		case l.src[l.i] == '*' && l.peek(1) == '/':
			depth--
			l.i += 2
			if depth == 0 {
				return
			}
		default:
			l.i++
		}
	}
	l.errorf(start, "unterminated comment")
}

// quoted consumes a one-line literal ending at q; a newline that is not
// escaped ends it with an error.
func (l *cLexer) quoted(q byte, msg string) {
	start := l.line
	for l.i++; l.i < len(l.src); l.i++ {
		switch l.src[l.i] {
		case '\\':
			if l.peek(1) == '\n' {
				l.line++
			} else if l.peek(1) == '\r' && l.peek(2) == '\n' {
				l.i++
				l.line++
			}
			l.i++
		case '\n':
			l.errorf(start, "%s", msg)
			return
		case q:
			l.i++
			return
		}
	}
	l.errorf(start, "%s", msg)
}

// apostrophe handles ': a string (JavaScript), a character literal, a
// Rust lifetime, or a C++ digit separator (handled in number).
func (l *cLexer) apostrophe() {
	switch {
	case l.singleQuoteStrings:
		l.quoted('\'', "unterminated string literal")
	case l.lifetimes && l.peek(1) != '\\':
		_, size := utf8.DecodeRune(l.src[min(l.i+1, len(l.src)):])
		if size > 0 && l.peek(1+size) == '\'' {
			l.i += 2 + size // 'x'
		} else {
			l.i++ // 'a or 'label: a name follows
		}
	default:
		l.quoted('\'', "unterminated character literal")
	}
	l.prev = 'a'
}

// textBlock consumes a Java """…""" text block.
func (l *cLexer) textBlock() {
	start := l.line
	for l.i += 3; l.i < len(l.src); l.i++ {
		switch l.src[l.i] {
		case '\\':
			if l.peek(1) == '\n' {
				l.line++
			}
			l.i++
		case '\n':
			l.line++
		case '"':
			if l.peek(1) == '"' && l.peek(2) == '"' {
				l.i += 3
				return
			}
		}
	}
	l.errorf(start, "unterminated text block")
}

// maxTemplateDepth bounds template literals nested in substitutions, so
// that hostile input cannot recurse without end.
const maxTemplateDepth = 256

// template consumes a template literal after its opening backquote, up to
// its closing one, lexing the code of each ${ substitution on the way.
func (l *cLexer) template() {
	start := l.line
	for l.i < len(l.src) {
		switch l.src[l.i] {
		case '\\':
			if l.peek(1) == '\n' {
				l.line++
			}
			l.i += 2
		case '\n':
			l.line++
			l.i++
		case '`':
			l.i++
			return
		case '$':
			if l.peek(1) != '{' {
				l.i++
				continue
			}
			if l.depth >= maxTemplateDepth {
				l.errorf(l.line, "template literals nested too deeply")
				l.i = len(l.src)
				return
			}
			if !l.push('$') {
				return
			}
			l.i += 2
			l.prev = 0
			l.depth++
			l.code(true)
			l.depth--
		default:
			l.i++
		}
	}
	l.errorf(start, "unterminated template literal")
}

// regexp consumes a regular expression literal; if the line ends first,
// the slash was a division after all and only it is consumed.
func (l *cLexer) regexp() {
	inClass := false
	for j := l.i + 1; j < len(l.src); j++ {
		switch l.src[j] {
		case '\\':
			j++
		case '\n':
			l.i++
			l.prev = 0
			return
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				l.i = j + 1
				for l.i < len(l.src) && isIdent(l.src[l.i]) {
					l.i++ // flags
				}
				l.prev = 'a'
				return
			}
		}
	}
	l.i++
	l.prev = 0
}

func (l *cLexer) number() {
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case isIdent(c) || c == '.':
			l.i++
		case (c == '+' || c == '-') && l.i > 0 && (l.src[l.i-1]|0x20 == 'e' || l.src[l.i-1]|0x20 == 'p'):
			l.i++
		case c == '\'' && l.digitSeparators && isIdent(l.peek(1)):
			l.i++
		default:
			return
		}
	}
}

// jsExprKeywords are keywords after which a / starts a regular expression.
var jsExprKeywords = map[string]bool{
	"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
	"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true,
	"yield": true, "await": true,
}

// word consumes a name, and a raw string when the name is its prefix.
func (l *cLexer) word() {
	j := l.i
	for j < len(l.src) && (isIdent(l.src[j]) || l.src[j] == '$') {
		j++
	}
	w := string(l.src[l.i:j])
	l.i = j
	l.prev = 'a'
	if l.regex && jsExprKeywords[w] {
		l.prev = 'k'
	}
	switch {
	case l.rustRaw && (w == "r" || w == "br" || w == "cr") && (l.peek(0) == '"' || l.peek(0) == '#'):
		l.rustRawString()
	case l.cppRaw && (w == "R" || w == "u8R" || w == "uR" || w == "UR" || w == "LR") && l.peek(0) == '"':
		l.cppRawString()
	}
}

func (l *cLexer) rustRawString() {
	hashes := 0
	for l.peek(hashes) == '#' {
		hashes++
	}
	if l.peek(hashes) != '"' {
		return // r#ident, a raw identifier
	}
	start := l.line
	end := append([]byte{'"'}, bytes.Repeat([]byte{'#'}, hashes)...)
	l.i += hashes + 1
	l.until(end, start, "unterminated raw string")
}

func (l *cLexer) cppRawString() {
	open := bytes.IndexByte(l.src[l.i:], '(')
	if open < 0 || open > 17 || bytes.ContainsAny(l.src[l.i:l.i+open], " \\\n)") {
		l.quoted('"', "unterminated string literal")
		return
	}
	delim := l.src[l.i+1 : l.i+open]
	start := l.line
	l.i += open + 1
	l.until(append(append([]byte{')'}, delim...), '"'), start, "unterminated raw string")
}

// until consumes everything up to and including end.
func (l *cLexer) until(end []byte, start int, msg string) {
	k := bytes.Index(l.src[l.i:], end)
	if k < 0 {
		l.line += bytes.Count(l.src[l.i:], []byte("\n"))
		l.i = len(l.src)
		l.errorf(start, "%s", msg)
		return
	}
	l.line += bytes.Count(l.src[l.i:l.i+k], []byte("\n"))
	l.i += k + len(end)
	l.prev = 'a'
}

// directive skips a preprocessor line (with its continuations and
// comments), keeping #if branches from counting their braces twice.
func (l *cLexer) directive() {
	l.i++
	for l.i < len(l.src) && (l.src[l.i] == ' ' || l.src[l.i] == '\t') {
		l.i++
	}
	j := l.i
	for j < len(l.src) && isIdent(l.src[j]) {
		j++
	}
	switch string(l.src[l.i:j]) {
	case "if", "ifdef", "ifndef":
		if len(l.conds) < maxDepth {
			l.conds = append(l.conds, cond{at: clone(l.stack)})
		}
	case "elif", "else", "elifdef", "elifndef":
		if n := len(l.conds); n > 0 {
			c := &l.conds[n-1]
			if !c.branched {
				c.first, c.branched = clone(l.stack), true
			}
			l.setStack(clone(c.at))
		}
	case "endif":
		if n := len(l.conds); n > 0 {
			if c := l.conds[n-1]; c.branched {
				l.setStack(c.first)
			}
			l.conds = l.conds[:n-1]
		}
	}
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\' && l.peek(1) == '\n':
			l.i += 2
			l.line++
		case c == '\\' && l.peek(1) == '\r' && l.peek(2) == '\n':
			l.i += 3
			l.line++
		case c == '/' && l.peek(1) == '*':
			l.blockComment()
		case c == '\n':
			return
		default:
			l.i++
		}
	}
}

func (l *cLexer) close(c byte) {
	want := openerOf(c)
	if len(l.stack) == 0 || l.stack[len(l.stack)-1].c == '$' {
		l.errorf(l.line, "unexpected '%c'", c)
		return
	}
	top := l.stack[len(l.stack)-1]
	// If an outer bracket (inside the same template substitution)
	// matches, the inner ones were left open; otherwise this closer is
	// the stray one.
	if l.counts[kind(want)] > 0 {
		k := len(l.stack) - 1
		for k >= 0 && l.stack[k].c != want && l.stack[k].c != '$' {
			k--
		}
		if k >= 0 && l.stack[k].c == want {
			for len(l.stack) > k+1 {
				o := l.pop()
				l.errorf(o.line, "unclosed '%c'", o.c)
			}
			l.pop()
			return
		}
	}
	l.errorf(l.line, "'%c' does not match '%c'", c, top.c)
}

// push opens a bracket; false (with an error, and the rest of the input
// skipped) when brackets are nested deeper than maxDepth.
func (l *cLexer) push(c byte) bool {
	if len(l.stack) >= maxDepth {
		l.errorf(l.line, "brackets nested too deeply")
		l.i = len(l.src)
		return false
	}
	l.stack = append(l.stack, opener{c, l.line})
	if c != '$' {
		l.counts[kind(c)]++
	}
	return true
}

func (l *cLexer) pop() opener {
	o := l.stack[len(l.stack)-1]
	l.stack = l.stack[:len(l.stack)-1]
	if o.c != '$' {
		l.counts[kind(o.c)]--
	}
	return o
}

func (l *cLexer) setStack(s []opener) {
	l.stack = s
	l.counts = [3]int{}
	for _, o := range s {
		if o.c != '$' {
			l.counts[kind(o.c)]++
		}
	}
}

func clone(s []opener) []opener { return append([]opener(nil), s...) }
