package match

import (
	"strings"
	"unicode/utf8"
)

// fold maps typographic punctuation to its ASCII twin, the substitutions
// that word processors, chat front ends and models make without meaning
// anything by them:
//
//   - quotes ‘ ’ ‚ ‛ to ' and “ ” „ ‟ to "
//   - hyphens and dashes ‐ ‑ ‒ – — ― and the minus sign − to -
//   - no-break, figure, thin, hair and other fixed-width spaces (U+00A0,
//     U+2000–U+200A, U+202F, U+205F, U+3000) to a space
//   - the ellipsis … to three dots (models write either, in comments and
//     messages alike)
//   - zero-width space, word joiner and a stray byte-order mark are dropped
//
// Guillemets, primes and other marks that code uses deliberately are left
// alone. Invalid UTF-8 bytes are kept as they are.
func fold(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteByte(s[i])
		case r == '\u2018', r == '\u2019', r == '\u201A', r == '\u201B':
			b.WriteByte('\'')
		case r == '\u201C', r == '\u201D', r == '\u201E', r == '\u201F':
			b.WriteByte('"')
		case r >= '\u2010' && r <= '\u2015', r == '\u2212':
			b.WriteByte('-')
		case r == '\u00A0', r >= '\u2000' && r <= '\u200A', r == '\u202F', r == '\u205F', r == '\u3000':
			b.WriteByte(' ')
		case r == '\u2026':
			b.WriteString("...")
		case r == '\u200B', r == '\u2060', r == '\uFEFF':
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
