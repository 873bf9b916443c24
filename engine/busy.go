package engine

import (
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// refuseBusy refuses to move a branch that a rebase in progress is
// rewriting, or a bisect will go back to, in any worktree: the branch is
// not checked out then (HEAD is detached), but `git rebase --continue`
// would fail on a branch moved under it; git branch -f refuses it too.
func (a *applier) refuseBusy() error {
	busy := a.repo.Busy(a.branch)
	if busy == nil {
		return nil
	}
	if busy.Op == "bisect" {
		return exitcode.UsageErrorf("a git bisect started on branch %s is in progress in %s; nothing was recorded: "+
			"end it there (%s), or apply to another branch with -b NAME", a.branchName, busy.Worktree, busy.Abandon())
	}
	return exitcode.UsageErrorf("branch %s is being rebased in %s (a git rebase is in progress there); nothing was recorded: "+
		"finish it there (%s, or %s to stop it), or apply to another branch with -b NAME", a.branchName, busy.Worktree, busy.Resume(), busy.Abandon())
}
