package trailer

import (
	"strconv"
	"strings"
)

// Squashed is the Aiedit-Squashed trailer of a `land --squash` commit,
// "<n> responses from <branch>": how many responses it holds (a retry
// round's commit is not one of its own) and the review branch they came
// from.
type Squashed struct {
	N      int
	Branch string
}

const squashedFrom = " responses from "

// String is the Aiedit-Squashed value.
func (s Squashed) String() string { return strconv.Itoa(s.N) + squashedFrom + s.Branch }

// ParseSquashed reads an Aiedit-Squashed value; ok is false unless it
// has the shape String writes.
func ParseSquashed(v string) (Squashed, bool) {
	n, branch, ok := strings.Cut(v, squashedFrom)
	count, err := number(n)
	if !ok || err != nil || branch == "" {
		return Squashed{}, false
	}
	return Squashed{N: count, Branch: branch}, true
}
