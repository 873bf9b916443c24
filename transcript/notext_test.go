package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLooksBinary(t *testing.T) {
	tests := map[string]struct {
		head string
		want bool
	}{
		"prose":                          {"Make the greeting friendlier.\n\nhello.py\n", false},
		"a stray NUL in a reply":         {"Use casefold \x00 for slugs.\n\nlib/text.py\n««« EDIT\n", false},
		"cut inside a character":         {"héllo wörld " + string([]byte("é")[:1]), false},
		"Latin-1 in a block":             {"lib/latin1.txt\n««« EDIT\n═══════ REPL\ncaf\xe9 cr\xe8me\n»»» EDIT END\n", false},
		"random bytes":                   {"abc\xff\xfe\x00\x01def\x80\x81", true},
		"mostly control bytes":           {strings.Repeat("\x00\x01\x02a", 50), true},
		"an ANSI-coloured terminal copy": {"\x1b[32mapplied\x1b[0m hello.py\n", false},
		"empty":                          {"", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, LooksBinary([]byte(tc.head)))
		})
	}
}

func TestLooksJSON(t *testing.T) {
	assert.True(t, LooksJSON([]byte("\xef\xbb\xbf  \n[[[[")))
	assert.True(t, LooksJSON([]byte(`{"a":1}`)))
	assert.False(t, LooksJSON([]byte("Here is the change:\n{")))
}
