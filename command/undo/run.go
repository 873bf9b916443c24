package undo

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/refmove"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Run removes the newest response commit (or every commit after --to)
// from the branch.
//
// A branch checked out in a worktree is moved there with its files and
// index following (refmove), and only when that worktree has no local
// changes; otherwise it is refused.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()

	name := strings.TrimPrefix(opts.Branch, "refs/heads/")
	if name == "" {
		if name, err = reviewbranch.Pick(ctx, repo, opts.IO.ErrOut, "undo"); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	if name == "" || name == "HEAD" {
		name = repo.ShortName(ctx, "HEAD")
		if name == "HEAD" || name == "" {
			return exitcode.UsageErrorf("undo: HEAD is not on a branch; name the branch: git aiedit undo aiedit/NAME")
		}
	}
	ref := "refs/heads/" + name
	tip, ok, err := repo.ReadRef(ctx, ref)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if !ok {
		if ref, _, found, _ := repo.BranchRef(ctx, name); found && strings.HasPrefix(ref, "refs/remotes/") {
			return exitcode.UsageErrorf("undo: %s is a remote-tracking branch, which only fetch moves; undo takes a local branch (run it where you pushed from, or on a local copy: git switch -c NAME %s)", name, name)
		}
		if opts.Branch == "" {
			return exitcode.UsageErrorf("undo: %s has no commits yet, so there is nothing to undo; name a review branch (git aiedit branches lists them)", name)
		}
		return exitcode.UsageErrorf("undo: no branch %s (git aiedit branches lists the review branches)", name)
	}

	removed, target, err := plan(ctx, repo, name, tip, opts.To)
	if err != nil {
		return err
	}
	if len(removed) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "nothing to undo: %s is already at %s\n", name, short(tip))
		return nil
	}
	b, err := refmove.Find(ctx, repo, "undo", name)
	if err != nil {
		return err
	}
	if !b.Clean {
		return exitcode.UsageErrorf("undo: branch %s is checked out in %s, which has local changes; "+
			"commit or stash them first (or there run `git reset --keep %s~1`, which keeps them when it can)", name, b.Where(), name)
	}
	reason := "aiedit: undo " + english.Count(len(removed), "response")
	if err := b.Move(ctx, repo, target, tip, reason); err != nil {
		return b.Explain("undo", err, fmt.Sprintf("undo: branch %s moved while undoing; nothing was changed; look at `git aiedit log %s` and run the command again", name, name))
	}
	cs := opts.IO.ErrColorScheme()
	fmt.Fprintf(opts.IO.ErrOut, "removed %s from %s:\n", english.Count(len(removed), "response commit"), name)
	for _, r := range removed {
		fmt.Fprintf(opts.IO.ErrOut, "  %s %d/%d %s\n", cs.Yellow(r.Short()), r.N, r.Total, r.Subject)
	}
	back := fmt.Sprintf("git branch -f %s %s", name, short(tip))
	if b.Worktree != "" {
		// git branch -f refuses a checked-out branch.
		back = fmt.Sprintf("git reset --keep %s (in %s)", short(tip), b.Worktree)
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s is now at %s\nto bring them back: %s\n", name, short(target), back)
	return nil
}

// plan walks from the tip and returns the commits to remove (newest
// first) and the commit the branch will point at.
func plan(ctx context.Context, repo *gitops.Repo, name string, tip plumbing.Hash, to string) ([]*history.Response, plumbing.Hash, error) {
	stop := plumbing.ZeroHash
	if to != "" {
		h, err := repo.ResolveCommit(ctx, to)
		if err != nil {
			return nil, stop, exitcode.WithCode(exitcode.Usage, err)
		}
		stop = h
		if stop == tip {
			return nil, tip, nil
		}
		if ok, err := repo.IsAncestor(ctx, stop, tip); err != nil || !ok {
			return nil, stop, exitcode.UsageErrorf("undo: %s is not in the history of %s; name one of its commits (git aiedit log %s)", to, name, name)
		}
	}
	var removed []*history.Response
	target := plumbing.ZeroHash
	err := repo.FirstParents(ctx, tip, stop, func(c *gitops.Commit) error {
		r, ok := history.FromCommit(c)
		if !ok {
			if to == "" {
				return exitcode.UsageErrorf("undo: the tip of %s (%s %q) is not an aiedit commit; undo removes only commits `git aiedit apply` made (use git revert or git reset for others)",
					name, short(c.Hash), r0(c))
			}
			return exitcode.UsageErrorf("undo: %s %q, between %s and the tip of %s, is not an aiedit commit; nothing was changed (remove fewer with a later --to, or use git rebase -i)",
				short(c.Hash), r0(c), to, name)
		}
		if len(c.ParentHashes) != 1 {
			return exitcode.UsageErrorf("undo: %s has %d parents; undo removes only ordinary response commits", short(c.Hash), len(c.ParentHashes))
		}
		removed = append(removed, r)
		target = c.ParentHashes[0]
		if to == "" {
			return gitops.ErrStopWalk
		}
		if len(removed) > history.MaxRange {
			return exitcode.UsageErrorf("undo: more than %d commits after %s", history.MaxRange, to)
		}
		return nil
	})
	if err != nil {
		var ee *exitcode.Error
		if errors.As(err, &ee) {
			return nil, target, err
		}
		return nil, target, exitcode.WithCode(exitcode.Repo, err)
	}
	if to != "" && target != stop {
		return nil, target, exitcode.UsageErrorf("undo: %s is not on the first-parent history of %s; name a commit of the branch (git aiedit log %s)", to, name, name)
	}
	return removed, target, nil
}

func r0(c *gitops.Commit) string {
	line, _, _ := strings.Cut(c.Message, "\n")
	return line
}

func short(h plumbing.Hash) string { return h.String()[:8] }
