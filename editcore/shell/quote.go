package shell

import "strings"

// Quotes, expansions and here-document operators: the parts of the lexer
// that read more than one byte at a time.

// heredoc reads "<<[-]DELIM". The delimiter's quotes are removed; its body
// is read after the end of the line.
func (l *lexer) heredoc() {
	l.endWord()
	l.reason(reasonHeredoc)
	l.i += 2
	if l.peek(0) == '-' {
		l.i++
	}
	for l.i < len(l.s) && isBlank(l.s[l.i]) {
		l.i++
	}
	var d strings.Builder
	for l.i < len(l.s) {
		c := l.s[l.i]
		if isBlank(c) || c == '\n' || strings.IndexByte(";&|<>()", c) >= 0 {
			break
		}
		switch c {
		case '\'', '"':
			j := strings.IndexByte(l.s[l.i+1:], c)
			if j < 0 {
				l.reason(reasonUnbalanced)
				l.res.open = true
				d.WriteString(l.s[l.i+1:])
				l.i = len(l.s)
				continue
			}
			d.WriteString(l.s[l.i+1 : l.i+1+j])
			l.i += j + 2
		case '\\':
			if l.i+1 < len(l.s) {
				d.WriteByte(l.s[l.i+1])
				l.i++
			}
			l.i++
		default:
			d.WriteByte(c)
			l.i++
		}
	}
	if d.Len() == 0 {
		l.res.syntax = true
		return
	}
	l.pending = append(l.pending, heredoc{delim: d.String()})
}

func (l *lexer) squote() {
	j := strings.IndexByte(l.s[l.i+1:], '\'')
	if j < 0 {
		l.unbalanced(l.s[l.i+1:])
		return
	}
	l.quoted(l.s[l.i+1 : l.i+1+j])
	l.i += j + 2
}

func (l *lexer) unbalanced(rest string) {
	l.reason(reasonUnbalanced)
	l.quoted(rest)
	l.i = len(l.s)
	l.res.open = true
}

// dquote reads a double-quoted string; l.i is just past the opening quote.
// Inside, a backslash escapes only " \ $ ` and newline, as in bash.
func (l *lexer) dquote() {
	l.quoted("")
	for l.i < len(l.s) {
		c := l.s[l.i]
		switch c {
		case '"':
			l.i++
			return
		case '\\':
			next := l.peek(1)
			switch next {
			case '\n':
				l.i += 2
			case '"', '\\', '$', '`':
				l.quoted(string(next))
				l.i += 2
			default:
				l.quoted(`\`)
				l.i++
			}
		case '$':
			l.dollar(true)
		case '`':
			l.backquote()
		default:
			l.quoted(l.s[l.i : l.i+1])
			l.i++
		}
	}
	l.reason(reasonUnbalanced)
	l.res.open = true
}

// dollar reads a $ expansion (or a literal $ that expands to nothing).
func (l *lexer) dollar(inDquote bool) {
	next := l.peek(1)
	switch {
	case next == '(':
		l.reason(reasonSubst)
		end := l.skipParens(l.i + 1)
		l.quoted(l.s[l.i:end])
		l.i = end
	case next == '{':
		l.reason(reasonVariable)
		j := strings.IndexByte(l.s[l.i:], '}')
		if j < 0 {
			l.unbalanced(l.s[l.i:])
			return
		}
		l.quoted(l.s[l.i : l.i+j+1])
		l.i += j + 1
	case next == '\'' && !inDquote:
		l.reason(reasonANSIQuote)
		j := l.i + 2
		for j < len(l.s) && l.s[j] != '\'' {
			if l.s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(l.s) {
			l.unbalanced(l.s[l.i+2:])
			return
		}
		l.quoted(l.s[l.i+2 : j])
		l.i = j + 1
	case next == '"' && !inDquote:
		l.i += 2 // $"..." is a translatable string: a plain string here
		l.dquote()
	case isNameStart(next):
		l.reason(reasonVariable)
		j := l.i + 1
		for j < len(l.s) && isNameChar(l.s[j]) {
			j++
		}
		l.quoted(l.s[l.i:j])
		l.i = j
	case next != 0 && (isDigit(next) || strings.IndexByte("@*#?$!-", next) >= 0):
		l.reason(reasonVariable)
		l.quoted(l.s[l.i : l.i+2])
		l.i += 2
	default:
		if inDquote {
			l.quoted("$")
		} else {
			l.lit('$')
		}
		l.i++
	}
}

// backquote reads `...` command substitution.
func (l *lexer) backquote() {
	l.reason(reasonSubst)
	j := l.i + 1
	for j < len(l.s) && l.s[j] != '`' {
		if l.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(l.s) {
		l.unbalanced(l.s[l.i:])
		return
	}
	l.quoted(l.s[l.i : j+1])
	l.i = j + 1
}

// skipParens returns the index just past the ")" matching the "(" at i,
// stepping over quoted text; at an unbalanced end it marks the input open.
func (l *lexer) skipParens(i int) int {
	depth := 0
	for j := i; j < len(l.s); j++ {
		switch l.s[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '\\':
			j++
		case '\'', '"':
			k := strings.IndexByte(l.s[j+1:], l.s[j])
			if k < 0 {
				j = len(l.s)
				break
			}
			j += k + 1
		}
	}
	l.reason(reasonUnbalanced)
	l.res.open = true
	return len(l.s)
}
