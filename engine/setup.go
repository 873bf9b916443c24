package engine

import (
	"context"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// undo is what a run sets up and must release when it ends, last first,
// as deferred calls would.
type undo []func()

func (u *undo) add(f func()) { *u = append(*u, f) }

func (u undo) run() {
	for i := len(u) - 1; i >= 0; i-- {
		u[i]()
	}
}

// setUp checks the options, opens the transcripts, finds the repository
// and reads its settings: everything a run needs before it builds. The
// applier's work context does not end when the user interrupts (a.intr
// does); release undoes what was set up, also after an error.
func setUp(ctx context.Context, opts *Options) (a *applier, work context.Context, release func(), err error) {
	var u undo
	release = func() { u.run() }
	if err := opts.check(); err != nil {
		return nil, nil, release, err
	}
	if err := opts.resolveSession(ctx); err != nil {
		return nil, nil, release, err
	}
	cleanup, err := opts.resolveEntire(ctx)
	u.add(cleanup)
	if err != nil {
		return nil, nil, release, err
	}
	decider, err := opts.decider()
	if err != nil {
		return nil, nil, release, err
	}
	// ctx ends when the user interrupts (main's signal handling): the run
	// then stops at the next response, question or retry command and
	// records what was complete. Everything else runs to its end.
	intr := ctx
	ctx = context.WithoutCancel(ctx)
	inputs, err := openInputs(intr, opts.Transcripts, opts.streams().In)
	if err != nil {
		return nil, nil, release, err
	}
	if opts.Live != nil {
		inputs[0].live = opts.Live
	}
	u.add(func() {
		for _, in := range inputs {
			in.cleanup()
		}
	})
	tx := opts.startRefTransaction(inputs)
	if tx != nil {
		u.add(tx.Abort)
	}
	repo := opts.Repo
	scratch := false
	if repo == nil {
		if repo, err = gitops.Discover(ctx, opts.Dir); err != nil {
			return nil, nil, release, exitcode.WithCode(exitcode.Repo, err)
		}
		u.add(func() { repo.Close() })
		if opts.DryRun {
			repo.DiscardWrites()
			scratch = true
		}
	}
	if !opts.DryRun {
		repo.Prefetch(ctx)
	}
	a = &applier{opts: opts, repo: repo, scratch: scratch, inputs: inputs, out: newEmitter(opts.observer()), debug: newDebug(opts.streams(), opts.Verbose),
		intr: intr, review: decider}
	u.add(a.closeSpills)
	a.debug.Debug("repository", "git-dir", repo.GitDir, "common-dir", repo.CommonDir, "work-tree", repo.WorkTree, "bare", repo.Bare)
	a.tx = tx.For(repo)
	for _, read := range []func(context.Context) error{a.setupChecks, a.retrySettings, a.setupTextPolicy} {
		if err := read(ctx); err != nil {
			return nil, nil, release, err
		}
	}
	return a, ctx, release, nil
}

// decider is what answers -p's questions: the one the caller gave, or
// the terminal's; nil without -p.
func (o *Options) decider() (Decider, error) {
	if !o.Patch {
		return nil, nil
	}
	if o.Decider != nil {
		return o.Decider, nil
	}
	s := o.streams()
	rv, err := ask.New(s.In, s.ErrOut, s.ErrColorScheme(), o.Dir)
	if err != nil {
		return nil, exitcode.UsageErrorf("%v; run it in a terminal, or leave -p out", err)
	}
	return rv, nil
}

// startRefTransaction starts the process that moves the refs now, while
// git discovers the repository and the run works: its start is then off
// the time the run takes. It finds the repository as discovery does. A
// dry run moves nothing: nil.
func (o *Options) startRefTransaction(inputs []*input) *gitops.RefTransaction {
	if o.DryRun {
		return nil
	}
	dir := o.Dir
	if o.Repo != nil {
		dir = o.Repo.Dir
	}
	return gitops.StartRefTransaction(dir, (&applier{inputs: inputs}).reflogMessage())
}
