package history

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// Limits of a walk through history: how many commits that are not aiedit
// commits a series may start below, and how many commits a range may span.
const (
	MaxSkip  = 1000
	MaxRange = 100000
)

// ErrNoResponses reports a selection that holds no aiedit commit.
var ErrNoResponses = errors.New("no aiedit commits")

// Selection is what a review command looks at: aiedit commits, oldest
// first.
type Selection struct {
	Spec      string // what the user named ("" = HEAD)
	Name      string // how to call it in messages: a branch name, a range or a commit
	Tip       plumbing.Hash
	Responses []*Response
	Single    bool // one commit was named, not a branch or range
}

// Select reads the aiedit commits a review command's argument names:
//
//   - "A..B": every aiedit commit on B's first-parent history that is not
//     reachable from A (A and B default to HEAD); other commits are passed
//     over. "A...B" (both sides) is refused, saying what to give instead;
//   - anything else names a commit (a branch, HEAD when empty): the newest
//     series of aiedit commits on its first-parent history: commits that
//     are not aiedit commits are passed over (at most MaxSkip), then aiedit
//     commits are listed down to the first commit that is not one. This is
//     the same series `apply` adds to: everything below it is the base.
func Select(ctx context.Context, repo *gitops.Repo, spec string) (*Selection, error) {
	if from, to, ok := strings.Cut(spec, "..."); ok {
		// Both sides' commits: no one first-parent history to walk.
		return nil, fmt.Errorf("%s: a symmetric range (three dots) is not accepted; give %s..%s for the commits of %s that are not in %s, or a branch",
			spec, or(from, "HEAD"), or(to, "HEAD"), or(to, "HEAD"), or(from, "HEAD"))
	}
	if from, to, ok := strings.Cut(spec, ".."); ok {
		return selectRange(ctx, repo, spec, from, to)
	}
	rev := spec
	if rev == "" {
		rev = "HEAD"
	}
	tip, err := repo.ResolveCommit(ctx, rev)
	if err != nil {
		if rev == "HEAD" {
			if _, born, rerr := repo.ReadRef(ctx, "HEAD"); rerr == nil && !born {
				return nil, errors.New("this repository has no commits yet, so there is no AI commit to list; apply a transcript first: git aiedit apply FILE")
			}
		}
		return nil, err
	}
	sel := &Selection{Spec: spec, Name: repo.ShortName(ctx, rev), Tip: tip}
	skipped := 0
	rv := reverts{}
	err = repo.FirstParents(ctx, tip, plumbing.ZeroHash, func(c *gitops.Commit) error {
		r, ok := FromCommit(c)
		switch {
		case ok:
			sel.Responses = append(sel.Responses, r)
			return nil
		case len(sel.Responses) > 0 && !isRevert(c) && !IsReview(c):
			return gitops.ErrStopWalk
		}
		// A `git revert` of one response, or a review, made on the branch
		// after it, belongs to the series: the walk goes on below it.
		rv.note(c)
		if len(sel.Responses) > 0 {
			return nil
		}
		if skipped++; skipped > MaxSkip {
			return gitops.ErrStopWalk
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rv.mark(sel.Responses)
	reverse(sel.Responses)
	return sel, nil
}

func selectRange(ctx context.Context, repo *gitops.Repo, spec, from, to string) (*Selection, error) {
	if from == "" {
		from = "HEAD"
	}
	if to == "" {
		to = "HEAD"
	}
	a, err := repo.ResolveCommit(ctx, from)
	if err != nil {
		return nil, err
	}
	b, err := repo.ResolveCommit(ctx, to)
	if err != nil {
		return nil, err
	}
	stop, _, err := repo.MergeBase(ctx, a, b)
	if err != nil {
		return nil, err
	}
	sel := &Selection{Spec: spec, Name: spec, Tip: b}
	n := 0
	rv := reverts{}
	err = repo.FirstParents(ctx, b, stop, func(c *gitops.Commit) error {
		if n++; n > MaxRange {
			return fmt.Errorf("range %s spans more than %d commits; name a shorter one", spec, MaxRange)
		}
		if r, ok := FromCommit(c); ok {
			sel.Responses = append(sel.Responses, r)
		} else {
			rv.note(c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rv.mark(sel.Responses)
	reverse(sel.Responses)
	return sel, nil
}

// One reads a single commit, which must be an aiedit commit.
func One(ctx context.Context, repo *gitops.Repo, rev string) (*Selection, error) {
	if rev == "" {
		rev = "HEAD"
	}
	h, err := repo.ResolveCommit(ctx, rev)
	if err != nil {
		return nil, err
	}
	c, err := repo.Commit(h)
	if err != nil {
		return nil, err
	}
	r, ok := FromCommit(c)
	if !ok {
		return nil, fmt.Errorf("%s (%s) is not an aiedit commit: its message has no Aiedit-Response trailer; `git aiedit log` lists them", rev, h.String()[:8])
	}
	return &Selection{Spec: rev, Name: rev, Tip: h, Responses: []*Response{r}, Single: true}, nil
}

// IsBranch reports whether rev names a branch, local or
// remote-tracking (origin/fix: a branch pushed and fetched is reviewed as
// one), or is empty or HEAD (the current branch) or a range, as opposed
// to a single commit.
func IsBranch(ctx context.Context, repo *gitops.Repo, rev string) bool {
	if rev == "" || rev == "HEAD" || strings.Contains(rev, "..") {
		return true
	}
	_, _, ok, err := repo.BranchRef(ctx, rev)
	return err == nil && ok
}

// Summary adds up the selection's blocks.
func (s *Selection) Summary() Summary {
	var sum Summary
	for _, r := range s.Responses {
		sum.Add(r.Summary)
	}
	return sum
}

func or(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

func reverse(rs []*Response) {
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
}
