package notes

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// clones makes a bare remote with one commit and two clones of it.
func clones(t *testing.T) (a, b string) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"f.txt": "a\n"})
	r.Git(t, "branch", "-M", "main")
	remote := filepath.Join(t.TempDir(), "remote.git")
	r.Git(t, "init", "-q", "--bare", "-b", "main", remote)
	r.Git(t, "remote", "add", "origin", remote)
	r.Git(t, "push", "-q", "origin", "main")
	b = filepath.Join(t.TempDir(), "b")
	r.Git(t, "clone", "-q", remote, b)
	return r.Dir, b
}

func run(t *testing.T, f func(context.Context, *Options) error, dir string) string {
	t.Helper()
	var errb bytes.Buffer
	require.NoError(t, f(context.Background(), &Options{Dir: dir, IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errb}}))
	return errb.String()
}

func note(t *testing.T, dir, text string) {
	gittest.Run(t, dir, nil, "notes", "--ref=aiedit", "add", "-f", "-m", text, "HEAD")
}

// TestPullOutcomes: each way the local and the remote notes can stand,
// and what pull says and does.
func TestPullOutcomes(t *testing.T) {
	for name, tc := range map[string]struct {
		setup func(t *testing.T, a, b string) // a pushes, b pulls
		say   string
		notes string // b's note on HEAD after the pull
	}{
		"remote has none": {setup: func(t *testing.T, a, b string) {}, say: "origin has no attribution notes yet"},
		"none here": {setup: func(t *testing.T, a, b string) {
			note(t, a, `{"version":1}`)
			run(t, Push, a)
		}, say: "took the notes of origin", notes: `{"version":1}`},
		"already here": {setup: func(t *testing.T, a, b string) {
			note(t, a, `{"version":1}`)
			run(t, Push, a)
			run(t, Pull, b)
		}, say: "already hold every note", notes: `{"version":1}`},
		"both changed one note": {setup: func(t *testing.T, a, b string) {
			note(t, a, `{"version":1,"responses":[],"files":[]}`)
			run(t, Push, a)
			note(t, b, `{"version":1}`)
		}, say: "merged the notes of origin with yours", notes: `"version": 1`},
	} {
		t.Run(name, func(t *testing.T) {
			a, b := clones(t)
			tc.setup(t, a, b)
			assert.Contains(t, run(t, Pull, b), tc.say)
			if tc.notes != "" {
				got := gittest.Run(t, b, nil, "notes", "--ref=aiedit", "show", "HEAD")
				assert.Contains(t, got, tc.notes)
			}
		})
	}
}

// TestSetupOnce: setup says each setting it made, then nothing.
func TestSetupOnce(t *testing.T) {
	_, b := clones(t)
	first := run(t, Setup, b)
	for _, want := range []string{"remote.origin.fetch += +refs/notes/aiedit*:refs/notes/remotes/origin/aiedit*", "remote.origin.push += HEAD", "notes.rewriteRef += refs/notes/aiedit", "notes.rewriteMode = concatenate"} {
		assert.Contains(t, first, want)
	}
	assert.Contains(t, run(t, Setup, b), "nothing changed")
	assert.Equal(t, "HEAD\nrefs/notes/aiedit*:refs/notes/aiedit*", strings.TrimSpace(gittest.Run(t, b, nil, "config", "--get-all", "remote.origin.push")))
}
