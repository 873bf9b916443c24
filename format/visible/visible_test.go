package visible

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestEscapes(t *testing.T) {
	tests := map[string]struct{ in, line, text string }{
		"plain":         {"src/a b.py", "src/a b.py", "src/a b.py"},
		"nul":           {"a\x00b", `a\x00b`, `a\x00b`},
		"esc_csi":       {"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`, `\x1b[31mred\x1b[0m`},
		"osc_title":     {"\x1b]0;pwned\x07", `\x1b]0;pwned\x07`, `\x1b]0;pwned\x07`},
		"newline_tab":   {"a\nb\tc\r", `a\nb\tc\r`, "a\nb\tc\\r"},
		"del":           {"a\x7f", `a\x7f`, `a\x7f`},
		"c1_rune":       {"a\u009b2J", `a\u009b2J`, `a\u009b2J`},
		"c1_raw_byte":   {"a\x9b2J", `a\x9b2J`, `a\x9b2J`},
		"latin1_kept":   {"caf\xe9", "caf\xe9", "caf\xe9"},
		"unicode_kept":  {"héllo … 日本", "héllo … 日本", "héllo … 日本"},
		"nbsp_kept":     {"a\u00a0b", "a\u00a0b", "a\u00a0b"},
		"backslash":     {`a\x00`, `a\x00`, `a\x00`},
		"empty":         {"", "", ""},
		"only_controls": {"\x00\x01\x1f", `\x00\x01\x1f`, `\x00\x01\x1f`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.line, Line(tc.in))
			assert.Equal(t, tc.text, Text(tc.in))
		})
	}
}

// FuzzVisible: Line leaves no control character at all, Text none but
// newline and tab; text without controls is kept byte for byte.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"", "a\x00b", "\x1b]0;x\x07", "\u009b", "\x9b", "a\nb\tc", "caf\xe9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line, text := Line(s), Text(s)
		assert.False(t, Has(line), "%q", line)
		for i := 0; i < len(text); {
			r, n := utf8.DecodeRuneInString(text[i:])
			if r != '\n' && r != '\t' {
				assert.False(t, control(r, n, text[i]), "%q at %d", text, i)
			}
			i += n
		}
		if !Has(s) {
			assert.Equal(t, s, line)
			assert.Equal(t, s, text)
		}
	})
}
