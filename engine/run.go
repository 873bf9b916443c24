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
	a, ctx, release, err := setUp(ctx, opts)
	defer release()
	if err != nil {
		return nil, err
	}
	st, err := a.run(ctx)
	return a.conclude(ctx, st, err)
}

// conclude tells the run's report and says how the run ended.
func (a *applier) conclude(ctx context.Context, st *runState, err error) (*Report, error) {
	obs := a.out.obs
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
	if a.opts.SummaryMD != "" {
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
	opts *Options
	repo *gitops.Repo
	// scratch: the run's repository discards what it writes at its close
	// (a dry run that opened it): a dry run's tree may then be written
	// out as it grows (trim).
	scratch bool
	tx      *gitops.RefTransaction // started ahead of the branch's move
	inputs  []*input
	out     *emitter // what the run does, told to its Observer
	debug   debugLog
	spills  []*blockLog // responses' block results on disk, until the run ends
	checks  *checkSetup // set by setupChecks before anything is applied
	text    *textPolicy // set by setupTextPolicy before anything is applied

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

// run finds where the branch starts, refuses what could not land, then
// builds and moves the branch.
func (a *applier) run(ctx context.Context) (*runState, error) {
	start, tip, exists, err := a.findStart(ctx)
	if err != nil {
		return nil, err
	}
	if err := a.refuseBeforeWork(ctx, start, exists); err != nil {
		return nil, err
	}
	return a.land(ctx, start, tip, exists)
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
