package apply

import (
	"context"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// pending is a response whose tree is written and whose commit waits for
// its transcript's hash (the Aiedit-Transcript trailer).
type pending struct {
	rr   *ResponseReport
	tree plumbing.Hash
}

// build applies every input on top of start and writes the commits (not
// the ref). It returns the report and the new tip.
func (a *applier) build(ctx context.Context, start plumbing.Hash, quiet bool) (*Report, plumbing.Hash, error) {
	rep := &Report{Branch: a.branch, Base: start.String(), DryRun: a.opts.DryRun, Responses: []*ResponseReport{}}
	recorded, err := a.recorded(ctx, start)
	if err != nil {
		return nil, start, err
	}
	tfs, err := a.repo.TreeFS(start)
	if err != nil {
		return nil, start, exitcode.WithCode(exitcode.Repo, err)
	}
	parent := start
	for _, in := range a.inputs {
		if in.stdin == nil && in.sum == "" {
			if err := in.hashFile(); err != nil {
				return nil, start, err
			}
		}
		sumKnown := in.sum != ""
		b := &batch{a: a, in: in, tfs: tfs, rep: rep, recorded: recorded[in.sum], quiet: quiet}
		if err := b.read(ctx); err != nil {
			return nil, start, err
		}
		if !sumKnown && len(recorded[in.sum]) > 0 {
			// Standard input turned out to be a transcript already on the
			// branch: do it again, now knowing which responses to skip.
			a.out.note("this input was applied to %s before; recording only what is new", a.branchName)
			return a.build(ctx, start, true)
		}
		for _, p := range b.pending {
			p.rr.total = b.total
			p.rr.transcript = in.trailer()
			c, err := a.repo.WriteCommit(ctx, p.tree, []plumbing.Hash{parent}, p.rr.message())
			if err != nil {
				return nil, start, exitcode.WithCode(exitcode.Repo, err)
			}
			s := c.String()
			p.rr.Commit = &s
			parent = c
		}
	}
	rep.Head = parent.String()
	for _, rr := range rep.Responses {
		for _, b := range rr.Blocks {
			rep.Summary.add(b.result.Status)
		}
	}
	rep.RetryPrompt = retryPrompt(rep)
	return rep, parent, nil
}

// batch applies one input's responses.
type batch struct {
	a        *applier
	in       *input
	tfs      *gitops.TreeFS
	rep      *Report
	recorded map[int]string
	quiet    bool

	total   int
	pending []*pending
}

// response is one assistant response being applied.
type response struct {
	b     *batch
	rr    *ResponseReport
	sess  *editcore.Session
	skip  bool // already recorded on the branch
	prose strings.Builder
}

func (b *batch) begin(model string, context []string) *response {
	b.total++
	rr := &ResponseReport{Index: b.total, Model: model, Blocks: []*BlockReport{}, Shell: []*ShellReport{}}
	b.rep.Responses = append(b.rep.Responses, rr)
	r := &response{b: b, rr: rr}
	if c, ok := b.recorded[rr.Index]; ok {
		rr.AlreadyRecorded, rr.Commit, r.skip = true, &c, true
		return r
	}
	r.sess = editcore.NewSession(b.tfs, b.a.sessionOptions(b.tfs, context))
	if !b.quiet {
		b.a.out.response(rr)
	}
	return r
}

func (r *response) apply(op *editcore.Op) {
	if r.skip {
		return
	}
	res := r.sess.Apply(op)
	if op.Kind == editcore.Shell {
		s := &ShellReport{Command: op.Command.Text, Status: string(res.Status), Message: res.Message}
		r.rr.Shell = append(r.rr.Shell, s)
		if !r.b.quiet {
			r.b.a.out.shell(s)
		}
		return
	}
	br := newBlockReport(len(r.rr.Blocks)+1, res)
	r.rr.Blocks = append(r.rr.Blocks, br)
	if !r.b.quiet {
		r.b.a.out.block(br)
	}
}

// end finishes a response: writes its tree when it had anything to record.
func (r *response) end(prose string) error {
	r.rr.subject, r.rr.body = subjectOf(prose), bodyOf(prose)
	if r.skip || r.b.a.opts.DryRun || len(r.rr.Blocks)+len(r.rr.Shell) == 0 {
		return nil
	}
	tree, err := r.b.a.repo.WriteTree(r.b.tfs)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	r.b.pending = append(r.b.pending, &pending{rr: r.rr, tree: tree})
	return nil
}

// sessionOptions decides context membership: --context wins, then what the
// transcript recorded, else every file is in context.
func (a *applier) sessionOptions(tfs *gitops.TreeFS, recorded []string) editcore.Options {
	o := editcore.Options{
		DryRun: a.opts.DryRun,
		Fuzzy:  a.opts.Fuzzy,
		Guard:  tfs.Guard,
		Root:   a.repo.WorkTree,
	}
	ctx := a.opts.Context
	if ctx == nil && recorded != nil {
		ctx = recorded
	}
	if ctx != nil {
		set := make(map[string]bool, len(ctx))
		for _, p := range ctx {
			set[repopath.Clean(p)] = true
		}
		o.InContext = func(p string) bool { return set[p] }
	}
	return o
}

// read feeds the input's responses through the edit core.
func (b *batch) read(ctx context.Context) error {
	rc, sum, err := b.in.open()
	if err != nil {
		return err
	}
	defer rc.Close()
	err = b.readRaw(rc)
	sum()
	return err
}

// readRaw treats the whole input as one response, applying each block as
// soon as it is complete.
func (b *batch) readRaw(r io.Reader) error {
	resp := b.begin("", nil)
	p := newParser(b.a.opts.Format)
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		for _, op := range p.Feed(buf[:n]) {
			resp.apply(&op)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, err)
		}
	}
	for _, op := range p.Finish() {
		resp.apply(&op)
	}
	return resp.end(p.Prose())
}
