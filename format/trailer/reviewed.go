package trailer

import (
	"strconv"
	"strings"
)

// Verdict is what a reviewer decided about a hunk.
type Verdict string

// Verdicts, as Aiedit-Reviewed writes them.
const (
	Accepted Verdict = "accepted" // kept as the response wrote it
	Rejected Verdict = "rejected" // taken back by the review commit
	Edited   Verdict = "edited"   // replaced by what the reviewer saved
)

// Reviewed is one Aiedit-Reviewed trailer, one hunk a review decided:
//
//	<n>/<total> b<block>[,<block>…] <verdict> <hunk id> <path>
//
// for example "2/5 b3 rejected 3f2a1bc9.4 app.py": the response and the
// blocks that wrote the hunk ("b0" when none is known), the verdict, the
// hunk's id (what `review --list` prints), the path last (it may hold
// spaces).
type Reviewed struct {
	N, Total int
	Blocks   []int // none: unknown ("b0")
	Verdict  Verdict
	HunkID   string
	Path     string
}

// Label is the value's "<n>/<total> b<blocks>": the response and blocks a
// hunk came from, as review names it.
func (r Reviewed) Label() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.N))
	b.WriteByte('/')
	b.WriteString(strconv.Itoa(r.Total))
	b.WriteString(" b")
	if len(r.Blocks) == 0 {
		b.WriteByte('0')
	}
	for i, n := range r.Blocks {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// String is the Aiedit-Reviewed value.
func (r Reviewed) String() string {
	return r.Label() + " " + string(r.Verdict) + " " + r.HunkID + " " + r.Path
}

// ParseReviewed reads an Aiedit-Reviewed value; ok is false when it does
// not have the shape String writes. A value it reads, String writes back
// byte for byte.
func ParseReviewed(v string) (Reviewed, bool) {
	f := strings.SplitN(v, " ", 5)
	if len(f) != 5 || f[4] == "" {
		return Reviewed{}, false
	}
	n, total, ok := strings.Cut(f[0], "/")
	r := Reviewed{Verdict: Verdict(f[2]), HunkID: f[3], Path: f[4]}
	var err1, err2 error
	r.N, err1 = number(n)
	r.Total, err2 = number(total)
	if !ok || err1 != nil || err2 != nil {
		return Reviewed{}, false
	}
	blocks, ok := strings.CutPrefix(f[1], "b")
	if !ok {
		return Reviewed{}, false
	}
	if blocks != "0" {
		for _, s := range strings.Split(blocks, ",") {
			b, err := number(s)
			if err != nil || b == 0 {
				return Reviewed{}, false
			}
			r.Blocks = append(r.Blocks, b)
		}
	}
	switch r.Verdict {
	case Accepted, Rejected, Edited:
	default:
		return Reviewed{}, false
	}
	if !IsHunkID(r.HunkID) {
		return Reviewed{}, false
	}
	return r, true
}

// number reads a count written by strconv.Itoa: digits, no sign, no
// leading zero (so that what is read writes back the same).
func number(s string) (int, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" || len(s) > 1 && s[0] == '0' {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(s)
}

// IsHunkID reports whether s has a hunk id's shape: 8 hex digits (the
// start of the response's commit), a dot, a number, and optionally a dot
// and a part number.
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
