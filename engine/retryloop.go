package engine

// The retry loop of `apply --retry-cmd CMD`: a response whose
// blocks did not all apply is sent back to a model, through the user's
// own command, until the stop rules below say enough. Each answer is
// applied to the tree as it then stands and recorded as its own commit,
// with `Aiedit-Retry-Of: <n> round <k>`.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/modelcmd"
	"github.com/git-aiedit/git-aiedit/internal/retry"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Defaults of the retry loop.
const (
	DefaultRetries      = 2
	DefaultRetryTimeout = 10 * time.Minute
)

// Why a retry loop stopped (JSON retry_stopped.reason).
const (
	stopApplied       = "applied"        // every block applied or was already applied
	stopMaxRounds     = "max_rounds"     // --retries rounds were run
	stopNoProgress    = "no_progress"    // a round applied nothing new
	stopSameFailure   = "same_failure"   // a round failed as the one before it did
	stopCommandFailed = "command_failed" // the command exited non-zero, was killed, or printed too much
	stopTimedOut      = "timed_out"      // the command ran past --retry-timeout
	stopInterrupted   = "interrupted"    // the user interrupted the run
	stopQuit          = "quit"           // the user quit the -p review
	stopRefused       = "hook_refused"   // the commit-msg hook refused a message: nothing from there on is recorded
)

// retryStop is why a response's retry loop ended.
type retryStop struct {
	reason  string
	round   int
	message string
	exit    *int
	tail    string
}

func (s *retryStop) report() *StopReport {
	return &StopReport{Reason: s.reason, Round: s.round, Message: s.message, ExitStatus: s.exit, StderrTail: s.tail}
}

// recordedRound is a retry round an earlier run committed.
type recordedRound struct {
	round  int
	commit plumbing.Hash
}

// noteRound remembers a recorded retry round (recorded.go's walk).
func (a *applier) noteRound(sum string, idx, round int, c plumbing.Hash) {
	if a.recRounds == nil {
		a.recRounds = map[string]map[int][]recordedRound{}
	}
	if a.recRounds[sum] == nil {
		a.recRounds[sum] = map[int][]recordedRound{}
	}
	for _, r := range a.recRounds[sum][idx] {
		if r.round == round {
			return // the newest one counts
		}
	}
	a.recRounds[sum][idx] = append(a.recRounds[sum][idx], recordedRound{round, c})
}

// retrySettings resolves --retries and --retry-timeout, reading
// aiedit.retries from git config only when the loop can run.
func (a *applier) retrySettings(ctx context.Context) error {
	o := a.opts
	a.retries, a.retryTimeout = o.Retries, o.RetryTimeout
	if a.retryTimeout == 0 {
		a.retryTimeout = DefaultRetryTimeout
	}
	if o.RetryCmd == "" || a.retries > 0 {
		return nil
	}
	a.retries = DefaultRetries
	v, set, err := a.repo.ConfigValue(ctx, "aiedit.retries")
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if v = strings.TrimSpace(v); !set || v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return exitcode.UsageErrorf("git config aiedit.retries=%q: want a number of rounds, 1 or more", v)
	}
	a.retries = n
	return nil
}

// failureKey identifies a failure across rounds: the same edit of the
// same file failing with the same error is the model repeating its
// mistake. (The reason's first line alone is not enough: it names where
// the block came closest, which a different wrong edit shares.)
func failureKey(it retry.Item) string {
	return it.Path + "\x00" + string(it.Error) + "\x00" + it.Reason + "\x00" + it.Proposed
}

// itemsOf lists the blocks of r that did not apply (with the edit as the
// model wrote it) and those a person rejected.
func itemsOf(r *responseState) (failed, rejected []retry.Item) {
	for i, b := range r.blocks.listed() {
		it := retry.Item{Response: r.index, Round: r.round, Block: i + 1, Path: orDash(b.Path), Status: b.Status}
		switch {
		case b.Status == editcore.Rejected:
			rejected = append(rejected, it)
			continue
		case b.OK():
			continue
		}
		switch it.Status {
		case editcore.Failed, editcore.Skipped, editcore.NotInContext:
			it.Error = b.Error
		}
		it.Reason = reasonOf(b)
		if it.Reason != "" {
			it.Line = b.Line
		}
		it.Proposed = proposed(b.Op)
		failed = append(failed, it)
	}
	return failed, rejected
}

