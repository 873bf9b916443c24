package log

import (
	"context"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/format/visible"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/live"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
	"github.com/git-aiedit/git-aiedit/internal/redaction"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Run lists the responses Rev selects (history.Select), newest first.
func Run(ctx context.Context, opts *Options) error {
	if opts.JSON && opts.Markdown {
		return exitcode.UsageErrorf("--json and --markdown cannot be combined; choose one")
	}
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if opts.Session != "" {
		if opts.Rev != "" {
			return exitcode.UsageErrorf("--session names the branch; give no BRANCH or RANGE with it")
		}
		if opts.Rev, err = live.SessionBranch(repo.CommonDir, opts.Session); err != nil {
			return exitcode.WithCode(exitcode.Usage, err)
		}
	}
	if opts.Rev == "" {
		if opts.Rev, err = reviewbranch.Pick(ctx, repo, opts.IO.ErrOut, "log"); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	sel, err := history.Select(ctx, repo, opts.Rev)
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	switch {
	case opts.JSON:
		red, err := redaction.For(ctx, repo)
		if err != nil {
			return err
		}
		return writeJSON(opts.IO.Out, sel, red)
	case opts.Markdown:
		if err := history.WriteMarkdown(ctx, opts.IO.Out, repo, sel); err != nil {
			return err
		}
		return provenance.WriteTable(ctx, opts.IO.Out, repo, sel)
	}
	if len(sel.Responses) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "no aiedit commits on %s (looked for commits with Aiedit trailers on its first-parent history)\n", sel.Name)
		return nil
	}
	writeText(opts, sel)
	return nil
}

// writeText prints one line per response, newest first, and with
// Verbose one line per block and shell command below it.
func writeText(opts *Options, sel *history.Selection) {
	cs := opts.IO.ColorScheme()
	label := labels(sel.Responses)
	width, lwidth := 0, 5
	for _, r := range sel.Responses {
		width = max(width, len(history.Counts(r.Summary)))
		lwidth = max(lwidth, len(label[r]))
	}
	var b strings.Builder
	for i := len(sel.Responses) - 1; i >= 0; i-- {
		r := sel.Responses[i]
		counts := history.Counts(r.Summary)
		pad := strings.Repeat(" ", width-len(counts))
		if r.Summary.Problems() > 0 {
			counts = cs.Red(counts)
		}
		subject := visible.Line(r.Subject) // as the commit has it, control characters escaped
		if failed := r.FailedChecks(); len(failed) > 0 {
			names := make([]string, len(failed))
			for i, c := range failed {
				names[i] = c.Name
			}
			subject = cs.Red("✗ check "+strings.Join(names, ", ")) + "  " + subject
		}
		if !r.RevertedBy.IsZero() {
			subject = cs.Yellow("reverted by "+r.RevertedBy.String()[:8]) + "  " + subject
		}
		fmt.Fprintf(&b, "%s %*s  %s%s  %s\n", cs.Yellow(r.Short()), lwidth, label[r], counts, pad, subject)
		if opts.Verbose {
			for _, c := range r.FailedChecks() {
				b.WriteString("    " + cs.Red("✗ check "+c.Name+" "+c.Status))
				if c.Reason != "" {
					b.WriteString(": " + visible.Line(c.Reason))
				}
				b.WriteString("\n")
			}
			for _, bl := range r.Blocks {
				b.WriteString("    " + history.BlockLine(cs, bl) + "\n")
			}
			for _, s := range r.Shell {
				b.WriteString("    " + history.ShellLine(cs, s) + "\n")
			}
		}
	}
	fmt.Fprint(opts.IO.Out, b.String())
}
