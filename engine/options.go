// Package engine records transcripts as commits: transcripts in, one
// commit per model response out, on a review branch, without touching the
// user's working tree, index or HEAD. `git aiedit apply`, `hook run`
// (live capture), retry rounds and `apply --session` all run it. What it
// does is told as it happens to an Observer (people's output, the JSON
// report, or the caller's own); what it did comes back from Run as a
// Report. -p's questions go to a Decider.
package engine

import (
	"io"
	"time"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// Options are the inputs of one `git aiedit apply` run: flag values plus
// the process's streams, so tests can drive Run directly.
type Options struct {
	Dir         string   // where to look for the repository ("" = current directory)
	Transcripts []string // file names; "-" is standard input
	Branch      string   // -b; default aiedit/<stem of the first transcript>
	Base        string   // --base; default HEAD
	DryRun      bool
	Context     []string // --context, already split on commas
	Format      string   // --format
	From        string   // --from
	Fuzzy       float64  // --fuzzy threshold, 0 = off
	FuzzyText   string   // --fuzzy as the user wrote it ("" = not given): check reads it into Fuzzy
	Workdir     string   // --workdir: the agent's folder, as the record names it; "" = found from the record
	JSON        bool     // with no Observer: the JSON report on IO.Out too
	Worktree    string
	Quiet       bool      // with no Observer: people's output says only failures and the summary
	Verbose     bool      // people's output says every message; -v's debug log and the retry command's stderr
	SummaryMD   string    // --summary-md: write log --markdown's summary of the commits here ("-" = stdout)
	Responses   Responses // --responses: only these responses of each transcript
	// ResponsesText is --responses as the user wrote it (with
	// Given.Responses when it is ""): check reads it into Responses.
	ResponsesText string
	Session       string // --session: apply the session `sessions` lists under this id, or "latest"
	Reconcile     bool   // --reconcile: end with a commit that brings the branch to the recorded result (reconcile.go)

	Live *Live        // set by `hook run`: record a section of an agent's session (live.go)
	Repo *gitops.Repo // an open repository to use instead of discovering one from Dir (not closed)

	// entireHeld: for a transcript resolveEntire wrote (by its path), an
	// older copy of the same session that an ancestor commit's checkpoint
	// holds; its responses are already in the tree the run starts from.
	entireHeld map[string]heldCopy

	// The retry loop (retryloop.go): after a response with failed blocks,
	// RetryCmd is run through sh -c with the retry prompt on its standard
	// input, and what it prints is applied as the next round.
	RetryCmd     string
	Retries      int           // --retries: rounds at most; 0 = git config aiedit.retries, else 2
	RetryTimeout time.Duration // --retry-timeout: per call; 0 = 10 minutes

	// Patch (-p): ask about each block before it is committed
	// (patch.go). Decider answers; nil asks the user on the terminal.
	Patch   bool
	Decider Decider

	// Observer is told what the run does; nil: people's output on
	// IO.ErrOut (Quiet, Verbose) and, with JSON, the report on IO.Out.
	Observer Observer

	// Given says which flags were on the command line although their
	// value is the one that means "not given": `-b ''` and `--retries 0`
	// are refused, not taken as the default. The CLI sets it.
	Given Given

	Checks   string // --checks: off, report or require; "" = git config aiedit.checks, else report
	NoVerify bool   // --no-verify: do not run the repository's commit-msg hook

	NoPrompts bool // --no-prompts: leave the user's prompts out (textpolicy.go)

	// IO: standard input for "-", the JSON report on Out, what people
	// read on ErrOut (colour and a progress line when it is a terminal).
	// nil: no input, output discarded.
	IO *iostreams.IOStreams
}

// Given names the flags whose zero value was given on the command line.
type Given struct {
	Branch, Session, RetryCmd, Retries, RetryTimeout, Responses bool
}

func (o *Options) streams() *iostreams.IOStreams {
	if o.IO == nil {
		o.IO = &iostreams.IOStreams{In: eofReader{}, Out: io.Discard, ErrOut: io.Discard}
	}
	return o.IO
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
