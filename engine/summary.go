package engine

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// writeSummary writes the pull-request summary of this run's commits to
// Options.SummaryMD ("-" = standard output): the same Markdown as
// `git aiedit log --markdown`, built from the commits themselves.
// Responses recorded by an earlier run of the same transcript count too,
// so a re-run writes the same summary.
func (a *applier) writeSummary(ctx context.Context, st *runState) error {
	sel := &history.Selection{Name: a.branchName, Tip: st.head}
	for _, r := range st.responses {
		if r.commit.IsZero() {
			continue
		}
		c, err := a.repo.Commit(r.commit)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if r, ok := history.FromCommit(c); ok {
			sel.Responses = append(sel.Responses, r)
		}
	}
	write := func(w io.Writer) error {
		if err := history.WriteMarkdown(ctx, w, a.repo, sel); err != nil {
			return err
		}
		return provenance.WriteTable(ctx, w, a.repo, sel)
	}
	if a.opts.SummaryMD == "-" {
		return write(a.opts.IO.Out)
	}
	f, err := os.Create(a.opts.SummaryMD)
	if err != nil {
		return exitcode.UsageErrorf("--summary-md: %v", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("--summary-md: %w", err)
	}
	if err := f.Close(); err != nil {
		return exitcode.UsageErrorf("--summary-md: %v", err)
	}
	return nil
}
