// Package history reads aiedit commits back: the responses that `git
// aiedit apply` recorded, from nothing but their messages' trailers
// (docs/trailers.md), so it works on any clone, after pushes, pulls and
// rebases that keep messages. It also derives the views the review
// commands share: per-file changes, the pull-request summary and the
// words that describe a failure.
package history

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// Response is one aiedit commit: one model response.
type Response struct {
	Commit     plumbing.Hash
	Parent     plumbing.Hash // first parent; zero for a root commit
	Subject    string
	Prompt     string // what the user asked, as the message records it (prompt.go); "" for none
	Transcript string // Aiedit-Transcript value: "<name> sha256:<hex>"
	N, Total   int    // Aiedit-Response n/total
	Model      string
	// RetryOf and Round: a retry round's commit (Aiedit-Retry-Of: <n>
	// round <k>), the model's answer to round k's prompt about response
	// n's failures; 0 for a response of the transcript itself.
	RetryOf, Round int
	Blocks         []Block
	Shell          []Shell
	Checks         []Check // Aiedit-Check, in the order they ran
	Summary        Summary
	// RevertedBy is a later commit on the same history whose message says
	// "This reverts commit <Commit>." (git revert's own words); zero when
	// none was seen.
	RevertedBy plumbing.Hash
	// Omitted are the Aiedit-Omitted values: how many lines of a
	// per-block trailer a response too large to list left out.
	Omitted []string
}

// Check is one Aiedit-Check trailer: "<name> <status>[ <reason>]".
type Check struct {
	Name   string
	Status string // passed, failed or error
	Reason string
}

// OK reports a check that passed.
func (c Check) OK() bool { return c.Status == "passed" }

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

// Block is one Aiedit-Block trailer: "<n> <status>[:<detail>] <path>".
type Block struct {
	Index  int
	Status editcore.Status
	Detail string             // error type for failed/skipped, match step for a tolerant apply
	Error  editcore.ErrorType // Detail, when Status is failed, skipped or not_in_context
	Path   string             // "-" when unknown
	Reason string             // the Aiedit-Reason recorded for it: what apply said, on one line
	Line   int                // where in the file it landed or came closest (Aiedit-Reason), 0 when unknown
}

// Shell is one Aiedit-Shell trailer: "<status> <command>".
type Shell struct {
	Status  editcore.Status
	Command string
}

// Summary counts a response's blocks (Aiedit-Summary): the one summary
// type, shared with apply's report.
type Summary = editcore.Summary

// OK reports whether the block needs no attention.
func (b Block) OK() bool { return b.Status.OK() }

// FromCommit reads a commit as a response; ok is false when it carries no
// Aiedit-Response trailer (not an aiedit commit).
func FromCommit(c *object.Commit) (r *Response, ok bool) {
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

// Parse reads the trailers of a commit message. A message is an aiedit
// commit when its trailers hold a valid Aiedit-Response; unknown or
// malformed Aiedit-Block lines are kept as far as they can be read.
func Parse(msg string) (r *Response, ok bool) {
	r = &Response{Subject: strings.TrimSpace(firstLine(msg)), Prompt: promptOf(msg)}
	var summary string
	var reasons []string
	for _, t := range gitops.ParseTrailers(msg) {
		switch t.Key {
		case "Aiedit-Transcript":
			r.Transcript = t.Value
		case "Aiedit-Response":
			n, total, found := strings.Cut(t.Value, "/")
			var err1, err2 error
			r.N, err1 = strconv.Atoi(strings.TrimSpace(n))
			r.Total, err2 = strconv.Atoi(strings.TrimSpace(total))
			ok = found && err1 == nil && err2 == nil && r.N > 0
		case "Aiedit-Model":
			r.Model = t.Value
		case "Aiedit-Retry-Of":
			// "<response n> round <k>"
			var n, k int
			if _, err := fmt.Sscanf(t.Value, "%d round %d", &n, &k); err == nil && n > 0 && k > 0 {
				r.RetryOf, r.Round = n, k
			}
		case "Aiedit-Block":
			if b, good := ParseBlock(t.Value); good {
				r.Blocks = append(r.Blocks, b)
			}
		case "Aiedit-Reason":
			reasons = append(reasons, t.Value)
		case "Aiedit-Check":
			name, rest, _ := strings.Cut(strings.TrimSpace(t.Value), " ")
			st, reason, _ := strings.Cut(rest, " ")
			if name != "" && st != "" {
				r.Checks = append(r.Checks, Check{Name: name, Status: st, Reason: reason})
			}
		case "Aiedit-Shell":
			st, cmd, _ := strings.Cut(t.Value, " ")
			r.Shell = append(r.Shell, Shell{Status: editcore.Status(st), Command: cmd})
		case "Aiedit-Unreplayed":
			_, cmd, _ := strings.Cut(t.Value, " ")
			r.Shell = append(r.Shell, Shell{Status: editcore.NotReplayed, Command: cmd})
		case "Aiedit-Omitted":
			r.Omitted = append(r.Omitted, t.Value)
		case "Aiedit-Summary":
			summary = t.Value
		}
	}
	if !ok {
		return nil, false
	}
	for _, v := range reasons {
		n, text, _ := strings.Cut(v, " ")
		i, err := strconv.Atoi(n)
		line := 0
		if rest, ok := strings.CutPrefix(text, "line "); ok {
			if l, after, ok := strings.Cut(rest, ": "); ok {
				if num, err := strconv.Atoi(l); err == nil && num > 0 {
					line, text = num, after
				}
			}
		}
		for k := range r.Blocks {
			if err == nil && r.Blocks[k].Index == i {
				r.Blocks[k].Reason, r.Blocks[k].Line = text, line
			}
		}
	}
	if s, good := parseSummary(summary); good {
		r.Summary = s
	} else {
		for _, b := range r.Blocks {
			r.Summary.Count(b.Status)
		}
	}
	return r, true
}

// ParseBlock reads one Aiedit-Block value. The path is the rest of the
// line, so paths with spaces survive.
func ParseBlock(v string) (Block, bool) {
	n, rest, ok1 := strings.Cut(strings.TrimSpace(v), " ")
	status, path, ok2 := strings.Cut(rest, " ")
	idx, err := strconv.Atoi(n)
	if !ok1 || !ok2 || err != nil || status == "" || path == "" {
		return Block{}, false
	}
	st, detail, _ := strings.Cut(status, ":")
	if st == "" {
		return Block{}, false
	}
	b := Block{Index: idx, Path: path}
	b.Status, b.Detail = editcore.Status(st), detail
	switch b.Status {
	case editcore.Failed, editcore.Skipped, editcore.NotInContext:
		b.Error = editcore.ErrorType(detail)
	}
	return b, true
}

func parseSummary(v string) (Summary, bool) {
	var s Summary
	fields := strings.Fields(v)
	if len(fields) == 0 {
		return s, false
	}
	for _, f := range fields {
		k, val, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(val)
		if !ok || err != nil {
			return s, false
		}
		switch k {
		case "applied":
			s.Applied = n
		case "already_applied":
			s.AlreadyApplied = n
		case "failed":
			s.Failed = n
		case "skipped":
			s.Skipped = n
		case "not_in_context":
			s.NotInContext = n
		case "rejected":
			s.Rejected = n
		case "edited":
			s.Edited = n
		}
	}
	return s, true
}

// TranscriptName is the transcript's file name without its hash.
func (r *Response) TranscriptName() string {
	if i := strings.LastIndex(r.Transcript, " sha256:"); i >= 0 {
		return r.Transcript[:i]
	}
	return r.Transcript
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
