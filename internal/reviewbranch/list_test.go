package reviewbranch

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestListTranscriptNames: a branch lists its transcripts by file name,
// whole when the name holds blanks (the Aiedit-Transcript value is the
// name, a blank, then the hash).
func TestListTranscriptNames(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.py": "a\n"})
	r.Git(t, "checkout", "-q", "-b", "aiedit/fix")
	for i, name := range []string{"my chat log.md", "fix.md"} {
		rec := trailer.Record{Transcript: name + " sha256:ab", N: 1, Total: 1}
		r.Write(t, "a.py", name+"\n")
		r.Git(t, "commit", "-q", "-am", trailer.FormatMessage("Response "+string(rune('1'+i)), "", rec.Encode()))
	}
	repo, err := gitops.Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	defer repo.Close()

	list, err := List(context.Background(), repo)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "aiedit/fix", list[0].Name)
	assert.Equal(t, []string{"fix.md", "my chat log.md"}, list[0].Transcripts)
}
