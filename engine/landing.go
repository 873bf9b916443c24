package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// landing builds the run on the branch and moves the branch to what it
// built. When another writer moved the branch first, it builds again on
// the new tip, until the run lands or its bound of attempts is spent.
type landing struct {
	a          *applier
	start, tip plumbing.Hash // what this attempt builds on; the branch's tip as last read
	exists     bool          // the branch existed as last read
	retry      *gitops.Backoff
	unqueue    func() // set once the run lost a race and queued
	attempt    int
}

// land runs the attempts and returns what landed.
func (a *applier) land(ctx context.Context, start, tip plumbing.Hash, exists bool) (*runState, error) {
	l := &landing{a: a, start: start, tip: tip, exists: exists, retry: gitops.NewBackoff()}
	defer func() {
		if l.unqueue != nil {
			l.unqueue()
		}
	}()
	for l.attempt = 1; ; l.attempt++ {
		st, again, err := l.try(ctx)
		if !again {
			return st, err
		}
	}
}

// try builds and moves the branch once; again says to build once more.
func (l *landing) try(ctx context.Context) (st *runState, again bool, err error) {
	a := l.a
	a.repo.ForgetWritten() // only the objects of the build that lands are verified
	st, err = a.build(ctx, l.start, buildMode{rebuild: l.attempt > 1})
	if err != nil && l.exists && errors.Is(err, plumbing.ErrObjectNotFound) && l.retry.Wait(ctx) {
		// The tip names objects a racing prune deleted before their run
		// made them reachable; that run is writing them again.
		return nil, true, l.startAtTip(ctx)
	}
	if err != nil {
		return nil, false, a.unrecorded(err)
	}
	head := st.head
	if a.opts.DryRun || head == l.start {
		if l.exists {
			st.tip = l.tip
		}
		a.out.finish(st, a, false)
		return st, false, nil
	}
	old := plumbing.ZeroHash
	if l.exists {
		old = l.tip
		if a.opts.Live != nil || l.attempt > 1 {
			if err := a.refuseCheckedOut(ctx); err != nil {
				return nil, false, err
			}
		}
	}
	prot, err := a.moveBranch(ctx, st, head, old)
	a.debug.Debug("update-ref", "ref", a.branch, "old", short(old), "new", short(head), "attempt", l.attempt, "err", err)
	switch {
	case errors.Is(err, gitops.ErrObjectPruned) && gitops.MovedRef(err) == "" && l.retry.Wait(ctx):
		a.debug.Debug("objects pruned before they could be packed; building again", "err", err)
		return nil, true, nil
	case err != nil && gitops.MovedRef(err) != a.branch:
		// Before any move, or the notes ref (AddNotesWith retried it).
		return st.unlanded(), false, a.unrecorded(exitcode.WithCode(exitcode.Repo, err))
	case err == nil:
		return l.landed(ctx, st, prot)
	}
	return l.lost(ctx, st, err)
}

// startAtTip reads the branch again after a build found objects missing, and
// builds the next attempt on its tip.
func (l *landing) startAtTip(ctx context.Context) error {
	var err error
	if l.tip, l.exists, err = l.a.repo.ReadRef(ctx, l.a.branch); err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if !l.exists {
		return exitcode.RepoErrorf("branch %s was deleted while applying; run the command again", l.a.branchName)
	}
	l.start = l.tip
	return nil
}

// landed finishes a run whose branch moved: its objects are checked (or
// were kept through the move), a worktree is added when asked.
func (l *landing) landed(ctx context.Context, st *runState, prot *gitops.Protection) (*runState, bool, error) {
	a := l.a
	if prot.Held() {
		// Packed and kept through the move: nothing to check.
		a.repo.ForgetWritten()
	}
	err := a.ensureObjects(ctx, l.start, st.head)
	prot.Release()
	if err != nil {
		return nil, false, err
	}
	st.tip = st.head
	if a.opts.Worktree != "" {
		if err := a.repo.AddWorktree(ctx, a.opts.Worktree, a.branchName); err != nil {
			return nil, false, exitcode.WithCode(exitcode.Repo, err)
		}
	}
	a.out.finish(st, a, true)
	return st, false, nil
}

