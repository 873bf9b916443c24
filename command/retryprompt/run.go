// Package retryprompt implements `git aiedit retry-prompt`: the text to
// hand back to the model for the blocks of a branch (or one response)
// that did not apply, as internal/retry builds it.
package retryprompt

import (
	"context"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/retry"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// Options are the inputs of `git aiedit retry-prompt [COMMIT|BRANCH]`.
type Options struct {
	IO  *iostreams.IOStreams
	Dir string // where to look for the repository ("" = current directory)
	Rev string // a commit, a branch or a range; "" = the current branch
}

// Run writes the retry prompt to standard output. A branch (or range)
// gathers every response of its newest series of aiedit commits and
// quotes files as they are at its tip; a single commit quotes them as
// that commit left them. Nothing to retry prints nothing on standard
// output and says so on standard error.
func Run(ctx context.Context, opts *Options) error {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if opts.Rev == "" {
		if opts.Rev, err = reviewbranch.Pick(ctx, repo, opts.IO.ErrOut, "retry-prompt"); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	var sel *history.Selection
	if history.IsBranch(ctx, repo, opts.Rev) {
		sel, err = history.Select(ctx, repo, opts.Rev)
	} else {
		sel, err = history.One(ctx, repo, opts.Rev)
	}
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	if len(sel.Responses) == 0 {
		return exitcode.UsageErrorf("retry-prompt: no aiedit commits on %s; name the review branch (git aiedit retry-prompt aiedit/NAME)", sel.Name)
	}
	files, err := retry.TreeFiles(repo, sel.Tip)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	items, err := retry.Outstanding(ctx, repo, sel.Responses, sel.Tip)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	text, err := retry.Build(items, files)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if text == "" {
		var failed []string
		for _, r := range sel.Responses {
			for _, c := range r.FailedChecks() {
				s := fmt.Sprintf("response %d: check %s %s", r.N, c.Name, c.Status)
				if c.Reason != "" {
					s += ": " + c.Reason
				}
				failed = append(failed, s)
			}
		}
		if len(failed) > 0 {
			fmt.Fprintf(opts.IO.ErrOut, "every block of %s on %s applied, but checks did not pass:\n  %s\n(git aiedit show COMMIT shows them; fix the code, or ask the model with what the check said)\n",
				english.Count(len(sel.Responses), "response"), sel.Name, strings.Join(failed, "\n  "))
			return nil
		}
		if sel.Summary().Problems() > 0 {
			fmt.Fprintf(opts.IO.ErrOut, "nothing to retry: every block of %s on %s that did not apply was settled later on the branch (by a later response, or a change by hand)\n", english.Count(len(sel.Responses), "response"), sel.Name)
			return nil
		}
		fmt.Fprintf(opts.IO.ErrOut, "nothing to retry: every block of %s on %s applied\n", english.Count(len(sel.Responses), "response"), sel.Name)
		return nil
	}
	_, err = fmt.Fprint(opts.IO.Out, text)
	return err
}
