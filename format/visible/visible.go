// Package visible makes text from transcripts, records and repositories
// safe to write into a commit object or onto a terminal: control
// characters are shown as escapes (`\x00`, `\x1b`, `\u009b`, `\r`) instead of
// written raw. A NUL in a commit message makes `git fsck --strict`
// report nulInCommit (and a server with receive.fsckObjects refuse the
// push); an ESC or OSC sequence in a model name, a path or a command
// would drive the terminal of whoever runs `git log` or reads the tool's
// output.
//
// Controls are C0 (U+0000-U+001F), DEL (U+007F), C1 (U+0080-U+009F), and
// the bytes 0x80-0x9F that are not part of valid UTF-8 (some terminals
// read them as C1 controls). Every other byte, valid UTF-8 or not, is
// kept; a backslash is kept as it is, so the escapes are for people, not
// a format to decode.
package visible

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line is s with every control character escaped, newlines and tabs
// too: one line of output whatever s holds.
func Line(s string) string { return escape(s, false) }

// Text is s with every control character escaped but newline and tab.
func Text(s string) string { return escape(s, true) }

// Has reports whether s holds a character Line escapes.
func Has(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if control(r, n, s[i]) {
			return true
		}
		i += n
	}
	return false
}

func control(r rune, n int, b byte) bool {
	if r == utf8.RuneError && n == 1 {
		return b >= 0x80 && b <= 0x9f
	}
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f)
}

func escape(s string, text bool) string {
	if !Has(s) {
		return s // the usual case, without a copy
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case !control(r, n, s[i]), text && (r == '\n' || r == '\t'):
			b.WriteString(s[i : i+n])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError && n == 1, r < 0x80:
			c := s[i]
			if r < 0x80 {
				c = byte(r)
			}
			b.WriteString(`\x`)
			if c < 0x10 {
				b.WriteByte('0')
			}
			b.WriteString(strconv.FormatUint(uint64(c), 16))
		default:
			b.WriteString(`\u00`)
			b.WriteString(strconv.FormatUint(uint64(r), 16))
		}
		i += n
	}
	return b.String()
}
