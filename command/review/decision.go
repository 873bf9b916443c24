package review

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// Verdict is what the reviewer decided about a hunk (the Aiedit-Reviewed
// trailer's, format/trailer).
type Verdict = trailer.Verdict

// Verdicts, as the trailer writes them.
const (
	Accepted = trailer.Accepted
	Rejected = trailer.Rejected
	Edited   = trailer.Edited
)

// Decision is one hunk decided in this run. Edit holds the hunk's new
// lines as the reviewer saved them (Edited only).
type Decision struct {
	Hunk    *Hunk
	Verdict Verdict
	Edit    []string
}

// Trailer is the decision's Aiedit-Reviewed value, as the review commit
// records it: one per hunk, in the order they were decided.
func (d Decision) Trailer() trailer.Reviewed {
	r := d.Hunk.reviewed()
	r.Verdict = d.Verdict
	return r
}

// counts tallies decisions by verdict for messages.
func counts(ds []Decision) string {
	n := map[Verdict]int{}
	for _, d := range ds {
		n[d.Verdict]++
	}
	var out []string
	for _, v := range []Verdict{Accepted, Rejected, Edited} {
		if n[v] > 0 {
			out = append(out, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(out, ", ")
}
