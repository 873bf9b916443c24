package history

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// IsReview reports whether c is a commit `git aiedit review` made. Like a
// revert of one response, it belongs to the series below it.
func IsReview(c *gitops.Commit) bool {
	return strings.Contains(c.Message, "\n"+trailer.KeyReviewed+": ")
}
