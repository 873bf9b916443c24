package history

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// ReviewedKey is the trailer of the commit `git aiedit review` adds to a
// branch: one line per hunk decided (docs/retry-and-review.md).
const ReviewedKey = "Aiedit-Reviewed"

// IsReview reports whether c is a commit `git aiedit review` made. Like a
// revert of one response, it belongs to the series below it.
func IsReview(c *object.Commit) bool {
	return strings.Contains(c.Message, "\n"+ReviewedKey+": ")
}
