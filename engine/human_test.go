package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// TestSummaryLine: the summary names every count Aiedit-Summary has that
// is not zero, in its order, so that a -p decision is never left out.
func TestSummaryLine(t *testing.T) {
	tests := map[string]struct {
		sum  editcore.Summary
		want string
	}{
		"nothing":             {want: "0 applied"},
		"applied and failed":  {sum: editcore.Summary{Applied: 2, Failed: 1}, want: "2 applied, 1 failed"},
		"every trailer count": {sum: editcore.Summary{Applied: 1, AlreadyApplied: 2, Failed: 3, Skipped: 4, NotInContext: 5, Rejected: 6, Edited: 7}, want: "1 applied, 2 already applied, 3 failed, 4 skipped, 5 not in context, 6 rejected, 7 edited"},
		"only edited":         {sum: editcore.Summary{Edited: 1}, want: "0 applied, 1 edited"},
		"rejected and failed": {sum: editcore.Summary{Failed: 1, Rejected: 1}, want: "0 applied, 1 failed, 1 rejected"},
		"a dry run":           {sum: editcore.Summary{Validated: 3, Failed: 1}, want: "0 applied, 3 validated, 1 failed"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, summaryLine(tc.sum))
		})
	}
}
