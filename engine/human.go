package engine

import (
	"fmt"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/visible"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// human is the Observer people read: each response, block and check as
// it is applied, then the summary, on standard error in the colours of
// iostreams' scheme.
type human struct {
	w        io.Writer
	cs       *iostreams.ColorScheme
	quiet    bool
	verbose  bool
	progress *progressWriter // on a terminal: w, with a status line
}

func newHuman(s *iostreams.IOStreams, quiet, verbose, patch bool) *human {
	h := &human{w: s.ErrOut, cs: s.ErrColorScheme(), quiet: quiet, verbose: verbose}
	if s.IsStderrTTY() && !patch { // -p's questions need the lines to stay
		h.progress = &progressWriter{w: s.ErrOut}
		h.w = h.progress
	}
	return h
}

// statusColor paints a status: green when it is fine, red when it
// failed, yellow for everything that needs a look.
func (h *human) statusColor(st editcore.Status) func(string) string {
	switch {
	case st == editcore.Outside: // not replayed: worth a look
		return h.cs.Yellow
	case st.OK():
		return h.cs.Green
	case st == editcore.Failed:
		return h.cs.Red
	}
	return h.cs.Yellow
}

// Observe prints an event for people.
func (h *human) Observe(e Event) {
	switch e := e.(type) {
	case ResponseStarted:
		h.response(e)
	case BlockDone:
		h.block(e.Result)
	case ShellDone:
		h.shell(e.Result)
	case CheckDone:
		h.check(e.Outcome)
	case Note:
		if e.Important {
			h.say("%s", visible.Text(e.Text))
		} else {
			h.note("%s", visible.Text(e.Text))
		}
	case RetryAsked:
		h.retryRound(e)
	case RetryStopped:
		h.retryStopped(e)
	case BranchMoved:
		h.retrying(e.Branch, e.Locked)
	case Finished:
		h.finish(e)
	}
}

// Report: people read the summary Finished prints.
func (h *human) Report(*Report) error { return nil }

// response heads what follows with the response's name; on a terminal
// it is a status line that the next one replaces when nothing was
// printed under it.
func (h *human) response(r ResponseStarted) {
	if h.progress != nil {
		h.progress.show(h.cs.Dim(visible.Line(r.Progress)))
		return
	}
	if h.quiet {
		return
	}
	fmt.Fprintf(h.w, "%s\n", h.cs.Dim(visible.Line(r.Label)))
}

// block prints one line per block: status, path:line, detail and message.
func (h *human) block(r editcore.Result) {
	if h.quiet && r.OK() {
		return
	}
	// Paths, commands and messages come from the transcript: their
	// control characters (an ESC sequence) are shown, never sent to the
	// terminal (format/visible).
	loc := visible.Line(orDash(r.Path))
	if r.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, r.Line)
	}
	detail := string(r.Error)
	if detail == "" && r.Match != "" && r.Match != "exact" {
		detail = string(r.Match)
	}
	line := fmt.Sprintf("  %s %s", h.statusColor(r.Status)(fmt.Sprintf("%-15s", r.Status)), loc)
	if detail != "" {
		line += " (" + detail + ")"
	}
	fmt.Fprintln(h.w, line)
	if r.Message != "" && (!r.OK() || h.verbose || r.Op != nil && r.Op.OutsideWhy != "") {
		h.indented(strings.TrimPrefix(r.Message, "in "+r.Path+": ")) // the line above names the file
	}
}

// indented prints a message under its line, cut to its first lines
// unless -v.
func (h *human) indented(msg string) {
	if !h.verbose {
		msg = firstLines(msg, 12)
	}
	for _, l := range strings.Split(visible.Text(msg), "\n") {
		fmt.Fprintf(h.w, "      %s\n", l)
	}
}

func (h *human) shell(s editcore.Result) {
	if h.quiet && s.Status != editcore.Failed {
		return
	}
	fmt.Fprintf(h.w, "  %s $ %s\n", h.statusColor(s.Status)(fmt.Sprintf("%-15s", s.Status)), visible.Line(s.Op.Command.Text))
	if s.Message != "" && (s.Status != editcore.Applied || h.verbose) {
		h.indented(s.Message) // a command's output has lines of its own
	}
}

