package land

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/refmove"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// After a live session the agent's turns are both on the review branch
// and in the checkout, as local changes: landing must take them as the
// branch's own, not refuse them as the user's (gitops.Adoption). The
// user's other local changes, to paths landing does not change, stay as
// they are; a path landing changes that the checkout holds otherwise
// stops the land before anything moves.

// adopt settles what the move of dest from target to newTip does with
// its worktree's local changes, refusing when it would lose one.
func (l *lander) adopt(ctx context.Context, dest *refmove.Branch, target, newTip plumbing.Hash) error {
	if dest.Worktree == "" {
		return nil
	}
	// Even a clean worktree (as git status --untracked-files=no sees
	// it) may hold the untracked files the agent created.
	a, err := l.repo.Adoptable(ctx, dest.Worktree, target, newTip)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if !a.Clean() {
		paths := a.Differ
		if len(paths) > maxListed {
			paths = append(paths[:maxListed:maxListed], fmt.Sprintf("and %d more", len(a.Differ)-maxListed))
		}
		withBase, err := l.inSnapshot(ctx, a.Differ)
		if err != nil {
			return err
		}
		return exitcode.UsageErrorf("land: %s is checked out in %s, where %s %s a local change that is not what landing %s brings (an edit of yours after or beside the agent's, or a turn of a session still running that the hook has not recorded yet); "+
			"nothing was changed: see it with `git diff %s -- %s`, then commit your change or undo it, and run the command again%s",
			l.onto, dest.Where(), strings.Join(paths, ", "), holds(len(a.Differ)), l.branch, l.branch, a.Differ[0], withBase)
	}
	dest.Adopt = a
	return nil
}

// inSnapshot is the hint to land with the session-start snapshot when
// one of paths was in it: the file held your uncommitted work when the
// session began, which land leaves out, so the agent's turn lands
// without it and the checkout, which has both, differs.
func (l *lander) inSnapshot(ctx context.Context, paths []string) (string, error) {
	for _, s := range l.dropped {
		changes, err := l.repo.DiffTree(ctx, s.ParentHashes[0], s.Hash)
		if err != nil {
			return "", exitcode.WithCode(exitcode.Repo, err)
		}
		for _, ch := range changes {
			if slices.Contains(paths, ch.Path) {
				return fmt.Sprintf("; %s held your uncommitted work when the session began, which land leaves out: to land that work with the agent's, git aiedit land --with-base --onto %s %s",
					ch.Path, l.onto, l.branch), nil
			}
		}
	}
	return "", nil
}

func holds(n int) string {
	if n == 1 {
		return "holds"
	}
	return "hold"
}

// chooseBranch settles, for land run on current with no branch named,
// which branch lands (reviewbranch.Default): current itself when it is
// a review branch (its target is then what is missing), else the newest
// review branch made on current, said so. A review branch made
// elsewhere is not landed unasked: it would bring its own branch's
// commits along.
func (l *lander) chooseBranch(ctx context.Context, current string) error {
	ch, err := reviewbranch.Default(ctx, l.repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	switch {
	case ch.Current:
		return nil
	case ch.FromHere:
		ch.Say(l.opts.IO.ErrOut, "land")
		l.branch = ch.Name
		return nil
	case l.holdsResponses(ctx):
		// A review branch by its commits, though not by its name or
		// reflog (fetched, renamed): its target is what is missing.
		return nil
	}
	return exitcode.UsageErrorf("name the review branch to land on %s: no review branch was made on it; git aiedit land aiedit/NAME (git aiedit branches lists them)", current)
}
