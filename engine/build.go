package engine

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// pending is a response whose tree is written and whose commit waits for
// its transcript's hash (the Aiedit-Transcript trailer).
type pending struct {
	r      *responseState
	tree   plumbing.Hash
	sealed bool   // its message is final (commitmsg.go)
	msg    string // the message to commit; "" when it is not to be committed
}

// buildMode is how one build runs.
type buildMode struct {
	// rebuild: not the run's first build; it shows nothing (the first
	// did) and reads the branch's record again.
	rebuild bool
	// probe: a dry run that says whether there is anything new to
	// record (run.go, before a checked-out branch is refused): it
	// writes, asks and retries nothing.
	probe bool
}

// build applies every input on top of start and writes the commits (not
// the ref). Its state holds what happened and the new tip.
func (a *applier) build(ctx context.Context, start plumbing.Hash, mode buildMode) (*runState, error) {
	quiet, retry := mode.rebuild, mode.rebuild
	if a.stopReason == stopRefused {
		a.stopReason = "" // built again (the branch moved): the hook is asked again
	}
	st := &runState{branch: a.branch, base: start, dryRun: a.opts.DryRun || mode.probe, multi: len(a.inputs) > 1}
	if a.text != nil {
		st.red = a.text.red
	}
	recorded := map[string]map[int]string{}
	if l := a.opts.Live; l == nil || !l.Trusted || retry {
		var err error
		if recorded, err = a.recorded(ctx, start, a.exists); err != nil {
			return nil, err
		}
	}
	tfs, err := a.repo.TreeFS(start)
	if err != nil {
		return nil, exitcode.WithCode(exitcode.Repo, err)
	}
	parent := start
	notes := map[plumbing.Hash]gitops.NoteStream{}
	for _, in := range a.inputs {
		if in.live == nil && in.stdin == nil && in.sum == "" {
			if err := in.hashFile(a.opts.From); err != nil {
				if errors.Is(err, errStopped) {
					a.halt(stopInterrupted)
					break // interrupted: what was complete is recorded
				}
				return nil, err
			}
		}
		sumKnown := in.sum != ""
		in.series = a.seriesOf(in)
		inStart := parent
		b := &batch{a: a, in: in, tfs: tfs, st: st, recorded: recorded[in.sum], quiet: quiet}
		if in.live != nil || in.series != (trailer.Session{}) {
			b.recordedTurns = recorded
		}
		stopped := false
		if err := b.read(ctx); err != nil {
			if !errors.Is(err, errStopped) {
				return nil, err
			}
			stopped = true // interrupted or quit: record what was complete
		}
		if !stopped && !sumKnown && len(recorded[in.sum]) > 0 {
			// Standard input turned out to be a transcript already on the
			// branch: do it again, now knowing which responses to skip.
			a.out.note("this input was applied to %s before; recording only what is new", a.branchName)
			return a.build(ctx, start, buildMode{rebuild: true, probe: mode.probe})
		}
		st.read += b.total
		v, err := b.verifyRun(ctx, inStart, parent, stopped)
		if err != nil {
			return nil, err
		}
		if parent, err = b.commitPending(ctx, start, parent, notes); err != nil {
			return nil, err
		}
		if stopped || st.stop != "" {
			break // what was not read is not recorded either
		}
		if parent, err = b.reconcileRun(ctx, v, parent); err != nil {
			return nil, err
		}
	}
	st.notes = notes // written with the branch's move (moveBranch)
	st.head = parent
	if st.retryPrompt, err = a.retryPrompt(st); err != nil {
		return nil, err
	}
	return st, nil
}

// commitPending writes the commits of the batch's responses on top of
// parent, sealing the messages not sealed yet, and adds each commit's
// attribution note to notes. It returns the new tip.
func (b *batch) commitPending(ctx context.Context, start, parent plumbing.Hash, notes map[plumbing.Hash]gitops.NoteStream) (plumbing.Hash, error) {
	if err := b.settle(ctx, start, parent); err != nil {
		return parent, err
	}
	for _, p := range b.pending {
		if !p.sealed {
			if err := b.seal(ctx, p, b.all, parent == start); err != nil {
				return parent, err
			}
		}
		if p.msg == "" {
			continue // the commit-msg hook refused it or an earlier message
		}
		c, err := b.a.repo.WriteCommit(ctx, p.tree, []plumbing.Hash{parent}, p.msg)
		if err != nil {
			return parent, b.a.commitError(ctx, err)
		}
		p.r.commit = c
		parent = c
		n, err := p.r.note()
		if err != nil {
			return parent, exitcode.WithCode(exitcode.Repo, err)
		}
		if n != nil {
			n.head.Commit = c.String() // its line numbers are those of c's files
			notes[c] = n.encodeTo
		}
	}
	return parent, nil
}

