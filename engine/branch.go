package engine

import (
	"context"
	"errors"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// branchLookup is what a run learns of its branch and its base before it
// builds anything.
type branchLookup struct {
	rev                      string // the base as given; HEAD by default
	tip, base                plumbing.Hash
	exists                   bool
	nameErr, refErr, baseErr error
}

// findStart names the run's branch and finds the commit it builds on:
// the branch's tip when it exists, the base otherwise.
func (a *applier) findStart(ctx context.Context) (start, tip plumbing.Hash, exists bool, err error) {
	name := a.opts.Branch
	if name == "" {
		name = "aiedit/" + stem(a.opts.Transcripts[0])
	}
	a.branchName, a.branch = name, "refs/heads/"+name
	l := a.lookUp(ctx)
	if err := a.refusal(l); err != nil {
		return start, tip, exists, err
	}
	start = l.base
	if l.exists {
		start = l.tip
	}
	a.exists = l.exists
	a.debug.Debug("branch", "ref", a.branch, "exists", l.exists, "start", short(start), "base", a.baseName)
	return start, l.tip, l.exists, nil
}

// lookUp reads the branch, checks its name and resolves the base. These
// are independent git calls: they run at the same time.
func (a *applier) lookUp(ctx context.Context) branchLookup {
	l := branchLookup{rev: a.opts.Base}
	if l.rev == "" {
		l.rev = "HEAD"
	}
	var wg sync.WaitGroup
	live := a.opts.Live
	if live != nil && live.Read {
		l.tip, l.exists = live.Tip, live.Exists
	} else {
		wg.Go(func() { l.tip, l.exists, l.refErr = a.repo.ReadRef(ctx, a.branch) })
	}
	if live != nil {
		// hook run names its branch and gives its base as a commit id;
		// nobody reads review hints. Every git process counts there.
		if a.opts.Base != "" {
			l.base, l.baseErr = live.base(ctx, a.repo, l.rev)
		}
	} else {
		wg.Go(func() { l.nameErr = a.repo.CheckBranchName(ctx, a.branchName) })
		wg.Go(func() { a.baseName = a.repo.ShortName(ctx, l.rev) })
		l.base, l.baseErr = a.repo.ResolveCommit(ctx, l.rev)
	}
	wg.Wait()
	if live != nil && !l.exists && l.base.IsZero() && l.baseErr == nil {
		l.base, l.baseErr = a.repo.ResolveCommit(ctx, l.rev)
	}
	return l
}

// refusal says why the run cannot start from what lookUp found; nil
// when it can.
func (a *applier) refusal(l branchLookup) error {
	switch {
	case l.nameErr != nil:
		return exitcode.WithCode(exitcode.Usage, l.nameErr)
	case l.refErr != nil:
		return exitcode.WithCode(exitcode.Repo, l.refErr)
	case l.baseErr != nil && (!l.exists || a.opts.Base != ""):
		if l.rev == "HEAD" {
			return exitcode.RepoErrorf("HEAD does not name a commit (is the repository empty?); make a first commit or pass --base")
		}
		if errors.Is(l.baseErr, gitops.ErrNotCommit) {
			return exitcode.UsageErrorf("--base %s names no commit here; give a branch, tag or commit (git log --oneline shows some)", l.rev)
		}
		return exitcode.WithCode(exitcode.Usage, l.baseErr)
	case l.exists && a.opts.Base != "" && l.base != l.tip:
		return exitcode.UsageErrorf("branch %s already exists at %s, and --base %s is %s; drop --base to add to the branch, or choose a new branch with -b",
			a.branchName, short(l.tip), a.opts.Base, short(l.base))
	}
	return nil
}

// refuseBeforeWork refuses, before any work is printed as applied, a run
// that could not land. A branch that a worktree has checked out may only
// be re-run with nothing new: a silent dry run says first whether there
// is anything new.
func (a *applier) refuseBeforeWork(ctx context.Context, start plumbing.Hash, exists bool) error {
	if !exists || a.opts.Live != nil || a.opts.DryRun {
		return nil
	}
	err := a.refuseCheckedOut(ctx)
	if err == nil || exitcode.Of(err, 0) != exitcode.Usage {
		return err
	}
	probe, perr := a.build(ctx, start, buildMode{rebuild: true, probe: true})
	if perr != nil {
		return perr
	}
	if probe.hasNew() || a.opts.Reconcile {
		// A dry run does not know whether --reconcile would add its
		// commit (verify.go): refused as if it would.
		return err
	}
	return nil
}
