package wholefile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// hasPrefixFold must read a label exactly as lowering the line did.
func FuzzHasPrefixFold(f *testing.F) {
	for _, s := range []string{"File: a.go", "FILENAME:x", "path:", "Fİle:", "\u212Aile:", "fil", "Path :"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, k := range []string{"file:", "filename:", "path:"} {
			assert.Equal(t, strings.HasPrefix(strings.ToLower(s), k), hasPrefixFold(s, k), "%q %q", s, k)
		}
	})
}

// mayOpen only skips lines openFence refuses.
func FuzzMayOpen(f *testing.F) {
	for _, s := range []string{"```go", " ~~~", "\t```", "<source>", "text", "", "  ", "``"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, ok := openFence(s); ok {
			assert.True(t, mayOpen(s), "%q", s)
		}
	})
}

func FuzzIsBlank(f *testing.F) {
	for _, s := range []string{"", " \t", "\u00a0", " x", "\u2003 ", "\xff", "\v\f\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		assert.Equal(t, strings.TrimSpace(s) == "", isBlank(s), "%q", s)
	})
}
