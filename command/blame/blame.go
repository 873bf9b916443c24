// Package blame implements `git aiedit blame FILE [REV]`: git blame with
// each line's owner, a block of a model response or a person, read from
// the attribution notes (so it follows responses through land).
package blame

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// Options are one blame run's inputs.
type Options struct {
	Dir  string
	File string
	Rev  string // "" = HEAD
	JSON bool
	IO   *iostreams.IOStreams
}

// unknownModel stands for a model the transcript did not name, as in the
// Assisted-by trailer (docs/attribution.md).
const unknownModel = "unknown"

// Line is one line of the JSON output.
type Line struct {
	Line   int    `json:"line"`
	Commit string `json:"commit"`
	Owner  string `json:"owner"` // "ai", "human" or "unknown"
	// Reason says why the owner is unknown.
	Reason     string `json:"reason,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	Response   int    `json:"response,omitempty"`
	Total      int    `json:"total,omitempty"`
	Block      int    `json:"block,omitempty"`
	Model      string `json:"model,omitempty"`
	Agent      string `json:"agent,omitempty"`
	// ResponseCommit is the response's own commit (differs from Commit
	// after land).
	ResponseCommit string `json:"response_commit,omitempty"`
	Author         string `json:"author,omitempty"`
	Text           string `json:"text"`
}

// Run annotates every line of the file.
func Run(ctx context.Context, opts *Options) error {
	if opts.File == "" {
		return exitcode.UsageErrorf("blame: name a FILE")
	}
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	defer repo.Close()
	if opts.Rev == "" {
		if opts.Rev, err = checkedOutFrom(ctx, repo, opts); err != nil {
			return err
		}
	}
	if opts.Rev != "" {
		if _, err := repo.ResolveCommit(ctx, opts.Rev); err != nil {
			return exitcode.UsageErrorf("blame: %s is not a commit; name a branch, tag or commit", opts.Rev)
		}
	}
	blamed, err := repo.Blame(ctx, opts.Rev, opts.File)
	if err != nil {
		return exitcode.UsageErrorf("%v", err) // it names blame and the file already
	}
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	lines := make([]Line, 0, len(blamed))
	unknown := map[string]int{} // commit -> lines whose owner is unknown
	var reasons []string        // by commit, in order of first line
	follow := newFollower(repo, res)
	for _, b := range blamed {
		b, o, err := follow.owner(ctx, b)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if o.Unknown {
			if unknown[b.Commit.String()] == 0 {
				reasons = append(reasons, b.Commit.String()+"\x00"+o.Reason)
			}
			unknown[b.Commit.String()]++
		}
		lines = append(lines, lineOf(b, o))
	}
	// Said before the lines, so that a reader of the terminal sees why
	// some owners are "unknown", or not the model; never a guess in their
	// place.
	for _, why := range res.Ignored() {
		fmt.Fprintf(opts.IO.ErrOut, "blame: %s\n", why)
	}
	for _, r := range reasons {
		c, why, _ := strings.Cut(r, "\x00")
		fmt.Fprintf(opts.IO.ErrOut, "blame: cannot tell who wrote %s of commit %.8s: %s\n", english.Count(unknown[c], "line"), c, why)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(lines)
	}
	width := 0
	for _, l := range lines {
		width = max(width, len(ownerText(l)))
	}
	digits := len(fmt.Sprint(len(lines)))
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%s %-*s %*d) %s\n", l.Commit[:8], width, ownerText(l), digits, l.Line, l.Text)
	}
	_, err = fmt.Fprint(opts.IO.Out, b.String())
	return err
}

func lineOf(b gitops.BlameLine, o provenance.Owner) Line {
	l := Line{Line: b.Line, Commit: b.Commit.String(), Owner: "human", Author: b.Author, Text: b.Text}
	if o.Unknown {
		l.Owner, l.Author, l.Reason = "unknown", "", o.Reason
	}
	if o.AI {
		r := o.Response
		l.Owner, l.Author = "ai", ""
		l.Transcript, l.Response, l.Total, l.Block = r.Transcript, r.Response, r.Total, o.Block
		l.Model, l.Agent, l.ResponseCommit = r.Model, r.Agent, r.Commit
	}
	return l
}

// ownerText is the owner column: "ai 2/3 b1 gpt-4o", or "human Ada". A
// model the transcript did not name is "unknown", as Assisted-by says it:
// a blank would read as a missing value (the JSON leaves the field out).
func ownerText(l Line) string {
	switch l.Owner {
	case "unknown":
		return "unknown"
	case "human":
		return "human " + l.Author
	}
	s := fmt.Sprintf("ai %d/%d", l.Response, l.Total)
	if l.Block > 0 {
		s += fmt.Sprintf(" b%d", l.Block)
	} else {
		s += " b?"
	}
	model := l.Model
	if model == "" {
		model = unknownModel
	}
	return s + " " + model
}
