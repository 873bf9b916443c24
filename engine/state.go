package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/retry"
	"github.com/git-aiedit/git-aiedit/redact"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// runState is what one build of a run has done: every response with the
// outcome of each of its operations and checks. The steps of a run (apply,
// check, commit, retry prompt) share it; people see it as it grows
// (human.go), and the JSON report is rendered from it once, at the end
// (report.go).
type runState struct {
	branch    string        // full ref name
	base      plumbing.Hash // where this build started
	head      plumbing.Hash // the tip after it; base when nothing was committed
	tip       plumbing.Hash // the branch once the run is over; zero when it does not exist
	read      int           // responses read, those on the branch or not selected included
	dryRun    bool
	responses []*responseState
	multi     bool // more than one transcript: responses name theirs

	// stop is why the build committed nothing from stoppedAt on: the
	// commit-msg hook refused its message (stopRefused), or the run was
	// interrupted while the hook ran; "" while everything is committed.
	stop        string
	stoppedAt   *responseState
	retryPrompt string // for the model, when something did not apply
	// red redacts what the report quotes of the transcripts (report.go);
	// nil before the text policy is read.
	red *redact.Redactor
	// unretried are recorded responses with failures that no run sent
	// to the model, which --retry-cmd does not retry now (unretried.go).
	unretried []*responseState
	// notes are the attribution notes of the commits made, by commit;
	// they are encoded as they are written, as the branch moves: the note
	// of a response of 200,000 files is some 40 MB, held once as its
	// structure rather than also as its bytes.
	notes map[plumbing.Hash]gitops.NoteStream
	// verifications compare each transcript's replay with the result its
	// record states, where it states one (verify.go).
	verifications []*verification
}

// responseState is one assistant response as the run applies it.
type responseState struct {
	index int    // 1-based, in its transcript
	total int    // responses in its transcript, known once it is read
	in    *input // the transcript it came from
	model string

	workdirs []transcript.Workdir // where its recorded paths were mapped from (workdir.go)

	blocks blockLog          // edit operations, in order
	shell  []editcore.Result // shell suggestions, in order
	checks []check.Outcome   // in the order they ran

	subject, body     string           // the commit message's (subject.go)
	prompt            string           // what the user asked, redacted; "" with --no-prompts (textpolicy.go)
	redactions        int              // secrets taken out of its prompt and prose (textpolicy.go)
	trailerRedactions int              // and out of its trailers, when its message was built
	red               *redact.Redactor // what redacts its message; nil before compose
	transcript        string           // Aiedit-Transcript value, once the transcript's hash is known
	turn              string           // a live series' response: its turn key, which names it instead (series.go)
	extra             trailer.Record   // what seal sets: a live session's trailers, digest, workdirs, verification (commitmsg.go)
	digest            string           // Aiedit-Response-Digest (digest.go); "" when unknown
	verify            *verification    // its transcript's, on its last commit of the run (verify.go)
	unexplained       []string         // paths a live turn took from the working tree (settle.go)

	ranges   *attribution.Owned // lines each block wrote, by file (attribution.go)
	assisted string             // the Assisted-by value; "" for none

	commit          plumbing.Hash // zero: no commit
	alreadyRecorded bool          // an earlier run committed it; commit is that commit

	// The retry loop (retryloop.go). A round is a responseState of its
	// own, with round > 0, held by the response it retries.
	round       int
	rounds      []*responseState
	retryStop   *retryStop   // why the loop ended; nil when it did not run
	outstanding []retry.Item // after the loop: what still did not apply (the final state)
}

// unresolved reports whether the response still has blocks that did not
// apply once its retry rounds are over.
func (r *responseState) unresolved() bool {
	if r.retryStop != nil {
		return len(r.outstanding) > 0
	}
	return !r.summary().Clean()
}

// release drops what a finished response's applied blocks no longer need
// (their text, which may be whole files), keeping what reports name, so
// that a long run does not hold every response it has applied. Blocks
// that did not apply keep everything: a retry prompt quotes them.
//
// Strings are copied too: a path cut from the response's text would keep
// the whole segment of it that the parser read (64 KiB) alive.
func (r *responseState) release() {
	for _, rs := range r.all() {
		rs.model = strings.Clone(rs.model)
		rs.ranges.ClonePaths()
		for i := range rs.blocks.head {
			b := &rs.blocks.head[i]
			if !b.OK() { // one that applied was slimmed when it was recorded
				b.Path, b.Message = strings.Clone(b.Path), strings.Clone(b.Message)
			}
		}
		for i := range rs.shell {
			s := &rs.shell[i]
			s.Path, s.Message = strings.Clone(s.Path), strings.Clone(s.Message)
			if s.Op != nil {
				op := *s.Op
				op.Raw, op.Command = strings.Clone(op.Raw), slimCommand(op.Command)
				s.Op = &op
			}
		}
	}
}

// opSlab hands out slimmed operations from blocks of them: a response
// of 10,000 blocks would otherwise make 10,000 allocations of a large
// struct. A block is kept while any of its operations is, as they all
// are until the run ends.
type opSlab struct{ free []editcore.Op }

