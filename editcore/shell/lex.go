package shell

import "strings"

// The lexer reads bash's syntax far enough to split a line into simple
// commands and their words, and to notice everything that would make a
// command more than "program + literal words". Invariants:
//
//   - It never fails and never panics: whatever it cannot understand becomes
//     a reason on the command it belongs to.
//   - Segments are separated by &&, ||, ;, & and unquoted newlines; a pipe
//     stays inside its segment (a pipeline is one command, not run).
//   - A segment's span covers its text as written, without the separator and
//     without a trailing comment; it always starts at a non-blank byte.
//   - The first reason found in a segment wins.
//   - Word text is unquoted; all special characters are ASCII, so multi-byte
//     UTF-8 passes through byte by byte untouched.

// word is one unquoted word of a command.
type word struct {
	text   string
	glob   bool // has an unquoted *, ? or [
	assign bool // NAME=value with NAME and = unquoted, before the program
}

// segment is one command of a chain.
type segment struct {
	start, end int    // byte span in the input
	words      []word // words of the command (of the first stage of a pipeline)
	reason     string // first construct found that makes it not a simple command
	after      string // the separator before it: "", ";", "&&", "||", "&" or "\n"
	program    bool   // a word that is not an assignment has been read
}

// heredoc is a here-document whose body follows the command's line.
type heredoc struct {
	delim string
}

// ends reports whether line terminates the here-document. Leading and
// trailing blanks are ignored, which covers <<- (leading tabs) and the
// indentation markdown gives whole fenced blocks.
func (h heredoc) ends(line string) bool {
	return strings.TrimSpace(line) == h.delim
}

type lexResult struct {
	segs     []segment
	heredocs []heredoc // here-documents whose bodies are not in the input
	open     bool      // input ends inside quotes or $( ), after "\", &&, || or |
	syntax   bool      // an operator with no command before it
}

type lexer struct {
	s   string
	i   int
	res lexResult
	seg segment

	cur      strings.Builder
	inWord   bool
	glob     bool
	litLen   int  // length of the unquoted literal prefix of cur
	litDone  bool // cur has quoted text: litLen no longer grows
	dropNext bool // the next word is a redirection target
	piped    bool // after a pipe: words belong to a later stage
	pipeOpen bool // a pipe with no command after it yet
	pending  []heredoc
}

func lex(s string) lexResult {
	l := &lexer{s: s, seg: segment{start: -1}}
	l.run()
	return l.res
}

func (l *lexer) run() {
	for l.i < len(l.s) {
		c := l.s[l.i]
		switch c {
		case ' ', '\t':
			l.endWord()
			l.i++
			continue
		case '\n':
			l.endWord()
			l.i++
			l.newline()
			continue
		case '#':
			if !l.inWord {
				l.endWord()
				if j := strings.IndexByte(l.s[l.i:], '\n'); j >= 0 {
					l.i += j
				} else {
					l.i = len(l.s)
				}
				continue
			}
		case '\\':
			if l.i+1 < len(l.s) && l.s[l.i+1] == '\n' {
				l.i += 2 // line continuation: removed, the word goes on
				continue
			}
		}
		l.touch()
		switch c {
		case '\\':
			if l.i+1 >= len(l.s) {
				l.res.open = true // continued on a line we have not seen
				l.i++
				break
			}
			l.quoted(l.s[l.i+1 : l.i+2])
			l.i += 2
		case '\'':
			l.squote()
		case '"':
			l.i++
			l.dquote()
		case '`':
			l.backquote()
		case '$':
			l.dollar(false)
		case ';':
			l.op(";", 1)
		case '&':
			switch {
			case l.peek(1) == '&':
				l.op("&&", 2)
			case l.peek(1) == '>':
				l.redirect(2)
			default:
				l.reason(reasonBackground)
				l.op("&", 1)
			}
		case '|':
			if l.peek(1) == '|' {
				l.op("||", 2)
				break
			}
			l.endWord()
			l.reason(reasonPipe)
			l.piped, l.pipeOpen = true, true
			l.i++
			if l.peek(0) == '&' {
				l.i++
			}
		case '>':
			l.redirect(1)
		case '<':
			switch {
			case strings.HasPrefix(l.s[l.i:], "<<<"):
				l.redirect(3)
			case strings.HasPrefix(l.s[l.i:], "<<"):
				l.heredoc()
			case l.peek(1) == '(':
				l.reason(reasonProcSubst)
				l.endWord()
				l.i = l.skipParens(l.i + 1)
			default:
				l.redirect(1)
			}
		case '(', ')':
			l.reason(reasonSubshell)
			l.endWord()
			l.i++
		case '{', '}':
			if !l.inWord && (l.i+1 == len(l.s) || isBlank(l.s[l.i+1])) {
				l.reason(reasonGroup)
			} else {
				l.reason(reasonBrace)
			}
			l.lit(c)
			l.i++
		case '*', '?', '[':
			l.glob = true
			l.lit(c)
			l.i++
		default:
			l.lit(c)
			l.i++
		}
		if l.seg.start >= 0 {
			l.seg.end = l.i
		}
	}
	l.endWord()
	if len(l.pending) > 0 {
		l.res.heredocs = l.pending
	}
	if l.pipeOpen || (l.seg.start < 0 && (l.seg.after == "&&" || l.seg.after == "||")) {
		l.res.open = true
	}
	l.closeSeg()
}