// retryable reports whether an item is worth sending back: not a block
// that can never apply as written (binary file, unsafe path, a tool call
// that had failed), nor one a check refused (the prompt cannot say why).
func retryable(it retry.Item) bool {
	switch it.Error {
	case editcore.BinaryFile, editcore.UnsafePath, editcore.ToolFailed, editcore.NotAnEdit:
		return false
	}
	return true
}

// retry runs the loop for a response that was just applied (not one an
// earlier run recorded: its rounds are listed, the model is not called
// again). It returns errStopped when the user interrupted the run or
// quit the review; what was complete stays recorded.
func (b *batch) retry(r *response) error {
	a := b.a
	if a.opts.RetryCmd == "" || b.st.dryRun {
		return nil
	}
	if r.skip {
		b.recordedRounds(r)
		return nil
	}
	failed, rejected := itemsOf(r.r)
	var outstanding, kept []retry.Item
	for _, it := range failed {
		if retryable(it) {
			outstanding = append(outstanding, it)
		} else {
			kept = append(kept, it) // cannot apply as written: not sent, still reported
		}
	}
	if len(outstanding) == 0 {
		return nil
	}
	l := &retryLoop{b: b, orig: r.r, outstanding: outstanding, rejected: rejected, previous: failureKeys(outstanding)}
	defer func() { l.orig.outstanding = append(kept, l.outstanding...) }()
	return l.run()
}

// recordedRounds lists, on a response an earlier run recorded, the retry
// rounds that run recorded for it (the model is not called again).
func (b *batch) recordedRounds(r *response) {
	a := b.a
	sum, index := b.in.sum, r.r.index
	if r.r.turn != "" {
		sum = r.r.turn
	} else if o, ok := a.digests.origin[r.r.commit.String()]; ok {
		sum, index = o.sum, o.index // recognised by its content (digest.go)
	}
	for _, rr := range a.recRounds[sum][index] {
		r.r.rounds = append(r.r.rounds, &responseState{index: r.r.index, in: b.in, round: rr.round, commit: rr.commit, alreadyRecorded: true})
	}
	sort.Slice(r.r.rounds, func(i, j int) bool { return r.r.rounds[i].round < r.r.rounds[j].round })
	if r.r.alreadyRecorded {
		b.noteUnretried(r.r)
	}
}

// retryLoop is one response's retry loop: what is still outstanding, and
// what the round before failed on, round after round.
type retryLoop struct {
	b           *batch
	orig        *responseState // the response the rounds retry
	outstanding []retry.Item   // failures no round has settled yet
	rejected    []retry.Item   // blocks a person rejected (-p): never proposed again
	previous    map[string]bool
}

// failureKeys is the set of failureKey of items.
func failureKeys(items []retry.Item) map[string]bool {
	keys := map[string]bool{}
	for _, it := range items {
		keys[failureKey(it)] = true
	}
	return keys
}

// stop ends the loop for why, and says so.
func (l *retryLoop) stop(why *retryStop) {
	l.orig.retryStop = why
	l.b.a.out.retryStopped(l.orig, why)
}

// run runs rounds until a stop rule says enough.
func (l *retryLoop) run() error {
	a := l.b.a
	for k := 1; ; k++ {
		if k > a.retries {
			l.stop(&retryStop{reason: stopMaxRounds, round: k - 1, message: fmt.Sprintf("%d rounds run (--retries %d)", k-1, a.retries)})
			return nil
		}
		answer, done, err := l.ask(k)
		if done {
			return err
		}
		rs, roundStart, err := l.record(k, answer)
		if err != nil {
			return err
		}
		if done, err := l.judge(k, rs, roundStart); done {
			return err
		}
	}
}

