package engine

import (
	"fmt"
	"io"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/editcore"
)

// Observer is told what a run does. The engine itself prints nothing:
// what people read is one Observer (human.go), the JSON report another
// (JSONObserver), and a caller such as `hook run` may pass its own or
// none. Events come in the order they happen, from one goroutine; a
// build made again after another writer moved the branch is silent (its
// first build was shown), so the Report is what the run recorded.
type Observer interface {
	// Observe is given each event as it happens.
	Observe(Event)
	// Report is given the run's report once it is over: also when the
	// run built its commits but could not move the branch to them. An
	// error it returns ends a run that had otherwise finished (exit 2).
	Report(*Report) error
}

// Event is one of the types below.
type Event interface{ event() }

// ResponseStarted: a response (or a retry round of one) is being applied.
type ResponseStarted struct {
	Index      int    // 1-based, in its transcript
	Round      int    // the retry round; 0 for the response itself
	Transcript string // the transcript's name, "stdin" for -
	Label      string // how people call it: "response 3", "retry 1 of response 3 of fix.md"
	Progress   string // the terminal's status line: "response 3/40 · fix.md"
}

// BlockDone: one edit block's outcome.
type BlockDone struct{ Result editcore.Result }

// ShellDone: one shell operation's outcome.
type ShellDone struct{ Result editcore.Result }

// CheckDone: one check's outcome on the response being applied.
type CheckDone struct{ Outcome check.Outcome }

// Note is something people are told along the way. Important ones (a
// refusal, a warning) are shown even under -q.
type Note struct {
	Text      string
	Important bool
}

// RetryAsked: the retry command is run for a response's next round.
type RetryAsked struct {
	Label   string // the response retried
	Round   int
	Command string
}

// RetryStopped: a response's retry loop ended, and why.
type RetryStopped struct {
	Label   string // the response retried
	Reason  string // as in the report's retry_stopped.reason
	Message string
	Tail    string // the end of the command's standard error, when it failed
}

// BranchMoved: another writer moved the branch (or holds its lock) while
// the run applied; the run builds again on its new tip.
type BranchMoved struct {
	Branch string
	Locked bool // a git process holds the ref's lock; the branch did not move
}

// Finished: the run is over and the branch moved, or there was nothing to
// move it for. Not sent when the run ends with an error.
type Finished struct {
	Summary     editcore.Summary // the run's blocks counted
	ShellFailed int              // shell operations that failed (no blocks: not in Summary)
	Outside     int              // operations outside the repository, not replayed
	// Notes are told after the counts: secrets redacted, responses an
	// earlier run recorded, the replay's verification, responses left
	// unretried, a refusal of the commit-msg hook.
	Notes     []string
	DryRun    bool
	Stopped   bool // the build stopped early: nothing from there on is recorded
	Committed bool // the branch moved
	Commits   int  // commits this run made
	Head      string
	Branch    string // short name
	Existed   bool   // the branch existed before the run
	Base      string // what the user calls the base, for review commands
	Worktree  string // where --worktree checked the branch out
}

func (ResponseStarted) event() {}
func (BlockDone) event()       {}
func (ShellDone) event()       {}
func (CheckDone) event()       {}
func (Note) event()            {}
func (RetryAsked) event()      {}
func (RetryStopped) event()    {}
func (BranchMoved) event()     {}
func (Finished) event()        {}

// Discard observes nothing: for a caller that reads the returned Report.
var Discard Observer = discard{}

type discard struct{}

func (discard) Observe(Event)        {}
func (discard) Report(*Report) error { return nil }

// JSONObserver writes the report as JSON (docs/json-report.md) to W.
type JSONObserver struct{ W io.Writer }

func (JSONObserver) Observe(Event) {}

func (j JSONObserver) Report(r *Report) error { return r.writeJSON(j.W) }

// observers is several observers, told everything in order.
type observers []Observer

func (list observers) Observe(e Event) {
	for _, o := range list {
		o.Observe(e)
	}
}

