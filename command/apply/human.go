package apply

import (
	"fmt"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// human writes the progress and summary people read, on standard error.
type human struct {
	w        io.Writer
	quiet    bool
	verbose  bool
	color    bool
	progress *progressWriter // on a terminal: w, with a status line
}

func newHuman(o *Options) *human {
	w := o.Stderr
	if w == nil {
		w = io.Discard
	}
	h := &human{w: w, quiet: o.Quiet, verbose: o.Verbose, color: o.Color}
	if o.Progress {
		h.progress = &progressWriter{w: w}
		h.w = h.progress
	}
	return h
}

const (
	green  = "\x1b[32m"
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	dim    = "\x1b[2m"
	reset  = "\x1b[0m"
)

func (h *human) paint(color, s string) string {
	if !h.color {
		return s
	}
	return color + s + reset
}

func statusColor(s string) string {
	switch st := editcore.Status(s); {
	case st.OK():
		return green
	case st == editcore.Failed:
		return red
	}
	return yellow
}

func (h *human) response(rr *ResponseReport) {
	if h.progress != nil {
		h.progress.show(h.paint(dim, fmt.Sprintf("response %d", rr.Index)))
		return
	}
	if h.quiet {
		return
	}
	fmt.Fprintf(h.w, "%s\n", h.paint(dim, fmt.Sprintf("response %d", rr.Index)))
}

// block prints one line per block: status, path:line, detail and message.
func (h *human) block(b *BlockReport) {
	if h.quiet && b.result.OK() {
		return
	}
	r := b.result
	loc := orDash(r.Path)
	if r.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, r.Line)
	}
	detail := string(r.Error)
	if detail == "" && r.Match != "" && r.Match != "exact" {
		detail = string(r.Match)
	}
	line := fmt.Sprintf("  %s %s", h.paint(statusColor(string(r.Status)), fmt.Sprintf("%-15s", r.Status)), loc)
	if detail != "" {
		line += " (" + detail + ")"
	}
	fmt.Fprintln(h.w, line)
	if r.Message != "" && (!r.OK() || h.verbose) {
		msg := r.Message
		if !h.verbose {
			msg = firstLines(msg, 12)
		}
		for _, l := range strings.Split(msg, "\n") {
			fmt.Fprintf(h.w, "      %s\n", l)
		}
	}
}

func (h *human) shell(s *ShellReport) {
	if h.quiet && s.Status != string(editcore.Failed) {
		return
	}
	fmt.Fprintf(h.w, "  %s $ %s\n", h.paint(statusColor(s.Status), fmt.Sprintf("%-15s", s.Status)), s.Command)
	if s.Message != "" && (s.Status != string(editcore.Applied) || h.verbose) {
		fmt.Fprintf(h.w, "      %s\n", s.Message)
	}
}

func (h *human) note(format string, args ...any) {
	if !h.quiet {
		fmt.Fprintf(h.w, format+"\n", args...)
	}
}

func (h *human) retrying(branch string) {
	fmt.Fprintf(h.w, "branch %s moved while applying; applying again on its new tip\n", branch)
}

// finish prints the summary and how to review the branch.
func (h *human) finish(rep *Report, a *applier, committed bool) {
	if h.progress != nil {
		h.progress.clear()
	}
	s := rep.Summary
	parts := []string{fmt.Sprintf("%d applied", s.Applied)}
	for _, c := range []struct {
		n    int
		name string
	}{{s.AlreadyApplied, "already applied"}, {s.Validated, "validated"}, {s.Failed, "failed"}, {s.Skipped, "skipped"}, {s.NotInContext, "not in context"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.name))
		}
	}
	commits := 0
	for _, rr := range rep.Responses {
		if rr.Commit != nil && !rr.AlreadyRecorded {
			commits++
		}
	}
	fmt.Fprintf(h.w, "%s\n", strings.Join(parts, ", "))
	switch {
	case rep.DryRun:
		fmt.Fprintf(h.w, "dry run: nothing was written\n")
		return
	case !committed:
		fmt.Fprintf(h.w, "nothing new to record; branch %s unchanged\n", a.branchName)
		return
	}
	fmt.Fprintf(h.w, "%d commit(s) on %s (%s)\n", commits, a.branchName, rep.Head[:12])
	if h.quiet {
		return
	}
	base := a.baseName
	fmt.Fprintf(h.w, "review:\n  git log -p %s..%s\n  git switch %s\n  git diff %s...%s\n",
		base, a.branchName, a.branchName, base, a.branchName)
	if a.opts.Worktree != "" {
		fmt.Fprintf(h.w, "checked out in %s\n", a.opts.Worktree)
	}
}

func (r *Report) shellFailed() bool {
	for _, rr := range r.Responses {
		for _, s := range rr.Shell {
			if s.Status == string(editcore.Failed) {
				return true
			}
		}
	}
	return false
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}
