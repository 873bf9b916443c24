package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWebChrome(t *testing.T) {
	tests := map[string]struct{ in, want string }{
		"label and copy code":          {"app/main.go\ngo\nCopy code\n<<<<<<< SEARCH\n", "app/main.go\n<<<<<<< SEARCH\n"},
		"label, copy and edit":         {"app/main.go\npython\nCopy\nEdit\nx = 1\n", "app/main.go\nx = 1\n"},
		"copy code alone":              {"a.py\nCopy code\nx = 1\n", "a.py\nx = 1\n"},
		"a word that is no label":      {"Sure\nhere it is\n", "Sure\nhere it is\n"},
		"copy without edit is kept":    {"go\nCopy\nthat\n", "go\nCopy\nthat\n"},
		"two labels":                   {"go\npython\nCopy code\nx\n", "go\nx\n"},
		"label at the end":             {"text\ngo\n", "text\ngo\n"},
		"blank line after a label":     {"go\n\nCopy code\n", "go\n\n"},
		"edit without copy is kept":    {"Edit\nthe file\n", "Edit\nthe file\n"},
		"copy code inside a sentence":  {"Press Copy code to copy.\n", "Press Copy code to copy.\n"},
		"how long the model thought":   {"Thought for 9s\n\nSure.\n", "\nSure.\n"},
		"reasoned, in older pages":     {"Reasoned for 12 seconds\nSure.\n", "Sure.\n"},
		"thought for, later, is prose": {"Sure.\nThought for 9s\n", "Sure.\nThought for 9s\n"},
		"a shell block gets its fence back, to its first blank line": {
			"Then run:\nbash\nCopy code\ngit rm a.py\ngit mv b.py c.py\n\nDone.\n",
			"Then run:\n```bash\ngit rm a.py\ngit mv b.py c.py\n```\n\nDone.\n",
		},
		"a shell block at the end, newer chrome": {"Run:\nsh\nCopy\nEdit\ngit rm a.py\n", "Run:\n```sh\ngit rm a.py\n```\n"},
		"a shell block after a path line is no fence": {
			"scripts/run.sh\nbash\nCopy code\necho hi\n\n", "scripts/run.sh\necho hi\n\n",
		},
		"a kept fence closes a shell block": {"bash\nCopy code\ngit rm a.py\n```\n", "```bash\ngit rm a.py\n```\n```\n"},
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
			require.NoError(t, w.end(keep))
			assert.Equal(t, tt.want, strings.Join(out, "\n")+"\n")
		})
	}
}
