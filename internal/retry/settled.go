package retry

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// Outstanding is what is still to retry on a branch: ItemsOf the
// responses (oldest first), less the failures on files a person changed
// in commits on top of the last response (a fix by hand, or a `git
// aiedit review`): the person has answered them. Rejected blocks stay
// listed (the prompt tells the model not to propose them again).
func Outstanding(ctx context.Context, repo *gitops.Repo, rs []*history.Response, tip plumbing.Hash) ([]Item, error) {
	items := ItemsOf(rs)
	if len(rs) == 0 || len(items) == 0 || rs[len(rs)-1].Commit == tip {
		return items, nil
	}
	changes, err := repo.DiffTree(ctx, rs[len(rs)-1].Commit, tip)
	if err != nil {
		return nil, err
	}
	changed := make(map[string]bool, len(changes))
	for _, c := range changes {
		changed[c.Path] = true
	}
	var out []Item
	for _, it := range items {
		if it.Status != editcore.Rejected && changed[it.Path] {
			continue
		}
		out = append(out, it)
	}
	return out, nil
}

// Problems counts the items that are failures, not rejections: what
// `git aiedit branches` reports as failed.
func Problems(items []Item) int {
	n := 0
	for _, it := range items {
		if it.Status != editcore.Rejected {
			n++
		}
	}
	return n
}
