package gitops

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestConfigBoolMatchesGit holds booleans read from the config list equal
// to `git config --type=bool --get`, includes and a bare key among them.
func TestConfigBoolMatchesGit(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a": "a\n"})
	values := []string{"true", "yes", "On", "FALSE", "no", "off", "", "1", "0", "42", "0x10", "1k", "maybe"}
	var cfg strings.Builder
	cfg.WriteString("[t]\n\tbare\n")
	for i, v := range values {
		cfg.WriteString("\tv" + string(rune('a'+i)) + " = " + v + "\n")
	}
	inc := filepath.Join(t.TempDir(), "included")
	require.NoError(t, os.WriteFile(inc, []byte("[inc]\n\tflag = yes\n"+cfg.String()), 0o644))
	r.Git(t, "config", "include.path", inc)
	repo := open(t, r)
	keys := []string{"t.bare", "inc.flag", "T.BARE", "t.unset"}
	for i := range values {
		keys = append(keys, "t.v"+string(rune('a'+i)))
	}
	for _, k := range keys {
		got, err := repo.ConfigBool(context.Background(), k, false)
		var stderr strings.Builder
		cmd := exec.Command("git", "-C", r.Dir, "config", "--type=bool", "--get", k)
		cmd.Stderr = &stderr
		out, gitErr := cmd.Output()
		switch {
		case gitErr != nil && stderr.Len() == 0:
			assert.NoError(t, err, k) // unset: the default
			assert.False(t, got, k)
		case gitErr != nil:
			assert.Error(t, err, k)
		default:
			require.NoError(t, err, k)
			assert.Equal(t, strings.TrimSpace(string(out)) == "true", got, k)
		}
	}
}
