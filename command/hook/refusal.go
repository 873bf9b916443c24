package hook

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/engine"
)

// refusal finds in the engine's report the one outcome that leaves a turn
// unrecorded although the run finished: the repository's commit-msg hook
// refused a response's message, and that response and every later one of
// the run were not committed. It returns the refused response (its number
// in the session, as in Aiedit-Response) and what the hook said; 0 when
// every response read was recorded. An edit that failed is recorded (as
// failed), so it is no refusal.
func refusal(rep *engine.Report) (index int, said string) {
	if rep == nil {
		return 0, ""
	}
	for _, r := range rep.Responses {
		for _, c := range r.Checks {
			if c.Name == "commit-msg" && c.Status == "failed" {
				return r.Index, strings.TrimSpace(c.Message)
			}
		}
	}
	return 0, ""
}
