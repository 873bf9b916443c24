package reviewcmd

import (
	"fmt"
	"strings"
)

// Verdict is what the reviewer decided about a hunk.
type Verdict string

// Verdicts, as the trailer writes them.
const (
	Accepted Verdict = "accepted" // kept as the response wrote it
	Rejected Verdict = "rejected" // taken back by the review commit
	Edited   Verdict = "edited"   // replaced by what the reviewer saved
)

// Decision is one hunk decided in this run. Edit holds the hunk's new
// lines as the reviewer saved them (Edited only).
type Decision struct {
	Hunk    *Hunk
	Verdict Verdict
	Edit    []string
}

// Trailer is the decision's Aiedit-Reviewed value, as the review commit
// records it:
//
//	Aiedit-Reviewed: <n>/<total> b<block> <verdict> <id> <path>
//
// for example `Aiedit-Reviewed: 2/5 b3 rejected 3f2a1bc9.4 app.py`: the
// response and block first (b3,4 when the lines of two blocks share the
// hunk; b0 when no block is known), the verdict,
// the hunk's id (what `review --list` prints), the path last (it may
// hold spaces). One line per hunk, in the order they were decided.
func (d Decision) Trailer() string {
	return fmt.Sprintf("%s %s %s %s", d.Hunk.Label(), d.Verdict, d.Hunk.ID, d.Hunk.Path)
}

// Recorded is one Aiedit-Reviewed trailer read back.
type Recorded struct {
	Label   string // "2/5 b3"
	Verdict Verdict
	ID      string
	Path    string
}

// ParseReviewed reads an Aiedit-Reviewed value; ok is false when it does
// not have the shape Trailer writes.
func ParseReviewed(v string) (Recorded, bool) {
	f := strings.SplitN(v, " ", 5)
	if len(f) != 5 || f[4] == "" || !strings.Contains(f[0], "/") || !strings.HasPrefix(f[1], "b") {
		return Recorded{}, false
	}
	r := Recorded{Label: f[0] + " " + f[1], Verdict: Verdict(f[2]), ID: f[3], Path: f[4]}
	switch r.Verdict {
	case Accepted, Rejected, Edited:
	default:
		return Recorded{}, false
	}
	if !IsHunkID(r.ID) {
		return Recorded{}, false
	}
	return r, true
}

// IsHunkID reports whether s has a hunk id's shape: 8 hex digits, a
// dot, a number, and optionally a dot and a part number.
func IsHunkID(s string) bool {
	commit, rest, ok := strings.Cut(s, ".")
	if !ok || len(commit) != 8 || strings.Trim(commit, "0123456789abcdef") != "" {
		return false
	}
	parts := strings.Split(rest, ".")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" || p[0] == '0' {
			return false
		}
	}
	return true
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