// batch applies one input's responses.
type batch struct {
	a        *applier
	in       *input
	tfs      *gitops.TreeFS
	st       *runState
	recorded map[int]string
	quiet    bool
	// held: the digests of the responses an older copy of this session
	// holds, in order, and the commit whose checkpoint holds it
	// (entire.go, heldEarlier); heldGone once one differs.
	held       []string
	heldCommit string
	heldGone   bool
	// heldTail: the digests of the operations of the older copy's last
	// response (heldOpDigest). The agent committed mid-turn when that
	// turn goes on in this copy: its first operations are in the
	// commit's tree already.
	heldTail []string
	// recordedTurns, for a live session or one continued (series.go):
	// every recorded response by its turn key, whatever its number.
	recordedTurns map[string]map[int]string

	total   int // responses read so far
	all     int // responses in the transcript, once its reading ended (count.go)
	readAll bool
	count   *counting // the transcript's responses, counted in a read of its own
	pending []*pending
	slim    opSlab // the slimmed operations of the blocks that applied
	// outcomes are the results the record states of the agent's work
	// (verify.go), in the order read.
	outcomes []transcript.Outcome

	saidWorkdirs []transcript.Workdir // the path mappings last said (workdir.go)
}

// response is one assistant response being applied.
type response struct {
	b    *batch
	r    *responseState
	sess *editcore.Session
	attr *attribution.Tracker // which block wrote which line; nil in a dry run
	skip bool                 // already recorded on the branch

	before *gitops.TreeFS // the tree as the response started, for checks; nil: no checks

	// -p (patch.go): what later blocks get without asking, and whether the
	// run was interrupted while the user was deciding (nothing of the
	// response is then kept).
	rest   rest
	halted bool
	start  *gitops.TreeFS // the tree as the response started, to drop it (-p, an interrupt); nil in a dry run

	// heldOps: the digests of operations this response's first ones are
	// expected to be, already made by the commit whose checkpoint held
	// the turn cut short (the agent committed mid-turn); each is reported
	// already applied, not applied again.
	heldOps []string

	trimErr error // writing the overlay mid-response failed (trim.go)
}

// beginAt starts a response; rec is the record that starts it in a live
// session's section (0 otherwise), key the turn's own name when its
// source records one (transcript.Response.Key).
func (b *batch) beginAt(model string, context []string, rec int, key, digest string) *response {
	b.total++
	rs := &responseState{index: b.total, in: b.in, digest: digest}
	// The model's name is transcript text too: it reaches Aiedit-Model,
	// Assisted-by and the attribution note.
	rs.model = b.a.redact(rs, model)
	r := &response{b: b, r: rs}
	if b.in.live == nil && !b.a.opts.Responses.Has(rs.index) {
		r.skip = true // not selected: neither applied nor reported
		return r
	}
	b.st.responses = append(b.st.responses, rs)
	recorded := b.recorded
	if l := b.in.live; l != nil {
		// The transcript context is not used: the agent's own tool made
		// the edit, after whatever reads it required.
		rs.index += l.Before
		key := b.in.reader.turnKey(rec, key)
		rs.transcript = trailer.JoinTranscript(b.in.label, key)
		recorded = map[int]string{}
		for _, c := range b.recordedTurns[key] {
			recorded[rs.index] = c
		}
		context = nil
	} else if b.in.series != (trailer.Session{}) {
		rs.turn = b.in.reader.turnKey(rec, key)
		if c, ok := turnCommit(b.recordedTurns[rs.turn], rs.index); ok && rs.turn != "" {
			recorded = map[int]string{rs.index: c}
		}
	}
	c, ok := recorded[rs.index]
	if !ok && b.held != nil && !b.heldGone {
		// Held while each response so far is the older copy's, in order.
		if rs.index <= len(b.held) && digest != "" && b.held[rs.index-1] == digest {
			c, ok = b.heldCommit, true
		} else {
			b.heldGone = true
			if rs.index == len(b.held) {
				r.heldOps = b.heldTail
			}
		}
	}
	if ok {
		b.a.digests.mark(c)
	} else if b.in.live == nil && b.in.series == (trailer.Session{}) {
		c, ok = b.a.digests.take(b.in.label, digest) // a transcript that grew
	}
	if ok {
		rs.alreadyRecorded, rs.commit, r.skip = true, plumbing.NewHash(c), true
		return r
	}
	r.open(context)
	return r
}

