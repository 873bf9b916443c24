package engine

import (
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/retry"
)

// retryPrompt is the text to send back to the model when blocks did not
// apply,
// quoting files as they are at head. It is built by retry.Build
// from exactly what the commits record, so `git aiedit retry-prompt`
// prints the same text from the branch later. Empty when everything
// applied.
func (a *applier) retryPrompt(st *runState) (string, error) {
	var items []retry.Item
	for _, r := range st.responses {
		if r.retryStop != nil {
			// Retried: what is left after the last round, as the branch
			// records it (retry.ItemsOf settles rounds the same way).
			for _, it := range r.outstanding {
				it.Proposed = ""
				items = append(items, it)
			}
			for _, x := range r.all() {
				_, rejected := itemsOf(x)
				items = append(items, rejected...)
			}
			continue
		}
		listed := r.blocks.listed()
		for i, b := range listed {
			if b.Status == editcore.Rejected {
				items = append(items, retry.Item{Response: r.index, Block: i + 1, Path: orDash(b.Path), Status: b.Status})
				continue
			}
			if b.OK() || (b.Error == editcore.ToolFailed && retry.MovedPast(b.Path, laterOutcomes(listed[i+1:]))) {
				continue
			}
			it := retry.Item{Response: r.index, Block: i + 1, Path: orDash(b.Path), Status: b.Status}
			switch it.Status {
			case editcore.Failed, editcore.Skipped, editcore.NotInContext:
				it.Error = b.Error
			}
			it.Reason = reasonOf(b) // as the Aiedit-Reason trailer records it
			if it.Reason != "" {
				it.Line = b.Line
			}
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return "", nil
	}
	files, err := retry.TreeFiles(a.repo, st.head)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	text, err := retry.Build(items, files)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	return text, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// laterOutcomes are the outcomes of a response's blocks after a failed
// tool call (retry.MovedPast).
func laterOutcomes(rs []editcore.Result) []retry.Outcome {
	out := make([]retry.Outcome, len(rs))
	for i, b := range rs {
		out[i] = retry.Outcome{Path: b.Path, Status: b.Status}
	}
	return out
}
