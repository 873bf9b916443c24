package gitops

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestResolveCommitSaysWhatToDo: a name that is no commit is said in the
// user's words, with what to do, not in git's ("Needed a single
// revision") nor with an internal "resolve" prefix.
func TestResolveCommitSaysWhatToDo(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	for name, rev := range map[string]string{
		"no such name":  "nosuch",
		"a range's end": "nosuch~2",
		"a blob":        "HEAD:a.txt",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := repo.ResolveCommit(t.Context(), rev)
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrNotCommit))
			msg := err.Error()
			assert.Contains(t, msg, rev+": not a commit")
			assert.Contains(t, msg, "name a branch, tag or commit")
			assert.NotContains(t, msg, "Needed a single revision")
			assert.NotContains(t, msg, "resolve ")
		})
	}
}
