package history

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// IsReview reports whether c is a commit `git aiedit review` made. Like a
// revert of one response, it belongs to the series below it.
func IsReview(c *object.Commit) bool {
	return strings.Contains(c.Message, "\n"+trailer.KeyReviewed+": ")
}
