package snapshot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// WithSecretCheck leaves out an untracked text file the check finds a
// secret in; binary files are not asked; past maxSecretScan bytes read,
// text files are left out unread rather than taken unchecked.
func TestSnapshotSecretCheck(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	r.Write(t, "notes.txt", "remember\n")
	r.Write(t, "deploy/settings.yaml", "pat: SECRET-VALUE\n")
	r.Write(t, "logo.bin", "\x00SECRET-VALUE")
	chunk := strings.Repeat("x", 1<<20-1) + "\n"
	for i := range 5 {
		r.Write(t, fmt.Sprintf("zbig/%d.txt", i), chunk)
	}
	var asked []string
	check := func(b []byte) (string, bool) {
		asked = append(asked, string(b[:min(len(b), 12)]))
		return "test-rule", strings.Contains(string(b), "SECRET-VALUE")
	}
	s, err := Take(context.Background(), repo, "snapshot\n", WithSecretCheck(check))
	require.NoError(t, err)
	publish(t, repo)
	files := r.Git(t, "ls-tree", "-r", "--name-only", s.Commit.String())
	assert.Contains(t, files, "notes.txt")
	assert.Contains(t, files, "logo.bin")
	assert.NotContains(t, files, "deploy/settings.yaml")
	assert.Contains(t, s.Left, "deploy/settings.yaml (it holds a secret: test-rule)")
	var unread int
	for _, l := range s.Left {
		if strings.Contains(l, "not read for secrets") {
			unread++
		}
	}
	assert.Equal(t, 2, unread, "of five 1 MiB files, those past 4 MiB read: %q", s.Left)
	assert.NotContains(t, asked, "\x00SECRET-VAL")
}
