package apply

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// retryPrompt is the text to send back to the model when blocks did not
// apply (seed 001, "Ambiguous Anchor Retry Prompt"; "Not-In-Context").
// Empty when everything applied.
func retryPrompt(rep *Report) string {
	var ambiguous, failed, skipped, notInContext []string
	for _, rr := range rep.Responses {
		for _, b := range rr.Blocks {
			item := fmt.Sprintf("- %s (response %d, block %d): %s", orDash(b.File), rr.Index, b.Index, b.Message)
			switch {
			case b.result.Error == editcore.AmbiguousAnchor:
				ambiguous = append(ambiguous, item)
			case b.result.Status == editcore.Failed:
				failed = append(failed, item)
			case b.result.Status == editcore.Skipped && b.result.Error != editcore.PreviousEditFailed:
				skipped = append(skipped, item)
			case b.result.Status == editcore.NotInContext:
				notInContext = append(notInContext, "- "+b.File)
			}
		}
	}
	var parts []string
	if len(ambiguous) > 0 {
		parts = append(parts, "Some edits failed due to ambiguous anchors (the context lines matched multiple locations in the file). Please retry these edits with more unique anchor context — include a distinctive preceding line (like a function name, class definition, or unique comment) to disambiguate:\n\n"+strings.Join(ambiguous, "\n"))
	}
	if len(failed) > 0 {
		parts = append(parts, "Some edits could not be applied. Copy the lines to replace exactly from the current file content and retry them:\n\n"+strings.Join(failed, "\n"))
	}
	if len(skipped) > 0 {
		parts = append(parts, "Some edits were skipped:\n\n"+strings.Join(skipped, "\n"))
	}
	if len(notInContext) > 0 {
		parts = append(parts, "Edits to these files were not attempted because you had not seen them in full. They are now added to the context; please retry the edits for them:\n\n"+strings.Join(notInContext, "\n"))
	}
	return strings.Join(parts, "\n\n")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
