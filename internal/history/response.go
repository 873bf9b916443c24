// Package history reads aiedit commits back: the responses that `git
// aiedit apply` recorded, from nothing but their messages' trailers
// (docs/trailers.md), so it works on any clone, after pushes, pulls and
// rebases that keep messages. It also derives the views the review
// commands share: per-file changes, the pull-request summary and the
// words that describe a failure.
package history

import (
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// Response is one aiedit commit: one model response, as its message's
// subject, prompt and trailers say.
type Response struct {
	Commit  plumbing.Hash
	Parent  plumbing.Hash // first parent; zero for a root commit
	Subject string
	Prompt  string // what the user asked, as the message records it (prompt.go); "" for none
	// RevertedBy is a later commit on the same history whose message says
	// "This reverts commit <Commit>." (git revert's own words); zero when
	// none was seen.
	RevertedBy plumbing.Hash
	trailer.Record
}

// Block is one Aiedit-Block trailer with its Aiedit-Reason.
type Block = trailer.Block

// Shell is one Aiedit-Shell or Aiedit-Unreplayed trailer.
type Shell = trailer.Shell

// Check is one Aiedit-Check trailer.
type Check = trailer.Check

// Summary counts a response's blocks (Aiedit-Summary): the one summary
// type, shared with apply's report.
type Summary = editcore.Summary

// FailedChecks returns the response's checks that did not pass.
func (r *Response) FailedChecks() []Check {
	var out []Check
	for _, c := range r.Checks {
		if !c.OK() {
			out = append(out, c)
		}
	}
	return out
}

// FromCommit reads a commit as a response; ok is false when it carries no
// Aiedit-Response trailer (not an aiedit commit).
func FromCommit(c *gitops.Commit) (r *Response, ok bool) {
	r, ok = Parse(c.Message)
	if !ok {
		return nil, false
	}
	r.Commit = c.Hash
	if len(c.ParentHashes) > 0 {
		r.Parent = c.ParentHashes[0]
	}
	return r, true
}

// Parse reads a commit message. A message is an aiedit commit when its
// trailers hold a valid Aiedit-Response; unknown or malformed
// Aiedit-Block lines are kept as far as they can be read.
func Parse(msg string) (r *Response, ok bool) {
	rec := trailer.Decode(msg)
	if !rec.IsResponse() {
		return nil, false
	}
	return &Response{Subject: strings.TrimSpace(firstLine(msg)), Prompt: promptOf(msg), Record: rec}, true
}

// Short is the abbreviated commit name used in listings.
func (r *Response) Short() string { return r.Commit.String()[:8] }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Label names the response for listings: "1/3", or "1/3 retry 2" for a
// retry round's commit.
func (r *Response) Label() string {
	if r.Round > 0 {
		return fmt.Sprintf("%d/%d retry %d", r.N, r.Total, r.Round)
	}
	return fmt.Sprintf("%d/%d", r.N, r.Total)
}