// open starts applying a response (or a retry round) on the batch's tree.
func (r *response) open(context []string) {
	b := r.b
	opt := b.a.sessionOptions(b.tfs, context, b.st.dryRun)
	opt.Policy = transcript.PolicyOf(b.in.source) // as the agent applied its edits
	// -p shows each block's change from the tree as it applies: every
	// block is written at once then.
	opt.Defer = b.reviewer() == nil
	r.before = b.a.snapshot(b.tfs, b.st.dryRun)
	r.sess = editcore.NewSession(b.tfs, opt)
	r.track()
	if b.reviewer() != nil || !b.st.dryRun {
		// Cheap: the tree was written with the last commit, so the copy is
		// its hash and what changed since.
		r.start = r.before
		if r.start == nil {
			r.start = b.tfs.Snapshot()
		}
	}
	if !b.quiet {
		b.a.out.response(r.r, b.st.multi)
	}
}

// beginRound starts a retry round: a response of its own, on the tree as
// it stands, every file in context (the prompt quoted them).
func (b *batch) beginRound(rs *responseState) *response {
	r := &response{b: b, r: rs}
	r.open(nil)
	return r
}

// applyAll applies operations in order; consecutive operations of one
// group (a multi-edit) succeed or fail together. It returns false once
// the response is halted: nothing more of it is to be read.
func (r *response) applyAll(ops []editcore.Op) bool {
	if r.skip || r.interrupted() {
		return !r.halted
	}
	ops = r.skipHeld(ops)
	if r.b.reviewer() != nil {
		for i := 0; i < len(ops) && !r.interrupted(); i++ {
			j := i + 1
			if g := ops[i].Group; g != 0 {
				for j < len(ops) && ops[j].Group == g {
					j++
				}
			}
			if ops[i].Kind == editcore.Shell {
				r.record(&ops[i], r.apply(&ops[i]))
			} else {
				r.reviewUnit(ops[i:j])
			}
			r.trim()
			i = j - 1
		}
		return !r.halted
	}
	for i := 0; i < len(ops); i++ {
		if r.interrupted() {
			return false
		}
		g := ops[i].Group
		if g == 0 {
			r.record(&ops[i], r.apply(&ops[i]))
			r.trim()
			continue
		}
		j := i
		var group []*editcore.Op
		for ; j < len(ops) && ops[j].Group == g; j++ {
			group = append(group, &ops[j])
		}
		for k, res := range r.applyGroup(group) {
			r.record(group[k], res)
		}
		r.trim()
		i = j - 1
	}
	return true
}

// interrupted halts the response when the user interrupted the run (^C,
// SIGTERM) while it was applied: it is then dropped whole, as one
// interrupted while the user decided (-p), and the run stops within an
// operation's time (a long response was applied to its end before, 48 s
// after ^C), keeping the responses complete before it.
func (r *response) interrupted() bool {
	if !r.halted && r.b.a.intr.Err() != nil {
		r.halted = true
		r.b.a.halt(stopInterrupted)
	}
	return r.halted
}

// record keeps (and prints) one operation's result.
func (r *response) record(op *editcore.Op, res editcore.Result) {
	res.Op = op
	if op.Kind == editcore.Shell {
		r.r.shell = append(r.r.shell, res)
		if !r.b.quiet {
			r.b.a.out.shell(res)
		}
		return
	}
	if !r.b.quiet {
		r.b.a.out.block(res)
	}
	if res.OK() && r.r.blocks.Len() < keptBlocks {
		// The operations of a long response are applied as they are read;
		// one that applied need not keep the text it wrote, nor strings
		// cut from it (release copies the others).
		res.Op = r.b.slim.slimOp(op)
		if res.Path == op.Path {
			res.Path = res.Op.Path
		} else {
			res.Path = strings.Clone(res.Path)
		}
		res.Message = strings.Clone(res.Message)
	}
	if r.r.blocks.add(res) {
		r.b.a.spills = append(r.b.a.spills, &r.r.blocks)
	}
}