func (list observers) Report(r *Report) error {
	var first error
	for _, o := range list {
		if err := o.Report(r); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// observer is the run's: Options.Observer, else what the flags ask for,
// people's output on the error stream and, with --json, the report on
// standard output.
func (o *Options) observer() Observer {
	if o.Observer != nil {
		return o.Observer
	}
	s := o.streams()
	h := newHuman(s, o.Quiet, o.Verbose, o.Patch)
	if !o.JSON {
		return h
	}
	return observers{h, JSONObserver{W: s.Out}}
}

// emitter turns what the run does into events for its observer.
type emitter struct {
	obs Observer
	// countAhead: someone shows "response 3/40", so transcripts are
	// counted ahead (source.go).
	countAhead bool
}

func newEmitter(obs Observer) *emitter {
	p, ok := obs.(progressShower)
	return &emitter{obs: obs, countAhead: ok && p.showsProgress()}
}

// progressShower is an Observer that shows how far the run is.
type progressShower interface{ showsProgress() bool }

func (h *human) showsProgress() bool { return h.progress != nil }

func (list observers) showsProgress() bool {
	for _, o := range list {
		if p, ok := o.(progressShower); ok && p.showsProgress() {
			return true
		}
	}
	return false
}

func (e *emitter) response(r *responseState, multi bool) {
	ev := ResponseStarted{Index: r.index, Round: r.round, Label: r.label(multi), Progress: r.progressLabel()}
	if r.in != nil {
		ev.Transcript = r.in.label
	}
	e.obs.Observe(ev)
}

func (e *emitter) block(r editcore.Result) { e.obs.Observe(BlockDone{r}) }
func (e *emitter) shell(r editcore.Result) { e.obs.Observe(ShellDone{r}) }
func (e *emitter) check(o check.Outcome)   { e.obs.Observe(CheckDone{o}) }

// note tells people something, unless -q.
func (e *emitter) note(format string, args ...any) {
	e.obs.Observe(Note{Text: fmt.Sprintf(format, args...)})
}

// say tells people something they must know, even under -q.
func (e *emitter) say(format string, args ...any) {
	e.obs.Observe(Note{Text: fmt.Sprintf(format, args...), Important: true})
}

func (e *emitter) retryRound(r *responseState, round int, cmd string) {
	e.obs.Observe(RetryAsked{Label: r.label(false), Round: round, Command: cmd})
}

func (e *emitter) retryStopped(r *responseState, s *retryStop) {
	e.obs.Observe(RetryStopped{Label: r.label(false), Reason: s.reason, Message: s.message, Tail: s.tail})
}

func (e *emitter) retrying(branch string, locked bool) {
	e.obs.Observe(BranchMoved{Branch: branch, Locked: locked})
}

// finish tells the run's outcome.
func (e *emitter) finish(st *runState, a *applier, committed bool) {
	f := Finished{
		Summary: st.summary(), ShellFailed: st.shellFailed(), Outside: st.outside(),
		DryRun: st.dryRun, Stopped: st.stop != "", Committed: committed, Commits: st.commits(), Head: short(st.head),
		Branch: a.branchName, Existed: a.exists, Base: a.baseName, Worktree: a.opts.Worktree,
	}
	if n := st.redactions(); n > 0 {
		f.Notes = append(f.Notes, redactedNote(n))
	}
	where := "on " + a.branchName
	if !a.exists {
		// A new branch: what is recorded is in the history it starts
		// from (a landed branch's commits, say).
		where = "in " + a.baseName + "'s history"
	}
	if note := alreadyNote(st, where); note != "" {
		f.Notes = append(f.Notes, note)
	}
	for _, v := range st.verifications {
		f.Notes = append(f.Notes, v.lines(st.multi)...)
	}
	if note := unretriedNote(st.unretried, st.multi, a.branchName); note != "" {
		f.Notes = append(f.Notes, note)
	}
	if st.stop == stopRefused {
		f.Notes = append(f.Notes, fmt.Sprintf("stopped: the commit-msg hook refused the message of %s, so nothing from there on was recorded; "+
			"fix what the hook says and run the same command again (or pass --no-verify)", st.stoppedAt.label(st.multi)))
	}
	e.obs.Observe(f)
}
