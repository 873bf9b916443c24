package gitops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestReflogMessages(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	r.Git(t, "branch", "review")
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "second")
	r.Git(t, "update-ref", "-m", "aiedit: apply fix.md", "refs/heads/review", "HEAD")
	r.Git(t, "branch", "nolog")
	require.NoError(t, os.Remove(filepath.Join(r.Dir, ".git", "logs", "refs", "heads", "nolog")))
	repo := open(t, r)

	got, err := repo.ReflogMessages(t.Context(), []string{"refs/heads/review", "refs/heads/nolog", "refs/heads/gone"})
	require.NoError(t, err)
	assert.Equal(t, map[string][]string{
		"refs/heads/review": {"aiedit: apply fix.md", "branch: Created from main"},
	}, got, "newest first; no reflog and no ref are no messages")

	got, err = repo.ReflogMessages(t.Context(), nil)
	require.NoError(t, err)
	assert.Empty(t, got)
}
