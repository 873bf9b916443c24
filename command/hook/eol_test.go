package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSameEOL(t *testing.T) {
	tests := map[string]struct{ orig, text, want string }{
		"LF file":             {"{\n}\n", "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1\n}\n"},
		"CRLF file":           {"{\r\n}\r\n", "{\r\n  \"a\": 1\n}\r\n", "{\r\n  \"a\": 1\r\n}\r\n"},
		"mixed file, as is":   {"{\r\n}\n", "{\r\n  \"a\": 1\n}\n", "{\r\n  \"a\": 1\n}\n"},
		"one line, no ending": {"{}", "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1\n}\n"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, sameEOL(tt.orig, tt.text))
		})
	}
}

func TestLinkTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "dotfiles", "settings.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte("{}\n"), 0o644))
	link := filepath.Join(dir, "settings.json")
	require.NoError(t, os.Symlink("dotfiles/settings.json", link))
	dangling := filepath.Join(dir, "gone.json")
	require.NoError(t, os.Symlink("dotfiles/new.json", dangling))

	real, err := filepath.EvalSymlinks(file)
	require.NoError(t, err)
	assert.Equal(t, real, linkTarget(link))
	assert.Equal(t, file, linkTarget(file), "a plain file is itself")
	assert.Equal(t, filepath.Join(dir, "dotfiles", "new.json"), linkTarget(dangling), "a dangling link names the file to create")
	assert.Equal(t, filepath.Join(dir, "none.json"), linkTarget(filepath.Join(dir, "none.json")))
}
