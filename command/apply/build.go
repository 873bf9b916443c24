package apply

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/transcript"
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
			msg, ok, err := a.commitMessage(ctx, rep, p.rr)
			if err != nil {
				return nil, start, err
			}
			if !ok {
				continue // the commit-msg hook refused it or an earlier message
			}
			c, err := a.repo.WriteCommit(ctx, p.tree, []plumbing.Hash{parent}, msg)
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
	if rep.RetryPrompt, err = a.retryPrompt(rep, parent); err != nil {
		return nil, start, err
	}
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
	b    *batch
	rr   *ResponseReport
	sess *editcore.Session
	skip bool // already recorded on the branch

	before *gitops.TreeFS // the tree as the response started, for checks; nil: no checks
}

func (b *batch) begin(model string, context []string) *response {
	b.total++
	rr := &ResponseReport{Index: b.total, Model: model, Blocks: []*BlockReport{}, Shell: []*ShellReport{}, Checks: []*CheckReport{}}
	b.rep.Responses = append(b.rep.Responses, rr)
	r := &response{b: b, rr: rr}
	if c, ok := b.recorded[rr.Index]; ok {
		rr.AlreadyRecorded, rr.Commit, r.skip = true, &c, true
		return r
	}
	r.sess = editcore.NewSession(b.tfs, b.a.sessionOptions(b.tfs, context))
	r.before = b.a.snapshot(b.tfs)
	if !b.quiet {
		b.a.out.response(rr)
	}
	return r
}

// applyAll applies operations in order; consecutive operations of one
// group (a multi-edit) succeed or fail together.
func (r *response) applyAll(ops []editcore.Op) {
	if r.skip {
		return
	}
	for i := 0; i < len(ops); i++ {
		g := ops[i].Group
		if g == 0 {
			r.report(&ops[i], r.sess.Apply(&ops[i]))
			continue
		}
		j := i
		var group []*editcore.Op
		for ; j < len(ops) && ops[j].Group == g; j++ {
			group = append(group, &ops[j])
		}
		for k, res := range r.sess.ApplyGroup(group) {
			r.report(group[k], res)
		}
		i = j - 1
	}
}

// report records (and prints) one operation's result.
func (r *response) report(op *editcore.Op, res editcore.Result) {
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
	prose = printable(prose)
	r.rr.subject, r.rr.body = subjectOf(prose), bodyOf(prose)
	if r.skip || r.b.a.opts.DryRun || len(r.rr.Blocks)+len(r.rr.Shell) == 0 {
		return nil
	}
	tree, err := r.b.a.repo.WriteTree(r.b.tfs)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if tree, err = r.check(tree); err != nil {
		return err
	}
	r.b.pending = append(r.b.pending, &pending{rr: r.rr, tree: tree})
	return nil
}

