package hook

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/engine"
)

func TestRefusal(t *testing.T) {
	commit := "ab"
	for name, tc := range map[string]struct {
		report *engine.Report
		index  int
		said   string
	}{
		"all recorded": {
			report: &engine.Report{Responses: []*engine.ResponseReport{{Index: 1, Commit: &commit}, {Index: 2}}},
		},
		"a failed edit is recorded": {
			report: &engine.Report{Responses: []*engine.ResponseReport{{Index: 1, Commit: &commit, Blocks: []*engine.BlockReport{{Status: "failed"}}}}},
		},
		"a failed check of another name": {
			report: &engine.Report{Responses: []*engine.ResponseReport{{Index: 1, Commit: &commit,
				Checks: []*engine.CheckReport{{Name: "syntax", Status: "failed", Message: "x"}}}}},
		},
		"the hook refused the second": {
			report: &engine.Report{Responses: []*engine.ResponseReport{
				{Index: 1, Commit: &commit},
				{Index: 2, Checks: []*engine.CheckReport{{Name: "commit-msg", Status: "failed", Message: "need JIRA-123\n"}}},
				{Index: 3},
			}},
			index: 2, said: "need JIRA-123",
		},
		"no report": {},
	} {
		t.Run(name, func(t *testing.T) {
			index, said := refusal(tc.report)
			require.Equal(t, tc.index, index)
			require.Equal(t, tc.said, said)
		})
	}
}
