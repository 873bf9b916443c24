package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWebChrome(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"label and copy code":         {"app/main.go\ngo\nCopy code\n<<<<<<< SEARCH\n", "app/main.go\n<<<<<<< SEARCH\n"},
		"label, copy and edit":        {"app/main.go\npython\nCopy\nEdit\nx = 1\n", "app/main.go\nx = 1\n"},
		"copy code alone":             {"a.py\nCopy code\nx = 1\n", "a.py\nx = 1\n"},
		"a word that is no label":     {"Sure\nhere it is\n", "Sure\nhere it is\n"},
		"copy without edit is kept":   {"go\nCopy\nthat\n", "go\nCopy\nthat\n"},
		"two labels":                  {"go\npython\nCopy code\nx\n", "go\nx\n"},
		"label at the end":            {"text\ngo\n", "text\ngo\n"},
		"blank line after a label":    {"go\n\nCopy code\n", "go\n\n"},
		"edit without copy is kept":   {"Edit\nthe file\n", "Edit\nthe file\n"},
		"copy code inside a sentence": {"Press Copy code to copy.\n", "Press Copy code to copy.\n"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var w webChrome
			var out []string
			keep := func(_ int, s string) error { out = append(out, s); return nil }
			lines := strings.Split(strings.TrimSuffix(tt.in, "\n"), "\n")
			for i, l := range lines {
				require.NoError(t, w.line(i+1, l, keep))
			}
			require.NoError(t, w.flush(keep))
			assert.Equal(t, tt.want, strings.Join(out, "\n")+"\n")
		})
	}
}