// check prints one check's outcome, and the first lines of what a check
// that did not pass said.
func (h *human) check(o check.Outcome) {
	ok := o.OK()
	if h.quiet && ok {
		return
	}
	paint := h.cs.Green
	if !ok {
		paint = h.cs.Red
	}
	line := fmt.Sprintf("  %s %s", paint(fmt.Sprintf("%-15s", "check "+string(o.Status))), o.Name)
	if o.Message != "" {
		line += ": " + visible.Text(o.Message)
	}
	fmt.Fprintln(h.w, line)
	detail := strings.TrimSpace(o.Detail)
	if ok || detail == "" || detail == o.Message {
		return
	}
	h.indented(detail)
}

func (h *human) note(format string, args ...any) {
	if !h.quiet {
		fmt.Fprintf(h.w, format+"\n", args...)
	}
}

// say prints a line even under -q: something the user must know.
func (h *human) say(format string, args ...any) {
	fmt.Fprintf(h.w, format+"\n", args...)
}

// retryRound announces a call of the retry command.
func (h *human) retryRound(r RetryAsked) {
	if h.progress != nil {
		h.progress.clear()
	}
	h.note("%s: asking for retry %d: %s", r.Label, r.Round, r.Command)
}

// retryStopped says why a response's retry loop ended, even under -q
// when it ended with blocks still failing.
func (h *human) retryStopped(s RetryStopped) {
	line := fmt.Sprintf("%s: retries stopped (%s): %s", visible.Line(s.Label), s.Reason, visible.Line(s.Message))
	if s.Reason == stopApplied {
		h.note("%s", line)
		return
	}
	h.say("%s", h.cs.Yellow(line))
	if s.Tail != "" {
		h.indented(s.Tail)
	}
}

func (h *human) retrying(branch string, locked bool) {
	if locked {
		h.say("another git process is updating branch %s; applying again once it is done", branch)
		return
	}
	h.say("branch %s moved while applying; applying again on its new tip", branch)
}

// finish prints the summary and how to review the branch.
func (h *human) finish(f Finished) {
	if h.progress != nil {
		h.progress.clear()
	}
	line := summaryLine(f.Summary)
	if f.ShellFailed > 0 {
		line += "; " + english.Count(f.ShellFailed, "shell operation") + " failed"
	}
	if f.Outside > 0 {
		line += fmt.Sprintf("; %d outside the repository, not replayed", f.Outside)
	}
	fmt.Fprintf(h.w, "%s\n", line)
	for _, n := range f.Notes {
		fmt.Fprintf(h.w, "%s\n", n)
	}
	switch {
	case f.DryRun:
		fmt.Fprintf(h.w, "dry run: nothing was written\n")
		return
	case !f.Committed && f.Stopped:
		fmt.Fprintf(h.w, "nothing was recorded; branch %s unchanged\n", f.Branch)
		return
	case !f.Committed && !f.Existed:
		fmt.Fprintf(h.w, "nothing to record; branch %s was not made\n", f.Branch)
		return
	case !f.Committed:
		fmt.Fprintf(h.w, "nothing new to record; branch %s unchanged\n", f.Branch)
		return
	}
	fmt.Fprintf(h.w, "%s on %s (%s)\n", english.Count(f.Commits, "commit"), f.Branch, f.Head)
	if h.quiet {
		return
	}
	base := f.Base
	fmt.Fprintf(h.w, "review:\n  git log -p %s..%s\n  git switch %s\n  git diff %s...%s\n",
		base, f.Branch, f.Branch, base, f.Branch)
	if s := f.Summary; s.Failed+s.Skipped+s.NotInContext > 0 {
		// What did not apply is looked at, and asked again, with these.
		fmt.Fprintf(h.w, "  git aiedit log -v %[1]s        # every block and its outcome\n"+
			"  git aiedit show %[1]s          # the newest response: why a block did not apply\n"+
			"  git aiedit retry-prompt %[1]s  # what to tell the model about them\n", f.Branch)
	}
	if f.Worktree != "" {
		fmt.Fprintf(h.w, "checked out in %s\n", f.Worktree)
	}
}

// summaryLine counts the run's blocks for people: applied always, then
// every other count that is not zero, in Aiedit-Summary's order (a dry
// run's validated after already applied).
func summaryLine(s editcore.Summary) string {
	parts := []string{fmt.Sprintf("%d applied", s.Applied)}
	for _, c := range []struct {
		n    int
		name string
	}{{s.AlreadyApplied, "already applied"}, {s.Validated, "validated"}, {s.Failed, "failed"}, {s.Skipped, "skipped"},
		{s.NotInContext, "not in context"}, {s.Rejected, "rejected"}, {s.Edited, "edited"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.name))
		}
	}
	return strings.Join(parts, ", ")
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}
