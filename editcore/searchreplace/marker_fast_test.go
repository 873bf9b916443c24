package searchreplace

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// classifyByTrim is classify without its first-byte shortcut.
func classifyByTrim(line string) marker {
	s := strings.TrimSpace(line)
	if len(s) < 5 {
		return content
	}
	switch s[0] {
	case '<', '-':
		if worded(s, "SEARCH") {
			return start
		}
	case '>', '+':
		if worded(s, "REPLACE") {
			return end
		}
	case '=':
		if n := run(s); n == len(s) && n <= 9 {
			return divider
		}
	}
	return content
}

func FuzzClassifyShortcut(f *testing.F) {
	for _, s := range []string{"<<<<<<< SEARCH", " \t=======", ">>>>>>> REPLACE", "\u00a0<<<<<<< SEARCH", "text", "", "\v\f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		assert.Equal(t, classifyByTrim(line), classify(line), "%q", line)
	})
}
