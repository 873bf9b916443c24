package provenance

import (
	"context"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// ReadNote gives the documents of the note git holds for a commit: none
// without a note, each of the notes git joined, an error that names the
// note for one that is not a note.
func TestReadNote(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"f.txt": "a\n"})
	commit := func(msg string) plumbing.Hash {
		r.Git(t, "commit", "-q", "--allow-empty", "-m", msg)
		return plumbing.NewHash(r.Git(t, "rev-parse", "HEAD"))
	}
	none, one, joined, broken := commit("none"), commit("one"), commit("joined"), commit("broken")
	note := func(c plumbing.Hash, args ...string) {
		r.Git(t, append([]string{"notes", "--ref=aiedit"}, append(args, c.String())...)...)
	}
	note(one, "add", "-m", doc(one.String(), 1, 1))
	note(joined, "add", "-m", doc(one.String(), 1, 1))
	note(joined, "append", "-m", doc(joined.String(), 2, 1))
	note(broken, "add", "-m", "reviewed by hand")

	repo, err := gitops.Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	defer repo.Close()
	notes, err := repo.ReadNotes(t.Context(), attrnote.Ref)
	require.NoError(t, err)

	for name, tc := range map[string]struct {
		commit  plumbing.Hash
		commits []string // the documents' commits; nil: no note
		err     string
	}{
		"no note":  {commit: none},
		"one":      {commit: one, commits: []string{one.String()}},
		"joined":   {commit: joined, commits: []string{one.String(), joined.String()}},
		"not JSON": {commit: broken, err: "attribution note: document 1: invalid character"},
	} {
		t.Run(name, func(t *testing.T) {
			docs, err := ReadNote(repo, notes, tc.commit)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			var commits []string
			for _, d := range docs {
				commits = append(commits, d.Commit)
			}
			assert.Equal(t, tc.commits, commits)
		})
	}
}
