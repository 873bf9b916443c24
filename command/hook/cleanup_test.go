package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStateDir: the state directory and what install created above it
// go with the last state file; a directory that was there stays.
func TestStateDir(t *testing.T) {
	tests := map[string]struct {
		existing string // a directory there before install, under home
		gone     string // the outermost directory that must be gone after
		stays    string // the innermost one that must stay
	}{
		"new account":      {gone: ".config", stays: "."},
		"existing .config": {existing: ".config", gone: ".config/git-aiedit", stays: ".config"},
		// git-aiedit's own directories, empty, go whoever made them.
		"existing ours":     {existing: ".config/git-aiedit", gone: ".config/git-aiedit", stays: ".config"},
		"existing hook dir": {existing: ".config/git-aiedit/hooks", gone: ".config/git-aiedit", stays: ".config"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			if tt.existing != "" {
				require.NoError(t, os.MkdirAll(filepath.Join(home, tt.existing), 0o755))
			}
			hooks := filepath.Join(home, ".config", "git-aiedit", "hooks")
			require.NoError(t, makeStateDir(hooks))
			state := filepath.Join(hooks, "a.json")
			require.NoError(t, os.WriteFile(state, nil, 0o644))
			require.NoError(t, makeStateDir(hooks), "a second install")

			require.NoError(t, os.Remove(state))
			removeStateDir(hooks)

			if tt.gone != "" {
				assert.NoDirExists(t, filepath.Join(home, tt.gone))
			}
			assert.DirExists(t, filepath.Join(home, tt.stays))
		})
	}
}
