// Package refmove moves a local branch for land and undo: by
// compare-and-swap, or, when a worktree has it checked out, together with
// that worktree's index and files (gitops.MoveCheckedOut), so that either
// all of it moves or nothing does. Explain says what stopped a move in
// the words both commands use.
package refmove

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Branch is a local branch about to move.
type Branch struct {
	Name     string // short name
	Ref      string // refs/heads/…
	Worktree string // the worktree that has it checked out; "" for none
	Here     bool   // that worktree is the one the command runs in
	Clean    bool   // that worktree has no local changes to tracked files
	// Adopt, when set, is what Move does with the worktree's local
	// changes (gitops.Adoption): land's, after a live session.
	Adopt *gitops.Adoption
}

// Find says where the branch name is checked out, if anywhere, and
// whether that worktree is clean. A branch that a rebase or a bisect in
// progress will come back to is refused (RefuseBusy); cmd names the
// command for that message.
func Find(ctx context.Context, repo *gitops.Repo, cmd, name string) (*Branch, error) {
	b := &Branch{Name: name, Ref: "refs/heads/" + name, Clean: true}
	if err := RefuseBusy(repo, cmd, name); err != nil {
		return nil, err
	}
	wts, err := repo.Worktrees(ctx)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	for _, w := range wts {
		if w.Branch != b.Ref || w.Bare {
			continue
		}
		if b.Clean, err = repo.WorktreeClean(ctx, w.Path); err != nil {
			return nil, exitcode.WithCode(exitcode.Repo, err)
		}
		b.Worktree, b.Here = w.Path, same(w.Path, repo.WorkTree)
		break
	}
	return b, nil
}

// Where names the worktree for messages: its path, marked when it is
// the current one.
func (b *Branch) Where() string {
	if b.Here {
		return b.Worktree + " (this worktree)"
	}
	return b.Worktree
}

// Move points the branch at new if it still holds old; its worktree's
// files follow. The error is gitops's: Explain words it.
func (b *Branch) Move(ctx context.Context, repo *gitops.Repo, new, old plumbing.Hash, reason string) error {
	switch {
	case b.Worktree == "":
		return repo.UpdateRefReachable(ctx, b.Ref, new, old, reason)
	case b.Adopt != nil && b.Adopt.Old == old && b.Adopt.New == new:
		return repo.MoveCheckedOutAdopting(ctx, b.Worktree, b.Ref, b.Adopt, reason)
	}
	return repo.MoveCheckedOut(ctx, b.Worktree, b.Ref, new, old, reason)
}

// Explain turns a failed Move into the command's error: cmd names the
// command, moved is the message for a branch another writer moved.
// Nothing was changed in any of these cases, and each says so.
func (b *Branch) Explain(cmd string, err error, moved string) error {
	var blocked *gitops.CheckoutBlockedError
	var lock *gitops.RefLockError
	switch {
	case errors.As(err, &blocked) && blocked.Ignored:
		return exitcode.UsageErrorf("%s: %s is checked out in %s, where the ignored file %s would be overwritten; nothing was changed: "+
			"move or remove it (git stash -u does not take ignored files), then run the command again", cmd, b.Name, b.Where(), blocked.Path)
	case errors.As(err, &blocked) && blocked.Untracked:
		return exitcode.UsageErrorf("%s: %s is checked out in %s, where the untracked %s would be overwritten; nothing was changed: "+
			"move or remove it (or `git stash -u`), then run the command again", cmd, b.Name, b.Where(), blocked.Path)
	case errors.As(err, &blocked):
		return exitcode.UsageErrorf("%s: %s is checked out in %s, where the local change to %s would be overwritten; nothing was changed: "+
			"commit or stash it, then run the command again", cmd, b.Name, b.Where(), blocked.Path)
	case errors.As(err, &lock) && lock.Stale:
		return exitcode.RepoErrorf("%s: %s is locked: its lock file %s has been there since %s; nothing was changed. "+
			"If no git process is running, a killed one left it: remove it (rm %s) and run the command again",
			cmd, b.Name, lock.Lock, lock.Since.Format(time.RFC3339), lock.Lock)
	case errors.As(err, &lock):
		return exitcode.RepoErrorf("%s: another git process is updating %s right now (its lock file %s exists); nothing was changed: "+
			"run the command again once it has finished", cmd, b.Name, lock.Lock)
	case errors.Is(err, gitops.ErrRefMoved):
		return exitcode.RepoErrorf("%s", moved)
	}
	var ee *exitcode.Error
	if errors.As(err, &ee) {
		return err
	}
	return exitcode.WithCode(exitcode.Repo, fmt.Errorf("%s: %w", cmd, err))
}

// RefuseBusy refuses to move the branch name while a rebase is
// rewriting it or a bisect will go back to it, in any worktree: git
// branch -f refuses the same, and `git rebase --continue` would fail.
// The refusal is a usage error, as for a branch checked out with local
// changes: the user finishes the operation first.
func RefuseBusy(repo *gitops.Repo, cmd, name string) error {
	busy := repo.Busy("refs/heads/" + name)
	if busy == nil {
		return nil
	}
	if busy.Op == "bisect" {
		return exitcode.UsageErrorf("%s: a git bisect started on %s is in progress in %s; nothing was changed: end it there (%s), then run the command again",
			cmd, name, busy.Worktree, busy.Abandon())
	}
	return exitcode.UsageErrorf("%s: %s is being rebased in %s (a git rebase is in progress there); nothing was changed: "+
		"finish it there (%s, or %s to stop it), then run the command again", cmd, name, busy.Worktree, busy.Resume(), busy.Abandon())
}

func same(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ea, err1 := filepath.EvalSymlinks(a)
	eb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ea == eb
}
