package reviewbranch

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsReview(t *testing.T) {
	tests := map[string]struct {
		name   string
		reflog []string // newest first
		want   bool
	}{
		"default name":                 {name: "aiedit/fix", want: true},
		"default name, landed onto":    {name: "aiedit/big", reflog: []string{"aiedit: land aiedit/small (rebase)"}, want: true},
		"named by -b":                  {name: "fix-login", reflog: []string{"commit: typo", "aiedit: apply fix.md", "branch: Created from HEAD"}, want: true},
		"named by -b, undone":          {name: "fix-login", reflog: []string{"aiedit: undo 1 response", "aiedit: apply fix.md"}, want: true},
		"land target":                  {name: "develop", reflog: []string{"aiedit: land aiedit/x (rebase)", "branch: Created from main"}},
		"applied to, then landed":      {name: "develop", reflog: []string{"aiedit: land aiedit/x (squash)", "aiedit: apply fix.md"}},
		"fast-forwarded":               {name: "main", reflog: []string{"merge develop: Fast-forward", "commit (initial): base"}},
		"reset to another":             {name: "release", reflog: []string{"branch: Reset to develop", "branch: Created from main"}},
		"no reflog (bare, or expired)": {name: "fix-login"},
		"prefix only as a component":   {name: "aiedit-fix"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, IsReview(tt.name, tt.reflog))
		})
	}
}

// After land has put the aiedit commits of review on develop, and main
// and release were fast-forwarded to it, only review is a review branch,
// and only review is pruned.