// slimOp keeps what reports and trailers say of an applied operation: not
// its text, which is the size of the files it wrote.
func (s *opSlab) slimOp(op *editcore.Op) *editcore.Op {
	if len(s.free) == 0 {
		s.free = make([]editcore.Op, 128)
	}
	o := &s.free[0]
	s.free = s.free[1:]
	*o = editcore.Op{Kind: op.Kind, Format: op.Format, Path: strings.Clone(op.Path), From: strings.Clone(op.From),
		Line: op.Line, Command: slimCommand(op.Command), Executed: op.Executed, Mode: op.Mode, Recursive: op.Recursive,
		OutsideWhy: strings.Clone(op.OutsideWhy)}
	return o
}

// slimCommand keeps what reports and trailers say of a shell command.
func slimCommand(c *shell.Command) *shell.Command {
	if c == nil {
		return nil
	}
	return &shell.Command{Text: strings.Clone(c.Text), Program: strings.Clone(c.Program), Line: c.Line, Op: c.Op,
		Recursive: c.Recursive, Reason: strings.Clone(c.Reason)}
}

// all is the response followed by its retry rounds.
func (r *responseState) all() []*responseState {
	return append([]*responseState{r}, r.rounds...)
}

// summary counts the response's blocks.
func (r *responseState) summary() editcore.Summary {
	return r.blocks.summary()
}

// summary counts every block of the run.
func (s *runState) summary() editcore.Summary {
	var sum editcore.Summary
	for _, r := range s.responses {
		for _, x := range r.all() {
			sum.Add(x.summary())
		}
	}
	return sum
}

// problems reports whether anything did not apply or pass: a block, a
// shell operation or a check (exit status 1).
func (s *runState) problems() bool {
	for _, r := range s.responses {
		if r.unresolved() {
			return true
		}
	}
	for _, resp := range s.responses {
		for _, r := range resp.all() {
			if r.problemsBesidesBlocks() {
				return true
			}
		}
	}
	return false
}

// shellFailed counts the run's shell operations that failed: they are no
// blocks, so Aiedit-Summary does not count them, but the run's last line
// must, or a run that exits 1 would say nothing failed.
func (s *runState) shellFailed() int {
	n := 0
	for _, resp := range s.responses {
		for _, r := range resp.all() {
			for _, sh := range r.shell {
				if sh.Status == editcore.Failed {
					n++
				}
			}
		}
	}
	return n
}

// problemsBesidesBlocks: a shell operation failed or a check did not pass.
func (r *responseState) problemsBesidesBlocks() bool {
	for _, sh := range r.shell {
		if sh.Status == editcore.Failed {
			return true
		}
	}
	for _, c := range r.checks {
		if !c.OK() {
			return true
		}
	}
	return false
}

// hasNew reports whether any response not recorded before has something
// to record.
func (s *runState) hasNew() bool {
	for _, r := range s.responses {
		if !r.alreadyRecorded && r.blocks.Len()+len(r.shell) > 0 {
			return true
		}
	}
	return false
}

// commits counts the commits this run made.
func (s *runState) commits() int {
	n := 0
	for _, resp := range s.responses {
		for _, r := range resp.all() {
			if !r.commit.IsZero() && !r.alreadyRecorded {
				n++
			}
		}
	}
	for _, v := range s.verifications {
		if !v.reconciled.IsZero() {
			n++
		}
	}
	return n
}

// rollBack records that the response's changes are not in its commit:
// its applied blocks and shell operations become failed/check_failed.
func (r *responseState) rollBack(reason string) {
	r.blocks.rollBack(reason)
	for i := range r.shell {
		if s := &r.shell[i]; s.Status == editcore.Applied {
			s.Status, s.Message = editcore.Failed, reason
		}
	}
}

// drop takes a response (or a retry round) that leaves nothing out of
// the run's record.
func (s *runState) drop(r *responseState) {
	s.responses = slices.DeleteFunc(s.responses, func(x *responseState) bool { return x == r })
	for _, x := range s.responses {
		x.rounds = slices.DeleteFunc(x.rounds, func(y *responseState) bool { return y == r })
	}
}

// label names the response for people: "response 3", or with several
// transcripts "response 3 of fix.md".
func (r *responseState) label(multi bool) string {
	if r.round > 0 {
		return fmt.Sprintf("retry %d of %s", r.round, r.origLabel(multi))
	}
	return r.origLabel(multi)
}

// progressLabel is the status line on a terminal: the response, out of
// how many when the transcript was counted ahead, and the transcript.
func (r *responseState) progressLabel() string {
	n := fmt.Sprint(r.index)
	name := "?"
	if r.in != nil {
		if c := int(r.in.count.Load()); c >= r.index {
			n += fmt.Sprintf("/%d", c)
		}
		name = r.in.label
	}
	s := fmt.Sprintf("response %s · %s", n, name)
	if r.round > 0 {
		s = fmt.Sprintf("retry %d of %s", r.round, s)
	}
	return s
}

func (r *responseState) origLabel(multi bool) string {
	if multi && r.in != nil {
		return fmt.Sprintf("response %d of %s", r.index, r.in.label)
	}
	return fmt.Sprintf("response %d", r.index)
}

// retried reports whether a retry command answered in this run.
func (s *runState) retried() bool {
	for _, r := range s.responses {
		for _, x := range r.rounds {
			if !x.alreadyRecorded {
				return true
			}
		}
	}
	return false
}