func (l *lexer) peek(k int) byte {
	if l.i+k < len(l.s) {
		return l.s[l.i+k]
	}
	return 0
}

// touch marks the start of the current segment at the current byte.
func (l *lexer) touch() {
	if l.seg.start < 0 {
		l.seg.start = l.i
	}
}

func (l *lexer) reason(r string) {
	if l.seg.reason == "" {
		l.seg.reason = r
	}
}

// lit appends an unquoted byte to the current word.
func (l *lexer) lit(c byte) {
	if !l.inWord {
		l.inWord, l.litLen, l.litDone = true, 0, false
	}
	l.cur.WriteByte(c)
	if !l.litDone {
		l.litLen++
	}
}

// quoted appends quoted (or escaped) text to the current word.
func (l *lexer) quoted(s string) {
	if !l.inWord {
		l.inWord, l.litLen = true, 0
	}
	l.litDone = true
	l.cur.WriteString(s)
}

func (l *lexer) endWord() {
	if !l.inWord {
		return
	}
	w := word{text: l.cur.String(), glob: l.glob}
	l.cur.Reset()
	l.inWord, l.glob = false, false
	if l.dropNext {
		l.dropNext = false
		return
	}
	l.pipeOpen = false
	if l.piped {
		return
	}
	if eq := strings.IndexByte(w.text, '='); eq > 0 && eq < l.litLen && isName(w.text[:eq]) && !l.seg.program {
		w.assign = true
		l.reason(reasonEnv)
	}
	l.seg.program = l.seg.program || !w.assign
	l.seg.words = append(l.seg.words, w)
}

// op ends the current segment at a separator of n bytes.
func (l *lexer) op(sep string, n int) {
	l.endWord()
	if l.seg.start == l.i || l.seg.start < 0 || l.pipeOpen {
		l.res.syntax = true // "; a", "a && && b", "a | && b"
	}
	l.seg.end = l.i
	if l.seg.start == l.i {
		l.seg.start = -1
	}
	l.i += n
	l.closeSeg()
	l.seg.after = sep
}

// newline ends the current segment, unless it is still empty after && or
// ||, where bash reads on. Pending here-document bodies are skipped.
func (l *lexer) newline() {
	for len(l.pending) > 0 {
		h := l.pending[0]
		if l.i >= len(l.s) {
			break
		}
		j := strings.IndexByte(l.s[l.i:], '\n')
		line := l.s[l.i:]
		if j >= 0 {
			line = l.s[l.i : l.i+j]
			l.i += j + 1
		} else {
			l.i = len(l.s)
		}
		if h.ends(line) {
			l.pending = l.pending[1:]
		}
	}
	if l.seg.start < 0 || l.pipeOpen {
		return
	}
	l.closeSeg()
	l.seg.after = "\n"
}

func (l *lexer) closeSeg() {
	if l.seg.start >= 0 {
		l.res.segs = append(l.res.segs, l.seg)
	}
	l.seg = segment{start: -1}
	l.piped, l.pipeOpen, l.dropNext = false, false, false
}

// redirect notes a redirection operator of n bytes (plus a following & or |,
// as in >&2 and >|) and drops its target word.
func (l *lexer) redirect(n int) {
	l.endWord()
	l.reason(reasonRedirect)
	l.i += n
	if c := l.peek(0); c == '>' || c == '&' || c == '|' {
		l.i++
	}
	l.dropNext = true
}

func isBlank(c byte) bool     { return c == ' ' || c == '\t' }
func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isNameStart(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isNameChar(c byte) bool  { return isNameStart(c) || isDigit(c) }

func isName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}
