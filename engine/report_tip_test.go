package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportTipAndRead: the report Run returns says where the branch is
// once the run is over (zero when it does not exist) and how many
// responses were read: what hook run keeps in its cursor, learnt from the
// report and not from fields the engine writes into its options.
func TestReportTipAndRead(t *testing.T) {
	repo, path := sessionRepo(t)
	run := func(dry bool) *Report {
		rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review", DryRun: dry, Observer: Discard})
		require.NotNil(t, rep, "%v", err)
		return rep
	}

	rep := run(true)
	assert.True(t, rep.Tip.IsZero(), "a dry run makes no branch")
	assert.Equal(t, 3, rep.Read)

	rep = run(false)
	tip := plumbing.NewHash(strings.TrimSpace(repo.Git(t, "rev-parse", "review")))
	assert.Equal(t, tip, rep.Tip, "the branch the run made")
	assert.Equal(t, 3, rep.Read)

	rep = run(false)
	assert.Equal(t, tip, rep.Tip, "nothing new: the branch as it was")
	assert.Equal(t, 3, rep.Read, "responses already on the branch are read too")

	rep = run(true)
	assert.Equal(t, tip, rep.Tip, "a dry run on a branch: the branch as it is")
}
