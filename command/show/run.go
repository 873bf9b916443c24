package show

import (
	"context"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/format/visible"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/diffview"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Run shows one aiedit commit.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if opts.Rev == "" {
		if opts.Rev, err = newestResponse(ctx, repo, opts); err != nil {
			return err
		}
	}
	sel, err := history.One(ctx, repo, opts.Rev)
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	r := sel.Responses[0]
	cs := opts.IO.ColorScheme()

	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", cs.Yellow("commit "+r.Commit.String()))
	fmt.Fprintf(&b, "response %d/%d of %s", r.N, r.Total, visible.Line(r.TranscriptName()))
	if r.Round > 0 {
		fmt.Fprintf(&b, ", retry round %d (the model's answer to the retry prompt)", r.Round)
	}
	if r.Model != "" {
		fmt.Fprintf(&b, " (model %s)", visible.Line(r.Model))
	}
	fmt.Fprintf(&b, ": %s\n\n    %s\n\n", history.Counts(r.Summary), cs.Bold(visible.Line(r.Subject)))
	for _, bl := range r.Blocks {
		b.WriteString("  " + history.BlockLine(cs, bl) + "\n")
		if why := history.Explain(bl); why != "" {
			b.WriteString("      " + visible.Line(why) + "\n")
		}
	}
	for _, s := range r.Shell {
		b.WriteString("  " + history.ShellLine(cs, s) + "\n")
	}
	for _, o := range r.Omitted {
		b.WriteString("  … " + o.String() + "\n")
	}
	if len(r.Blocks)+len(r.Shell) == 0 {
		b.WriteString("  (no blocks)\n")
	}
	// Checks that passed say nothing a reviewer needs; the trailers keep them.
	for _, c := range r.FailedChecks() {
		line := cs.Red(fmt.Sprintf("  %-15s %s", "check "+c.Status, c.Name))
		if c.Reason != "" {
			line += ": " + visible.Line(c.Reason)
		}
		b.WriteString(line + "\n")
	}
	if _, err := fmt.Fprint(opts.IO.Out, b.String()); err != nil {
		return err
	}
	if opts.NoPatch {
		return nil
	}
	changes, err := history.Changes(ctx, repo, r)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	changes = history.WithRenames(r, changes)
	if len(changes) == 0 {
		_, err = fmt.Fprintln(opts.IO.Out, "\nno file changed")
		return err
	}
	fmt.Fprintln(opts.IO.Out)
	for _, c := range changes {
		if _, err := fmt.Fprint(opts.IO.Out, diffview.File(cs, c)); err != nil {
			return err
		}
	}
	return nil
}

// newestResponse is, when HEAD's branch is not a review branch, the
// newest response of the branch reviewbranch.Pick takes; "" (HEAD)
// otherwise.
func newestResponse(ctx context.Context, repo *gitops.Repo, opts *Options) (string, error) {
	name, err := reviewbranch.Pick(ctx, repo, opts.IO.ErrOut, "show")
	if err != nil || name == "" {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	sel, err := history.Select(ctx, repo, name)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Usage, err)
	}
	if len(sel.Responses) == 0 {
		return name, nil
	}
	return sel.Responses[len(sel.Responses)-1].Commit.String(), nil
}
