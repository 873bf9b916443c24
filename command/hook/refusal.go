package hook

import (
	"encoding/json"
	"strings"
)

// refusal reads apply's JSON report (docs/json-report.md) for the one
// outcome that leaves a turn unrecorded although the run finished: the
// repository's commit-msg hook refused a response's message, and that
// response and every later one of the run were not committed. It returns
// the refused response (its number in the session, as in Aiedit-Response)
// and what the hook
// said; 0 when every response read was recorded. An edit that failed is
// recorded (as failed), so it is no refusal.
func refusal(report []byte) (index int, said string) {
	var rep struct {
		Responses []struct {
			Index  int `json:"index"`
			Checks []struct {
				Name    string `json:"name"`
				Status  string `json:"status"`
				Message string `json:"message"`
			} `json:"checks"`
		} `json:"responses"`
	}
	if json.Unmarshal(report, &rep) != nil {
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