// lost handles a move that failed because the branch moved (or its new
// objects were pruned) under the run: it waits its turn and says to
// build again on the branch's new tip, or says why it cannot.
func (l *landing) lost(ctx context.Context, st *runState, err error) (*runState, bool, error) {
	a := l.a
	if errors.Is(err, gitops.ErrRefLocked) {
		// A lock left by a killed process: rebuilding cannot help.
		return st.unlanded(), false, a.unrecorded(exitcode.WithCode(exitcode.Repo, err))
	}
	// A prune that deleted the new commit before the move is handled as
	// a move by another writer: the build writes it again.
	if !errors.Is(err, gitops.ErrRefMoved) && !errors.Is(err, gitops.ErrObjectPruned) {
		return st.unlanded(), false, exitcode.WithCode(exitcode.Repo, err)
	}
	var lockErr *gitops.RefLockError
	locked := errors.As(err, &lockErr) // held by a live process: it may not have moved
	if a.review != nil || st.retried() {
		// Building again would ask the user or the model again.
		return nil, false, exitcode.RepoErrorf("branch %s moved while applying, and this run's decisions and retry answers are not asked twice; "+
			"they are kept in commit %s, off the branch: `git branch NAME %s` keeps them, or run the command again", a.branchName, short(st.head), st.head)
	}
	if err := l.takeTurn(ctx); err != nil {
		return st.unlanded(), false, err
	}
	if l.tip, l.exists, err = a.repo.ReadRef(ctx, a.branch); err != nil {
		return nil, false, exitcode.WithCode(exitcode.Repo, err)
	}
	if !l.exists && !a.exists {
		// Another run is creating the branch: it holds the ref's lock and
		// has not written the ref yet. Create it again after it.
		return nil, true, nil
	}
	if !l.exists {
		return nil, false, exitcode.RepoErrorf("branch %s was deleted while applying; run the command again", a.branchName)
	}
	if l.attempt == 1 {
		// A live lock on a branch that did not move is another git
		// process at work, not a move to build on.
		a.out.retrying(a.branchName, locked && l.tip == l.start)
	}
	l.start, a.exists = l.tip, true
	return nil, true, nil
}

// takeTurn waits before building again, taking turns with the other runs
// that lost (no stampede of rebuilds). Holding the turn, only writers
// other than this tool can move the branch again: it backs off from
// those, within the bound.
func (l *landing) takeTurn(ctx context.Context) error {
	a := l.a
	if l.unqueue == nil {
		unqueue, err := a.repo.QueueBranch(ctx, a.branch, l.retry)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		l.unqueue, l.retry = unqueue, gitops.NewBackoff()
		return nil
	}
	if !l.retry.Wait(ctx) {
		return exitcode.RepoErrorf("branch %s kept moving: %d attempts in %s did not land; nothing was changed; run the command again",
			a.branchName, l.attempt, l.retry.Bound)
	}
	return nil
}

// reflogMessage is what the branch's reflog says of a run.
func (a *applier) reflogMessage() string { return fmt.Sprintf("aiedit: apply %s", a.inputs[0].label) }

// moveBranch moves the branch from old to head, and the attribution notes
// of the commits the build made with it, in one transaction: one git
// process, and a commit on the branch always has its note. What the run
// wrote is packed and kept until the refs name it, so that a concurrent
// `git gc --prune=now` cannot delete it meanwhile; the caller releases
// the protection once it has checked the move. An error that names no
// ref (gitops.MovedRef) came before any ref was asked to move.
func (a *applier) moveBranch(ctx context.Context, st *runState, head, old plumbing.Hash) (*gitops.Protection, error) {
	var prot *gitops.Protection
	msg := fmt.Sprintf("aiedit: attribution of %s on %s", english.Count(len(st.notes), "commit"), a.branchName)
	err := a.repo.AddNoteStreamsWith(ctx, attrnote.Ref, st.notes, msg, func(ctx context.Context, notes gitops.RefUpdate) error {
		p, err := a.repo.ProtectWritten()
		if err != nil {
			return err
		}
		updates := []gitops.RefUpdate{{Ref: a.branch, New: head, Old: old}}
		if notes.Ref != "" {
			updates = append(updates, notes)
		}
		if a.tx != nil {
			err = a.tx.Commit(ctx, updates...) // the process started with the run
		} else {
			err = a.repo.UpdateRefs(ctx, a.reflogMessage(), updates...)
		}
		if err != nil {
			p.Release()
			return err
		}
		prot = p
		return nil
	})
	return prot, err
}