// ask sends round k's prompt to the user's command and returns its
// answer; done when the command failed (the loop stops; errStopped when
// the user interrupted it).
func (l *retryLoop) ask(k int) (answer []byte, done bool, err error) {
	a := l.b.a
	prompt, err := l.b.retryPromptFor(l.outstanding, l.rejected)
	if err != nil {
		return nil, true, err
	}
	a.out.retryRound(l.orig, k, a.opts.RetryCmd)
	answer, err = modelcmd.Run(a.intr, modelcmd.Request{
		Command: a.opts.RetryCmd, Prompt: prompt, Dir: a.topLevel(), Round: k,
		Branch: a.branchName, Repo: a.topLevel(), Timeout: a.retryTimeout, Stderr: a.verboseErr(),
	})
	if err != nil {
		s := commandStop(err, k)
		l.stop(s)
		if s.reason == stopInterrupted {
			a.halt(stopInterrupted)
			return nil, true, errStopped
		}
		return nil, true, nil
	}
	return answer, false, nil
}

// record applies round k's answer to the tree as it stands and records
// it as its own commit. It returns the round and the tree before it; an
// error (errStopped when the user interrupted the round's review or
// commit-msg hook, or the hook refused it) ends the loop.
func (l *retryLoop) record(k int, answer []byte) (*responseState, *gitops.TreeFS, error) {
	b := l.b
	rs := &responseState{index: l.orig.index, in: b.in, round: k, turn: l.orig.turn}
	l.orig.rounds = append(l.orig.rounds, rs)
	roundStart := b.tfs.Snapshot()
	rr := b.beginRound(rs)
	prose, err := responseOps(&transcript.Response{Text: string(answer)}, "", rr.applyAll)
	if err != nil {
		return nil, nil, exitcode.UsageErrorf("cannot read the answer of retry %d of %s: %v", k, l.orig.label(b.st.multi), err)
	}
	if rr.halted {
		// Interrupted while the user reviewed it (-p): nothing of it is kept.
		l.orig.rounds = l.orig.rounds[:len(l.orig.rounds)-1]
		if rr.start != nil {
			b.tfs.Restore(rr.start)
		}
		l.stop(&retryStop{reason: stopInterrupted, round: k, message: "interrupted while reviewing the round"})
		return nil, nil, errStopped
	}
	if err := rr.end(prose); err != nil {
		return nil, nil, err
	}
	if s := b.st.stop; s != "" && b.st.stoppedAt == rs {
		msg := "the commit-msg hook refused the round's message"
		if s == stopInterrupted {
			msg = "interrupted while the commit-msg hook ran"
		}
		l.stop(&retryStop{reason: s, round: k, message: msg})
		return nil, nil, errStopped
	}
	return rs, roundStart, nil
}

// judge settles what round k fixed and applies the stop rules; done
// when one of them ends the loop.
func (l *retryLoop) judge(k int, rs *responseState, roundStart *gitops.TreeFS) (done bool, err error) {
	newFailed, newRejected := itemsOf(rs)
	l.rejected = append(l.rejected, newRejected...)
	changed := changedSince(roundStart, l.b.tfs, rs)
	l.outstanding = carryOver(l.outstanding, rs, changed)
	progressed := len(changed) > 0
	repeated := false
	for _, it := range newFailed {
		if retryable(it) {
			l.outstanding = append(l.outstanding, it)
			repeated = repeated || l.previous[failureKey(it)]
		}
	}
	switch {
	case l.b.a.quitting:
		l.stop(&retryStop{reason: stopQuit, round: k, message: "the user quit the review"})
		return true, errStopped
	case len(l.outstanding) == 0:
		l.stop(&retryStop{reason: stopApplied, round: k, message: "every block applied"})
		return true, nil
	case repeated:
		l.stop(&retryStop{reason: stopSameFailure, round: k, message: "the answer failed the same way as the round before"})
		return true, nil
	case !progressed:
		l.stop(&retryStop{reason: stopNoProgress, round: k, message: "the answer applied nothing new"})
		return true, nil
	}
	l.previous = failureKeys(newFailed)
	return false, nil
}

