package shell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The hand-written scans must agree with the library calls they replace.
func FuzzScansMatchStrings(f *testing.F) {
	for _, s := range []string{"run `go test` now", `a \` + "`b`", "\t $ ls", "", " \t", "x y\tz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		assert.Equal(t, strings.IndexAny(s, "\\`"), indexEither(s, '\\', '`'))
		assert.Equal(t, strings.IndexAny(s, " \t"), indexEither(s, ' ', '\t'))
		assert.Equal(t, strings.TrimLeft(s, " \t"), trimIndent(s))
	})
}