// sessionOptions decides context membership: --context wins, then what the
// transcript recorded, else every file is in context.
func (a *applier) sessionOptions(tfs *gitops.TreeFS, recorded []string) editcore.Options {
	o := editcore.Options{
		DryRun:  a.opts.DryRun,
		Fuzzy:   a.opts.Fuzzy,
		Guard:   tfs.Guard,
		Root:    a.repo.WorkTree,
		Resolve: a.resolver(tfs),
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

// resolver finds files by their bare name (a model wrote "utils.py" for
// "src/utils.py"). The tree is listed once, the first time it is needed.
func (a *applier) resolver(tfs *gitops.TreeFS) func(string) []string {
	return func(name string) []string {
		a.byNameOnce.Do(func() {
			a.byName = map[string][]string{}
			files, err := a.repo.Files(context.Background(), tfs.Commit().String())
			if err != nil {
				return
			}
			for _, f := range files {
				a.byName[path.Base(f)] = append(a.byName[path.Base(f)], f)
			}
		})
		var found []string
		for _, f := range a.byName[name] {
			if _, err := tfs.Lstat(f); err == nil {
				found = append(found, f) // still there after earlier edits
			}
		}
		return found
	}
}

// read feeds the input's responses through the edit core.
func (b *batch) read(ctx context.Context) error {
	rc, sum, err := b.in.open()
	if err != nil {
		return err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	src, head, err := b.source(br)
	if err != nil {
		return err
	}
	if src == transcript.Raw {
		err = b.readRaw(br)
	} else {
		if err = b.checkForced(src, head); err == nil {
			err = transcript.Read(br, src, b.transcriptOptions(), b.response)
		}
		if err == nil && b.total == 0 && b.a.opts.From != "" {
			if seen := transcript.Detect(head, b.in.name); seen != src {
				err = mismatch(b.in.name, src, seen)
			}
		}
	}
	sum()
	var te *transcript.Error
	if errors.As(err, &te) || errors.Is(err, transcript.ErrTooLarge) {
		return exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, err)
	}
	return err
}

// checkForced refuses a forced text source on a transcript that is clearly
// a JSON session log (the text readers would take it as one reply). raw
// stays allowed: it asks for the whole input as one response.
func (b *batch) checkForced(src transcript.Source, head []byte) error {
	if b.a.opts.From == "" || src == transcript.Raw {
		return nil
	}
	seen := transcript.Detect(head, b.in.name)
	json := func(s transcript.Source) bool {
		return s == transcript.ClaudeCode || s == transcript.Codex || s == transcript.OpenHands
	}
	if seen != src && json(seen) && !json(src) {
		return mismatch(b.in.name, src, seen)
	}
	return nil
}

func mismatch(name string, forced, seen transcript.Source) error {
	article := "a"
	if strings.ContainsRune("aeiou", rune(forced[0])) {
		article = "an"
	}
	return exitcode.UsageErrorf("%s does not look like %s %s transcript (it looks like %s); drop --from or use --from %s", name, article, forced, seen, seen)
}

// source decides where the transcript comes from: --from, or its head.
// Standard input is judged on what has arrived once its first line is
// complete, so that a streamed reply is applied as it arrives.
func (b *batch) source(br *bufio.Reader) (transcript.Source, []byte, error) {
	var head []byte
	var err error
	if b.in.name == "-" {
		head, err = firstLine(br, 4<<10)
	} else {
		head, err = br.Peek(transcript.DetectSize)
	}
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", nil, exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, err)
	}
	if b.a.opts.From != "" {
		src, err := transcript.ParseSource(b.a.opts.From)
		return src, head, exitcode.WithCode(exitcode.Usage, err)
	}
	src := transcript.Detect(head, b.in.name)
	b.a.debug.Debug("transcript", "file", b.in.name, "source", src, "detected-from", len(head))
	return src, head, nil
}

// firstLine peeks at what br holds once a whole line has arrived (or max
// bytes, or the end of the input), without waiting for more.
func firstLine(br *bufio.Reader, max int) ([]byte, error) {
	for n := 1; ; {
		if _, err := br.Peek(n); err != nil {
			head, _ := br.Peek(br.Buffered())
			return head, err
		}
		head, _ := br.Peek(br.Buffered())
		if bytes.IndexByte(head, '\n') >= 0 || len(head) >= max {
			return head, nil
		}
		n = len(head) + 1
	}
}

func (b *batch) transcriptOptions() transcript.Options {
	return transcript.Options{
		Root: b.a.repo.WorkTree,
		Exists: func(p string) bool {
			_, err := b.tfs.Lstat(p)
			return err == nil
		},
		Warn: func(line int, msg string) {
			b.a.out.note("warning: %s:%d: %s", b.in.name, line, msg)
		},
	}
}

// response applies one transcript response: the edit blocks of its text,
// its tool-call edits, and its apply_patch texts, in that order.
func (b *batch) response(tr *transcript.Response) error {
	r := b.begin(tr.Model, tr.Context)
	var prose string
	if len(tr.Ops) == 0 && len(tr.Patches) == 0 {
		p := newParser(b.a.opts.Format)
		ops := append(p.Feed([]byte(tr.Text)), p.Finish()...)
		for i := range ops {
			ops[i].Line += tr.Line - 1
		}
		r.applyAll(ops)
		prose = p.Prose()
	} else {
		r.applyAll(tr.Ops)
		for _, patch := range tr.Patches {
			r.applyAll(patchOps(patch, b.a.opts.Format))
		}
		prose = tr.Text
	}
	return r.end(prose)
}

// patchOps parses a recorded apply_patch text into operations on
// repository paths.
func patchOps(patch transcript.Patch, format string) []editcore.Op {
	if format == "" {
		format = "applypatch"
	}
	p := newParser(format)
	ops := append(p.Feed([]byte(patch.Text)), p.Finish()...)
	for i := range ops {
		op := &ops[i]
		op.Line = patch.Line
		if op.Path != "" {
			op.Path = patch.Resolve(op.Path)
		}
		if op.From != "" {
			op.From = patch.Resolve(op.From)
		}
		if patch.RecordedError != "" && op.Kind != editcore.Shell {
			op.RecordedError = patch.RecordedError
		}
	}
	return ops
}

// readRaw treats the whole input as one response, applying each block as
// soon as it is complete.
func (b *batch) readRaw(r io.Reader) error {
	resp := b.begin("", nil)
	p := newParser(b.a.opts.Format)
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		resp.applyAll(p.Feed(buf[:n]))
		if perr := p.Err(); perr != nil {
			return exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, perr)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, err)
		}
	}
	resp.applyAll(p.Finish())
	if perr := p.Err(); perr != nil {
		return exitcode.UsageErrorf("cannot read transcript %s: %v", b.in.name, perr)
	}
	return resp.end(p.Prose())
}
