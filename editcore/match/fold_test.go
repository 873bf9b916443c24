package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFold(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"ascii is untouched":    {`x := "a" - 'b'...`, `x := "a" - 'b'...`},
		"single quotes":         {"‘a’ ‚b‛", "'a' 'b'"},
		"double quotes":         {"“a” „b‟", `"a" "b"`},
		"dashes and minus":      {"a‐b‑c‒d–e—f―g−h", "a-b-c-d-e-f-g-h"},
		"exotic spaces":         {"a\u00a0b\u2002c\u2009d\u200ae\u202ff\u205fg\u3000h", "a b c d e f g h"},
		"ellipsis":              {"wait…", "wait..."},
		"zero width dropped":    {"\ufeffa\u200bb\u2060c", "abc"},
		"meaningful marks kept": {"«a» ′ é ü 中", "«a» ′ é ü 中"},
		"invalid utf-8 kept":    {"a\xffb“", "a\xffb\""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, fold(tt.in))
		})
	}
}
