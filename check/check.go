// Package check checks the result of one model response before it is
// committed: built-in syntax checks (package syntax), commands the user
// configured in git config, run in a temporary checkout of the response's
// tree, and the repository's own commit-msg hook on the commit message.
// It runs processes but never prints and never touches the user's
// checkout.
package check

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

// Status is the outcome of one check on one response.
type Status string

const (
	Passed Status = "passed"
	Failed Status = "failed" // the check ran and found a problem
	Broken Status = "error"  // the check could not decide: timed out, could not start
)

// Outcome is what one check found on one response.
type Outcome struct {
	Name    string
	Status  Status
	Message string // one short line saying why, empty when passed
	Detail  string // everything found: the errors, or the command's output
}

// OK reports a check that passed.
func (o Outcome) OK() bool { return o.Status == Passed }

// Trailer is the outcome as its commit's Aiedit-Check trailer records
// it: the reason on one line, at most 100 characters.
func (o Outcome) Trailer() trailer.Check {
	c := trailer.Check{Name: o.Name, Status: string(o.Status)}
	if o.Message != "" {
		c.Reason = shorten(oneLine(o.Message), 100)
	}
	return c
}

// Policy says what a failed check does to a response.
type Policy string

const (
	Off     Policy = "off"     // no check runs
	Report  Policy = "report"  // checks are recorded; the response is committed anyway
	Require Policy = "require" // a response whose check did not pass is not committed
)

// ParsePolicy reads a --checks or aiedit.checks value.
func ParsePolicy(s string) (Policy, error) {
	switch p := Policy(strings.ToLower(strings.TrimSpace(s))); p {
	case Off, Report, Require:
		return p, nil
	}
	return "", fmt.Errorf("unknown checks policy %q; use off, report or require", s)
}

// oneLine joins a text's lines with "; " and squeezes its blanks.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ; ")), " ")
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// shorten cuts s to n characters, marking the cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
