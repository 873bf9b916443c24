package applypatch

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// mayStart only turns away idle lines that neither open a patch nor a
// here-document.
func FuzzMayStart(f *testing.F) {
	for _, s := range []string{"*** Begin Patch", " apply_patch <<'EOF'", "<<EOF", "\u00a0*** Begin Patch", "text", "", "\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if mayStart(line) {
			return
		}
		tr := strings.TrimSpace(line)
		_, _, ok := heredoc(tr)
		assert.False(t, tr == beginMarker || ok, "%q", line)
	})
}
