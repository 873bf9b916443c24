package apply

import (
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/command/retryprompt"
	"github.com/git-aiedit/git-aiedit/editcore"
)

// retryPrompt is the text to send back to the model when blocks did not
// apply (seed 001, "Ambiguous Anchor Retry Prompt"; "Not-In-Context"),
// quoting files as they are at head. It is built by retryprompt.Build
// from exactly what the commits record, so `git aiedit retry-prompt`
// prints the same text from the branch later. Empty when everything
// applied.
func (a *applier) retryPrompt(rep *Report, head plumbing.Hash) (string, error) {
	var items []retryprompt.Item
	for _, rr := range rep.Responses {
		for _, b := range rr.Blocks {
			if b.result.OK() {
				continue
			}
			it := retryprompt.Item{Response: rr.Index, Block: b.Index, Path: orDash(b.result.Path), Status: b.result.Status}
			switch it.Status {
			case editcore.Failed, editcore.Skipped, editcore.NotInContext:
				it.Error = b.result.Error
			}
			it.Reason = reasonOf(b) // as the Aiedit-Reason trailer records it
			if it.Reason != "" {
				it.Line = b.result.Line
			}
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return "", nil
	}
	files, err := retryprompt.TreeFiles(a.repo, head)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	text, err := retryprompt.Build(items, files)
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
