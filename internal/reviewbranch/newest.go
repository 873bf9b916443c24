package reviewbranch

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/retry"
)

// Newest names the review branch a command takes when none is named:
// the current branch when it is a review branch, else the one whose tip
// was committed last (ties: the first by name). "" when there is none.
func Newest(ctx context.Context, repo *gitops.Repo) (string, error) {
	list, err := List(ctx, repo)
	if err != nil {
		return "", err
	}
	best := ""
	var bestTime int64
	for _, b := range list {
		if b.Current {
			return b.Name, nil
		}
		c, err := repo.Commit(plumbing.NewHash(b.Tip))
		if err != nil {
			return "", err
		}
		if t := c.Committer.When.Unix(); best == "" || t > bestTime {
			best, bestTime = b.Name, t
		}
	}
	return best, nil
}

// problems counts the blocks still to retry on a branch: what
// `git aiedit retry-prompt` lists, rejections aside. rs is newest first.
func problems(ctx context.Context, repo *gitops.Repo, rs []*history.Response, tip plumbing.Hash) (int, error) {
	oldest := make([]*history.Response, len(rs))
	for i, r := range rs {
		oldest[len(rs)-1-i] = r
	}
	items, err := retry.Outstanding(ctx, repo, oldest, tip)
	if err != nil {
		return 0, err
	}
	return retry.Problems(items), nil
}
