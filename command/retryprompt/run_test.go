package retryprompt_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/retryprompt"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// The prompt read back from the branch is the retry_prompt apply reported.
func TestRunMatchesApply(t *testing.T) {
	r, report := historytest.Review(t)
	var rep struct {
		RetryPrompt string `json:"retry_prompt"`
	}
	require.NoError(t, json.Unmarshal(report, &rep))
	require.NotEmpty(t, rep.RetryPrompt)

	// origin/review: the branch as a fresh clone has it.
	r.Git(t, "update-ref", "refs/remotes/origin/review", "review")
	for _, rev := range []string{"review", "review~1", "main..review", "origin/review"} {
		t.Run(rev, func(t *testing.T) {
			io, _, out, _ := iostreams.Test()
			require.NoError(t, retryprompt.Run(context.Background(), &retryprompt.Options{IO: io, Dir: r.Dir, Rev: rev}))
			assert.Equal(t, rep.RetryPrompt, out.String())
		})
	}
}

func TestRun(t *testing.T) {
	r, _ := historytest.Review(t)
	io, _, out, errOut := iostreams.Test()
	require.NoError(t, retryprompt.Run(context.Background(), &retryprompt.Options{IO: io, Dir: r.Dir, Rev: "review~2"}))
	assert.Empty(t, out.String())
	assert.Contains(t, errOut.String(), "nothing to retry")

	err := retryprompt.Run(context.Background(), &retryprompt.Options{IO: io, Dir: r.Dir, Rev: "main"})
	require.ErrorContains(t, err, "no aiedit commits on main")
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
}
