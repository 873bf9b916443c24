package engine

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/history"
)

// A re-run never calls the model about a response an earlier run
// recorded (docs/retry-and-review.md). When that earlier run had no
// --retry-cmd, the response's failures were never sent to a model at
// all, and a re-run that adds --retry-cmd retries nothing: the run says
// so, once, with the way to retry them.

// noteUnretried remembers a recorded response whose commit still has
// blocks that did not apply and that no earlier run retried.
func (b *batch) noteUnretried(r *responseState) {
	if len(r.rounds) > 0 || r.commit.IsZero() {
		return // retried by the run that recorded it: its rounds are listed
	}
	c, err := b.a.repo.Commit(r.commit)
	if err != nil {
		return // it is only advice: a commit that cannot be read gets none
	}
	if resp, ok := history.FromCommit(c); ok && !resp.Summary.Clean() {
		b.st.unretried = append(b.st.unretried, r)
	}
}

// unretriedNote is what the run says about them: "" when there are none.
func unretriedNote(rs []*responseState, multi bool, branch string) string {
	if len(rs) == 0 {
		return ""
	}
	var groups []string
	for i := 0; i < len(rs); {
		j := i
		var idx []int
		for ; j < len(rs) && rs[j].in == rs[i].in; j++ {
			idx = append(idx, rs[j].index)
		}
		g := spans(idx)
		if multi {
			g += " of " + rs[i].in.label
		}
		groups = append(groups, g)
		i = j
	}
	noun, verb := "responses", "were"
	if len(rs) == 1 {
		noun, verb = "response", "was"
	}
	return fmt.Sprintf("%s %s %s recorded by an earlier run without --retry-cmd; a re-run does not retry what is recorded, "+
		"so their failed blocks were not sent to the model: to retry them, "+
		"git aiedit retry-prompt %s | <your model> | git aiedit apply -b %s -",
		noun, strings.Join(groups, ", "), verb, branch, branch)
}

// spans writes ascending numbers as "1-3, 5".
func spans(n []int) string {
	var parts []string
	for i := 0; i < len(n); {
		j := i
		for j+1 < len(n) && n[j+1] == n[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", n[i], n[j]))
		} else {
			parts = append(parts, fmt.Sprint(n[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