// carryOver keeps the earlier failures a round did not settle. A block
// that "applied" without changing its file (the same text in and out)
// settles nothing.
func carryOver(outstanding []retry.Item, round *responseState, changed map[string]bool) []retry.Item {
	var out []retry.Outcome
	for _, b := range round.blocks.All() {
		st := b.Status
		if (st == editcore.Applied || st == editcore.Edited) && !changed[b.Path] {
			st = editcore.Rejected // counts neither way
		}
		out = append(out, retry.Outcome{Path: orDash(b.Path), Status: st})
	}
	return retry.CarryOver(outstanding, out)
}

// changedSince lists the files a round's blocks and shell operations
// really changed.
func changedSince(start, now *gitops.TreeFS, round *responseState) map[string]bool {
	changed := map[string]bool{}
	for res := range round.results() {
		if res.Status != editcore.Applied && res.Status != editcore.Edited {
			continue
		}
		paths := []string{res.Path}
		if res.Op != nil && res.Op.From != "" {
			paths = append(paths, repopath.Clean(res.Op.From))
		}
		for _, p := range paths {
			old, hadOld := readTree(start, p)
			cur, hasCur := readTree(now, p)
			if hadOld != hasCur || !bytes.Equal(old, cur) || (res.Op != nil && res.Op.Kind == editcore.Shell) {
				changed[p] = true
			}
		}
	}
	return changed
}

// answerFormat is the last part of every retry prompt: a model called
// afresh must know how to answer.
const answerFormat = "Answer with corrected edits for these blocks only, as SEARCH/REPLACE blocks: the file's path " +
	"on a line of its own, then\n\n<<<<<<< SEARCH\nlines copied exactly from the current content\n=======\nthe new lines\n>>>>>>> REPLACE\n"

// retryPromptFor builds a round's prompt, quoting files as they stand now.
func (b *batch) retryPromptFor(outstanding, rejected []retry.Item) (string, error) {
	files := retry.FilesOf(b.tfs)
	text, err := retry.Build(append(append([]retry.Item(nil), outstanding...), rejected...), files)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	return text + "\n" + answerFormat, nil
}

// proposed renders an edit as the model meant it, for a model that has
// not seen its earlier answer.
func proposed(op *editcore.Op) string {
	if op == nil {
		return ""
	}
	join := func(parts ...[]string) string {
		var all []string
		for _, p := range parts {
			all = append(all, p...)
		}
		if len(all) == 0 {
			return ""
		}
		return strings.Join(all, "\n") + "\n"
	}
	switch op.Kind {
	case editcore.Replace:
		return "<<<<<<< SEARCH\n" + join(op.Scope, op.Anchor, op.Old, op.Trailing) + "=======\n" + join(op.Anchor, op.New, op.Trailing) + ">>>>>>> REPLACE"
	case editcore.Substring:
		return "<<<<<<< SEARCH\n" + strings.TrimSuffix(op.OldText, "\n") + "\n=======\n" + strings.TrimSuffix(op.NewText, "\n") + "\n>>>>>>> REPLACE"
	case editcore.Create, editcore.Write, editcore.Append:
		return string(op.Content)
	case editcore.Insert, editcore.ReplaceRange:
		return join(op.New)
	}
	return ""
}

// commandStop turns the command's failure into the loop's stop.
func commandStop(err error, round int) *retryStop {
	s := &retryStop{reason: stopCommandFailed, round: round, message: err.Error()}
	var f *modelcmd.Failure
	if !errors.As(err, &f) {
		return s
	}
	s.tail = f.StderrTail
	s.message, _, _ = strings.Cut(f.Error(), "; its standard error ended with:")
	switch f.Kind {
	case modelcmd.TimedOut:
		s.reason = stopTimedOut
	case modelcmd.Interrupted:
		s.reason = stopInterrupted
	case modelcmd.Exited:
		st := f.ExitStatus
		s.exit = &st
	}
	return s
}