// end finishes a response: writes its tree when it had anything to record.
func (r *response) end(prose string) error {
	if r.trimErr != nil {
		return r.trimErr
	}
	if r.sess != nil {
		// The file the session kept unwritten is written before the tree
		// is read (a commit, a check).
		if err := r.sess.Flush(); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	r.compose(prose)
	if err := r.r.blocks.err; err != nil {
		return exitcode.Default(exitcode.Repo, err) // the bound's is a usage error
	}
	if r.skip || r.b.st.dryRun || r.r.blocks.Len()+len(r.r.shell) == 0 {
		return nil
	}
	if r.attr != nil {
		// The tracker's last use: what it kept of every file the response
		// wrote goes as their ranges are made, before the tree's objects
		// are written.
		ranges, err := r.attr.Done()
		if errors.Is(err, attribution.ErrSpillFull) {
			return exitcode.WithCode(exitcode.Usage, fmt.Errorf("cannot keep which block wrote which line of the response's files: %w, the most apply keeps of one response in the temporary folder; apply fewer of its blocks at a time (split the response's text in two)", err))
		}
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, fmt.Errorf("cannot keep which block wrote which line of the response's files in the temporary folder (TMPDIR): %w; free space there, or point TMPDIR at a folder with room, and run again", err))
		}
		r.r.ranges, r.attr = ranges, nil
	}
	// Nothing asks the session again: a retry round is a response of its
	// own, and the checks read what changed from the trees.
	r.sess = nil
	tree, err := r.b.a.repo.WriteTree(r.b.tfs)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if tree, err = r.check(tree); err != nil {
		return err
	}
	p := &pending{r: r.r, tree: tree}
	if err := r.b.sealEarly(p); err != nil {
		return err
	}
	if !p.sealed || p.msg != "" {
		r.b.pending = append(r.b.pending, p)
	}
	return nil
}

// sessionOptions decides context membership: --context wins, then what the
// transcript recorded, else every file is in context.
func (a *applier) sessionOptions(tfs *gitops.TreeFS, recorded []string, dryRun bool) editcore.Options {
	o := editcore.Options{
		DryRun:  dryRun,
		Fuzzy:   a.opts.Fuzzy,
		Guard:   tfs.Guard,
		Root:    a.repo.WorkTree,
		Resolve: a.resolver(tfs),
		Check:   a.checkWrite(tfs),
	}
	switch {
	case a.opts.Context != nil:
		a.forcedOnce.Do(func() { a.forced = pathSet(a.contextPaths()) })
		o.InContext = func(p string) bool { return a.forced[p] }
	case recorded != nil:
		set := pathSet(recorded)
		o.InContext = func(p string) bool { return set[p] }
	}
	return o
}

// contextPaths are --context's paths relative to the repository's top:
// like git's pathspecs, they are relative to the current directory
// (":/path" is from the top, an absolute path is taken inside the work
// tree).
func (a *applier) contextPaths() []string {
	out := make([]string, 0, len(a.opts.Context))
	for _, p := range a.opts.Context {
		switch {
		case strings.HasPrefix(p, ":/"):
			p = p[2:]
		case filepath.IsAbs(p) && a.repo.WorkTree != "":
			if rel, err := filepath.Rel(a.repo.WorkTree, p); err == nil {
				p = filepath.ToSlash(rel)
			}
		default:
			p = path.Join(a.repo.Prefix, filepath.ToSlash(p))
		}
		out = append(out, p)
	}
	return out
}

func pathSet(paths []string) map[string]bool {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[repopath.Clean(p)] = true
	}
	return set
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

// checkContent refuses what git's fsck would reject in the commit; the
// reason reads as the block's message.
func checkContent(p string, data []byte) error {
	err := gitops.CheckContent(p, data)
	if err == nil {
		return nil
	}
	if ue := (*gitops.UnsafePathError)(nil); errors.As(err, &ue) {
		return errors.New(ue.Reason + "; a server with receive.fsckObjects would refuse the push")
	}
	return err
}
