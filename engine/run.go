package engine

import (
	"context"
	"fmt"
	"io"
	"time"

	"errors"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Run performs one `git aiedit apply`. It returns the run's report
// (nil when it ended before anything was built) and nil when every block
// applied; exitcode.ErrPartial when the run finished but not everything
// applied or passed its checks (the report says what); otherwise an error
// that names its exit status (docs/json-report.md) through exitcode.
func Run(ctx context.Context, opts *Options) (*Report, error) {
	rep, err := run(ctx, opts)
	// Whatever went wrong past the usage checks is the repository's.
	return rep, exitcode.Default(exitcode.Repo, err)
}

func run(ctx context.Context, opts *Options) (*Report, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := opts.resolveSession(ctx); err != nil {
		return nil, err
	}
	cleanup, err := opts.resolveEntire(ctx)
	defer cleanup()
	if err != nil {
		return nil, err
	}
	s := opts.streams()
	var decider Decider // -p's; nil without it
	if opts.Patch {
		if decider = opts.Decider; decider == nil {
			rv, err := ask.New(s.In, s.ErrOut, s.ErrColorScheme(), opts.Dir)
			if err != nil {
				return nil, exitcode.UsageErrorf("%v; run it in a terminal, or leave -p out", err)
			}
			decider = rv
		}
	}
	// ctx ends when the user interrupts (main's signal handling): the run
	// then stops at the next response, question or retry command and
	// records what was complete. Everything else runs to its end.
	intr := ctx
	ctx = context.WithoutCancel(ctx)
	inputs, err := openInputs(intr, opts.Transcripts, s.In)
	if err != nil {
		return nil, err
	}
	if opts.Live != nil {
		inputs[0].live = opts.Live
	}
	defer func() {
		for _, in := range inputs {
			in.cleanup()
		}
	}()
	var tx *gitops.RefTransaction
	if !opts.DryRun {
		// The process that moves the refs starts now, while git discovers
		// the repository and the run works: its start is then off the
		// time the run takes. It finds the repository as discovery does.
		dir := opts.Dir
		if opts.Repo != nil {
			dir = opts.Repo.Dir
		}
		tx = gitops.StartRefTransaction(dir, (&applier{inputs: inputs}).reflogMessage())
		defer tx.Abort()
	}
	repo := opts.Repo
	if repo == nil {
		if repo, err = gitops.Discover(ctx, opts.Dir); err != nil {
			return nil, exitcode.WithCode(exitcode.Repo, err)
		}
		defer repo.Close()
	}

	if !opts.DryRun {
		repo.Prefetch(ctx)
	}
	obs := opts.observer()
	a := &applier{opts: opts, repo: repo, inputs: inputs, out: newEmitter(obs), debug: newDebug(s, opts.Verbose),
		intr: intr, review: decider}
	defer a.closeSpills()
	a.debug.Debug("repository", "git-dir", repo.GitDir, "common-dir", repo.CommonDir, "work-tree", repo.WorkTree, "bare", repo.Bare)
	a.tx = tx.For(repo)
	if err := a.setupChecks(ctx); err != nil {
		return nil, err
	}
	if err := a.retrySettings(ctx); err != nil {
		return nil, err
	}
	if err := a.setupWhy(ctx); err != nil {
		return nil, err
	}
	st, err := a.run(ctx)
	var rep *Report
	if st != nil {
		rep = st.report()
	}
	if err != nil {
		if rep != nil {
			// The run was built but could not land: say what it found.
			_ = obs.Report(rep)
		}
		return rep, err
	}
	if err := obs.Report(rep); err != nil {
		return rep, exitcode.UsageErrorf("cannot write the report: %v", err)
	}
	if opts.SummaryMD != "" {
		if err := a.writeSummary(ctx, st); err != nil {
			return rep, err
		}
	}
	if a.stopReason == stopInterrupted {
		return rep, exitcode.Interruptedf("interrupted: what was complete is recorded on %s; run the same command again to go on", a.branchName)
	}
	if st.problems() {
		return rep, exitcode.ErrPartial
	}
	return rep, nil
}

// applier holds one run's state.
type applier struct {
	opts   *Options
	repo   *gitops.Repo
	tx     *gitops.RefTransaction // started ahead of the branch's move
	inputs []*input
	out    *emitter // what the run does, told to its Observer
	debug  debugLog
	spills []*blockLog // responses' block results on disk, until the run ends
	checks *checkSetup // set by setupChecks before anything is applied
	why    *why        // set by setupWhy before anything is applied

	branch     string // full ref name
	exists     bool   // the branch existed when the run read it
	branchName string // short name
	baseName   string // what the user calls the base, for review commands

	byNameOnce sync.Once           // byName is built on first use
	byName     map[string][]string // base name -> paths in the start tree
	forcedOnce sync.Once           // forced is built on first use
	forced     map[string]bool     // --context, cleaned

	assistedOnce sync.Once // aiedit.assistedBy, read on first use
	assistedOn   bool
	assistedErr  error

	// intr ends when the user interrupts the run; stopReason says why the
	// run stopped early (stopInterrupted, stopQuit), "" while it goes on.
	intr       context.Context
	stopReason string

	review   Decider // -p; nil otherwise
	quitting bool    // the user answered q

	retries      int                                // rounds at most (--retries, aiedit.retries, 2)
	retryTimeout time.Duration                      // per call of the retry command
	recRounds    map[string]map[int][]recordedRound // retry rounds on the branch, by transcript hash and response
	liveSeries   map[string]trailer.Session         // sessions the hook recorded on the branch, by file name (series.go)
	digests      recordedDigests                    // response commits on the branch by content (digest.go)
	replayBase   map[string]plumbing.Hash           // by file name: the parent of its oldest response commit on the branch (verify.go)
}

// errStopped ends the reading of transcripts when the run stops early.
var errStopped = errors.New("apply: stopped")

// halt stops the run early for reason.
func (a *applier) halt(reason string) {
	if a.stopReason == "" {
		a.stopReason = reason
	}
}

// halted reports whether the run must stop: interrupted, or the user quit.
func (a *applier) halted() bool {
	if a.intr.Err() != nil {
		a.halt(stopInterrupted)
	}
	if a.quitting {
		a.halt(stopQuit)
	}
	return a.stopReason != ""
}

// topLevel is where the retry command runs: the working tree's top, or
// the git directory of a bare repository.
func (a *applier) topLevel() string {
	if a.repo.WorkTree != "" {
		return a.repo.WorkTree
	}
	return a.repo.GitDir
}

// verboseErr passes the retry command's standard error through under -v.
func (a *applier) verboseErr() io.Writer {
	if a.opts.Verbose {
		return a.opts.streams().ErrOut
	}
	return nil
}

func (a *applier) run(ctx context.Context) (*runState, error) {
	name := a.opts.Branch
	if name == "" {
		name = "aiedit/" + stem(a.opts.Transcripts[0])
	}
	a.branchName, a.branch = name, "refs/heads/"+name
	rev := a.opts.Base
	if rev == "" {
		rev = "HEAD"
	}
	// These lookups are independent git calls: run them at the same time.
	var (
		wg              sync.WaitGroup
		nameErr, refErr error
		tip             plumbing.Hash
		exists          bool
	)
	if l := a.opts.Live; l != nil && l.Read {
		tip, exists = l.Tip, l.Exists
	} else {
		wg.Go(func() { tip, exists, refErr = a.repo.ReadRef(ctx, a.branch) })
	}
	var base plumbing.Hash
	var baseErr error
	if l := a.opts.Live; l != nil {
		// hook run names its branch and gives its base as a commit id;
		// nobody reads review hints. Every git process counts there.
		if a.opts.Base != "" {
			base, baseErr = l.base(ctx, a.repo, rev)
		}
	} else {
		wg.Go(func() { nameErr = a.repo.CheckBranchName(ctx, name) })
		wg.Go(func() { a.baseName = a.repo.ShortName(ctx, rev) })
		base, baseErr = a.repo.ResolveCommit(ctx, rev)
	}
	wg.Wait()
	if a.opts.Live != nil && !exists && base.IsZero() && baseErr == nil {
		base, baseErr = a.repo.ResolveCommit(ctx, rev)
	}
	switch {
	case nameErr != nil:
		return nil, exitcode.WithCode(exitcode.Usage, nameErr)
	case refErr != nil:
		return nil, exitcode.WithCode(exitcode.Repo, refErr)
	case baseErr != nil && (!exists || a.opts.Base != ""):
		if rev == "HEAD" {
			return nil, exitcode.RepoErrorf("HEAD does not name a commit (is the repository empty?); make a first commit or pass --base")
		}
		if errors.Is(baseErr, gitops.ErrNotCommit) {
			return nil, exitcode.UsageErrorf("--base %s names no commit here; give a branch, tag or commit (git log --oneline shows some)", rev)
		}
		return nil, exitcode.WithCode(exitcode.Usage, baseErr)
	case exists && a.opts.Base != "" && base != tip:
		return nil, exitcode.UsageErrorf("branch %s already exists at %s, and --base %s is %s; drop --base to add to the branch, or choose a new branch with -b",
			name, short(tip), a.opts.Base, short(base))
	}
	start := base
	if exists {
		start = tip
	}
	a.exists = exists
	a.debug.Debug("branch", "ref", a.branch, "exists", exists, "start", short(start), "base", a.baseName)

	// Refusals come before any work is printed as applied. A branch that
	// a worktree has checked out may only be re-run with nothing new: a
	// silent dry run says first whether there is anything new.
	if exists && a.opts.Live == nil && !a.opts.DryRun {
		if err := a.refuseCheckedOut(ctx); err != nil {
			if exitcode.Of(err, 0) != exitcode.Usage {
				return nil, err
			}
			probe, perr := a.build(ctx, start, buildMode{rebuild: true, probe: true})
			if perr != nil {
				return nil, perr
			}
			if probe.hasNew() || a.opts.Reconcile {
				// A dry run does not know whether --reconcile would
				// add its commit (verify.go): refused as if it would.
				return nil, err
			}
		}
	}
	retry := gitops.NewBackoff()
	var unqueue func() // set once the run lost a race and queued
	for attempt := 1; ; attempt++ {
		a.repo.ForgetWritten() // only the objects of the build that lands are verified
		st, err := a.build(ctx, start, buildMode{rebuild: attempt > 1})
		if err != nil && exists && errors.Is(err, plumbing.ErrObjectNotFound) && retry.Wait(ctx) {
			// The tip names objects a racing prune deleted before their
			// run made them reachable; that run is writing them again.
			if tip, exists, err = a.repo.ReadRef(ctx, a.branch); err != nil {
				return nil, exitcode.WithCode(exitcode.Repo, err)
			}
			if !exists {
				return nil, exitcode.RepoErrorf("branch %s was deleted while applying; run the command again", name)
			}
			start = tip
			continue
		}
		if err != nil {
			return nil, a.unrecorded(err)
		}
		head := st.head
		if l := a.opts.Live; l != nil && exists {
			l.Head = head // what the branch holds if the move below succeeds
		}
		if a.opts.DryRun || head == start {
			a.out.finish(st, a, false)
			return st, nil
		}
		old := plumbing.ZeroHash
		if exists {
			old = tip
			if a.opts.Live != nil || attempt > 1 {
				if err := a.refuseCheckedOut(ctx); err != nil {
					return nil, err
				}
			}
		}
		prot, err := a.moveBranch(ctx, st, head, old)
		a.debug.Debug("update-ref", "ref", a.branch, "old", short(old), "new", short(head), "attempt", attempt, "err", err)
		if errors.Is(err, gitops.ErrObjectPruned) && gitops.MovedRef(err) == "" && retry.Wait(ctx) {
			a.debug.Debug("objects pruned before they could be packed; building again", "err", err)
			continue
		}
		if err != nil && gitops.MovedRef(err) != a.branch {
			// Before any move, or the notes ref (AddNotesWith retried it).
			return st.unlanded(), a.unrecorded(exitcode.WithCode(exitcode.Repo, err))
		}
		if err == nil {
			if prot.Held() {
				// Packed and kept through the move: nothing to check.
				a.repo.ForgetWritten()
			}
			err := a.ensureObjects(ctx, start, head)
			prot.Release()
			if err != nil {
				return nil, err
			}
			if l := a.opts.Live; l != nil {
				l.Head = head
			}
			if a.opts.Worktree != "" {
				if err := a.repo.AddWorktree(ctx, a.opts.Worktree, a.branchName); err != nil {
					return nil, exitcode.WithCode(exitcode.Repo, err)
				}
			}
			a.out.finish(st, a, true)
			return st, nil
		}
		if errors.Is(err, gitops.ErrRefLocked) {
			// A lock left by a killed process: rebuilding cannot help.
			return st.unlanded(), a.unrecorded(exitcode.WithCode(exitcode.Repo, err))
		}
		// A prune that deleted the new commit before the move is handled
		// as a move by another writer: the build writes it again.
		if !errors.Is(err, gitops.ErrRefMoved) && !errors.Is(err, gitops.ErrObjectPruned) {
			return st.unlanded(), exitcode.WithCode(exitcode.Repo, err)
		}
		var lockErr *gitops.RefLockError
		locked := errors.As(err, &lockErr) // held by a live process: it may not have moved
		if a.review != nil || st.retried() {
			// Building again would ask the user or the model again.
			return nil, exitcode.RepoErrorf("branch %s moved while applying, and this run's decisions and retry answers are not asked twice; "+
				"they are kept in commit %s, off the branch: `git branch NAME %s` keeps them, or run the command again", name, short(st.head), st.head)
		}
		// Another writer moved the branch: build again on its new tip,
		// taking turns with the other runs that lost (no stampede of
		// rebuilds). Holding the turn, only writers other than this tool
		// can move it again: back off from those, within the bound.
		if unqueue == nil {
			if unqueue, err = a.repo.QueueBranch(ctx, a.branch, retry); err != nil {
				return st.unlanded(), exitcode.WithCode(exitcode.Repo, err)
			}
			defer unqueue()
			retry = gitops.NewBackoff()
		} else if !retry.Wait(ctx) {
			return st.unlanded(), exitcode.RepoErrorf("branch %s kept moving: %d attempts in %s did not land; nothing was changed; run the command again",
				name, attempt, retry.Bound)
		}
		tip, exists, err = a.repo.ReadRef(ctx, a.branch)
		if err != nil {
			return nil, exitcode.WithCode(exitcode.Repo, err)
		}
		if !exists && !a.exists {
			// Another run is creating the branch: it holds the ref's lock
			// and has not written the ref yet. Create it again after it.
			continue
		}
		if !exists {
			return nil, exitcode.RepoErrorf("branch %s was deleted while applying; run the command again", name)
		}
		if attempt == 1 {
			// A live lock on a branch that did not move is another git
			// process at work, not a move to build on.
			a.out.retrying(name, locked && tip == start)
		}
		start, a.exists = tip, true
	}
}

// unrecorded adds to a repository problem that ended a build (before
// the branch could move) that nothing was recorded: the blocks printed as
// applied were the run's progress, not commits. What the user can do
// about it comes last.
func (a *applier) unrecorded(err error) error {
	if exitcode.Of(err, exitcode.Repo) != exitcode.Repo {
		return err
	}
	none := "nothing was recorded: branch " + a.branchName + " is unchanged"
	if !a.exists {
		none = "nothing was recorded: branch " + a.branchName + " was not made"
	}
	// A repository error's hint (remove the lock file, …) stays last.
	if re := (*gitops.RepoError)(nil); errors.As(err, &re) && re.Hint != "" && err.Error() == re.Error() {
		c := *re
		c.Hint = none + "; " + c.Hint
		return exitcode.WithCode(exitcode.Repo, &c)
	}
	todo := ""
	if h := (*adviceError)(nil); errors.As(err, &h) {
		todo = "; " + h.advice
	}
	return exitcode.WithCode(exitcode.Repo, fmt.Errorf("%w; %s%s", err, none, todo))
}

// adviceError is an error that knows what the user can do about it.
type adviceError struct {
	err    error
	advice string
}

func (e *adviceError) Error() string { return e.err.Error() }
func (e *adviceError) Unwrap() error { return e.err }

// commitError is a commit that could not be written. With
// commit.gpgsign, git wrote it and signing is what failed.
func (a *applier) commitError(ctx context.Context, err error) error {
	if sign, cerr := a.repo.ConfigBool(ctx, "commit.gpgsign", false); cerr == nil && sign {
		err = &adviceError{err: err, advice: "commit.gpgsign is set: fix the signing setup (user.signingkey, gpg.program), " +
			"or record this run unsigned with git -c commit.gpgsign=false aiedit apply …"}
	}
	return exitcode.WithCode(exitcode.Repo, err)
}

// refuseCheckedOut refuses to move a branch that a worktree has checked
// out: that would change the checkout's HEAD under it and leave its index
// showing the new commits reversed.
func (a *applier) refuseCheckedOut(ctx context.Context) error {
	if err := a.refuseBusy(); err != nil {
		return err
	}
	wts, err := a.repo.Worktrees(ctx)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	for _, w := range wts {
		if w.Branch != a.branch || w.Bare {
			continue
		}
		if w.Prunable {
			return exitcode.UsageErrorf("branch %s is checked out in %s, a worktree whose directory is gone; nothing was recorded: "+
				"run `git worktree prune` to forget it, then run the command again", a.branchName, w.Path)
		}
		return exitcode.UsageErrorf("branch %s is checked out in %s, and apply never changes a checkout; "+
			"nothing was recorded: apply to another branch with -b NAME, or switch that worktree to another branch first",
			a.branchName, w.Path)
	}
	return nil
}

func short(h plumbing.Hash) string { return h.String()[:12] }
