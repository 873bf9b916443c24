// Package reviewbranch finds a repository's review branches: the
// branches git aiedit apply wrote whose newest commits are its commits,
// with what each holds. The branches and review commands share it.
package reviewbranch

import (
	"context"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// maxSkip bounds the commits, not aiedit ones, passed over on a branch
// before its responses (the user's fix-ups on top): a branch with none
// within it is not a review branch.
const maxSkip = 100

// Branch is one review branch (JSON of --json).
type Branch struct {
	Name        string   `json:"name"`
	Tip         string   `json:"tip"`
	Responses   int      `json:"responses"`
	Problems    int      `json:"problems"` // blocks failed, skipped or not in context that nothing later on the branch settled (retry-prompt lists them)
	Transcripts []string `json:"transcripts"`
	Merged      bool     `json:"merged"` // its tip is in HEAD's history
	Current     bool     `json:"current"`
	CheckedOut  string   `json:"checked_out,omitempty"` // the worktree that has it checked out
	// made: the commit the branch was made on (under its oldest
	// response and a session-start snapshot), for Default.
	made plumbing.Hash
	// newest: the key of its newest response (responseKey), for Default
	// to know the branch already landed.
	newest string
}

// List reads every review branch's newest series of aiedit
// commits.
func List(ctx context.Context, repo *gitops.Repo) ([]*Branch, error) {
	return list(ctx, repo, true)
}

// list is List; without problems, Problems is left 0 (Default needs no
// count, and counting reads every branch's files).
func list(ctx context.Context, repo *gitops.Repo, withProblems bool) ([]*Branch, error) {
	all, err := repo.Branches(ctx)
	if err != nil {
		return nil, err
	}
	head, headErr := repo.ResolveCommit(ctx, "HEAD")
	current := repo.ShortName(ctx, "HEAD")
	var out []*Branch
	series := map[string][]*history.Response{}
	var unnamed []string // branches with responses, not named by apply's default
	for _, b := range all {
		rs, err := newestSeries(ctx, repo, b.Tip)
		if err != nil {
			return nil, err
		}
		if len(rs) == 0 {
			continue
		}
		series[b.Ref] = rs
		if !strings.HasPrefix(b.Name(), DefaultPrefix) {
			unnamed = append(unnamed, b.Ref)
		}
	}
	reflogs, err := repo.ReflogMessages(ctx, unnamed)
	if err != nil {
		return nil, err
	}
	// Where each branch is checked out, asked of git only when there are
	// branches with responses: log on a repository without any starts no
	// more git processes than discovery's.
	checkedOut := map[string]string{}
	if len(series) > 0 {
		wts, err := repo.Worktrees(ctx)
		if err != nil {
			return nil, err
		}
		for _, w := range wts {
			if w.Branch != "" && !w.Bare {
				checkedOut[w.Branch] = w.Path
			}
		}
	}
	for _, b := range all {
		rs := series[b.Ref]
		if len(rs) == 0 || !IsReview(b.Name(), reflogs[b.Ref]) {
			continue
		}
		br := &Branch{Name: b.Name(), Tip: b.Tip.String(), Responses: len(rs), Transcripts: []string{},
			Current: b.Name() == current, CheckedOut: checkedOut[b.Ref]}
		if withProblems {
			if br.Problems, err = problems(ctx, repo, rs, b.Tip); err != nil {
				return nil, err
			}
		}
		seen := map[string]bool{}
		for _, r := range rs {
			name := r.TranscriptName()
			if name != "" && !seen[name] {
				seen[name] = true
				br.Transcripts = append(br.Transcripts, name)
			}
		}
		sort.Strings(br.Transcripts)
		br.made, br.newest = madeOn(repo, rs[len(rs)-1]), responseKey(rs[0])
		if headErr == nil && !br.Current {
			if br.Merged, err = repo.IsAncestor(ctx, b.Tip, head); err != nil {
				return nil, err
			}
		}
		out = append(out, br)
	}
	return out, nil
}

// DefaultPrefix starts the name apply gives a review branch by default.
const DefaultPrefix = "aiedit/"

// IsReview reports whether a branch whose newest commits are aiedit
// commits is a review branch, from its name and its reflog (newest
// first). Its commits cannot tell: land --rebase, a fast-forward or git
// branch -f puts the very same commits on an integration branch. What
// made the branch can: apply names it aiedit/… unless told otherwise,
// and writes "aiedit: apply …" in its reflog; land writes "aiedit: land
// …" in its target's. The newer of the two decides, so a branch apply
// wrote to and that later received a land is a target, not a review.
// Reflogs are local (and expire, 90 days by default): a branch with
// another name that apply did not write in this repository is not one.
func IsReview(name string, reflog []string) bool {
	if strings.HasPrefix(name, DefaultPrefix) {
		return true
	}
	for _, m := range reflog {
		switch {
		case strings.HasPrefix(m, "aiedit: apply "):
			return true
		case strings.HasPrefix(m, "aiedit: land "):
			return false
		}
	}
	return false
}

// newestSeries is the newest run of aiedit commits on tip's
// first-parent history, passing over at most maxSkip other commits
// above it.
func newestSeries(ctx context.Context, repo *gitops.Repo, tip plumbing.Hash) ([]*history.Response, error) {
	var rs []*history.Response
	skipped := 0
	err := repo.FirstParents(ctx, tip, plumbing.ZeroHash, func(c *gitops.Commit) error {
		r, ok := history.FromCommit(c)
		switch {
		case ok:
			rs = append(rs, r)
			return nil
		case len(rs) > 0 && !history.IsReview(c):
			return gitops.ErrStopWalk
		case len(rs) > 0:
			return nil // a review of the responses below belongs to them
		}
		if skipped++; skipped > maxSkip {
			return gitops.ErrStopWalk
		}
		return nil
	})
	return rs, err
}

// write prints one line per branch in aligned columns: each cell is
