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
