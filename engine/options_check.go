package engine

import (
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/internal/didyoumean"
	"github.com/git-aiedit/git-aiedit/internal/entire"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// check refuses options that cannot run, before anything is read: every
// check of apply's flags is here, whoever calls Run (the CLI only maps
// its flags to Options, text as written), in the order the user is told
// about them. It reads the flags given as text into their values.
func (o *Options) check() error {
	g := o.Given
	if (g.Retries || o.Retries != 0) && o.Retries < 1 {
		return exitcode.UsageErrorf("--retries %d: want 1 or more rounds (leave --retry-cmd out not to retry)", o.Retries)
	}
	if (g.RetryTimeout || o.RetryTimeout != 0) && o.RetryTimeout <= 0 {
		return exitcode.UsageErrorf("--retry-timeout %s: want a positive duration such as 5m", o.RetryTimeout)
	}
	if (g.RetryCmd || o.RetryCmd != "") && strings.TrimSpace(o.RetryCmd) == "" {
		return exitcode.UsageErrorf("--retry-cmd needs a command, e.g. --retry-cmd 'claude -p'")
	}
	if (g.Session || o.Session != "") && strings.TrimSpace(o.Session) == "" {
		return exitcode.UsageErrorf("--session needs a session id, or latest; run 'git aiedit sessions' to list them")
	}
	if (g.Branch || o.Branch != "") && strings.TrimSpace(o.Branch) == "" {
		return exitcode.UsageErrorf("-b/--branch needs a branch name, e.g. -b aiedit/fix")
	}
	if o.Session != "" && len(o.Transcripts) > 0 {
		return exitcode.UsageErrorf("--session names the transcript; give no TRANSCRIPT with it")
	}
	if o.Session == "" && len(o.Transcripts) == 0 {
		if strings.EqualFold(strings.TrimSpace(o.From), string(transcript.Entire)) {
			return exitcode.UsageErrorf("--from entire needs a checkpoint id (12 hex digits) or a commit with an %s trailer", entire.Trailer)
		}
		return exitcode.UsageErrorf("no transcript given; name a file, or - for standard input")
	}
	if o.Live != nil && (len(o.Transcripts) != 1 || o.Transcripts[0] == "-") {
		return exitcode.UsageErrorf("a live session is one transcript file")
	}
	if o.FuzzyText != "" {
		t, err := ParseFuzzy(o.FuzzyText)
		if err != nil {
			return err
		}
		o.Fuzzy = t
	}
	if err := checkFuzzy(o.Fuzzy, strconv.FormatFloat(o.Fuzzy, 'g', -1, 64)); err != nil {
		return err
	}
	if g.Responses || o.ResponsesText != "" {
		r, err := ParseResponses(o.ResponsesText)
		if err != nil {
			return exitcode.WithCode(exitcode.Usage, err)
		}
		o.Responses = r
	}
	if o.Workdir != "" && !transcript.IsAbsWorkdir(o.Workdir) {
		return exitcode.UsageErrorf("--workdir %q is not an absolute path; give the folder the agent worked in as its record names it, e.g. --workdir /home/me/proj or --workdir 'C:\\Users\\me\\proj'", o.Workdir)
	}
	if o.Format != "" {
		if _, err := parse.Lookup(o.Format); err != nil {
			return exitcode.UsageErrorf("unknown --format %q; use one of %s", o.Format, strings.Join(parse.Names(), ", "))
		}
	}
	if o.From != "" {
		if _, err := transcript.ParseSource(o.From); err != nil {
			if s := didyoumean.Suggest(strings.ToLower(strings.TrimSpace(o.From)), transcript.SourceNames()); s != "" {
				return exitcode.UsageErrorf("unknown --from %q; did you mean %s? (sources: %s)", o.From, s, strings.Join(transcript.SourceNames(), ", "))
			}
			return exitcode.UsageErrorf("unknown --from %q; use one of %s", o.From, strings.Join(transcript.SourceNames(), ", "))
		}
	}
	if o.JSON && o.SummaryMD == "-" {
		return exitcode.UsageErrorf("--json and --summary-md - would both write to standard output; write the summary to a file (--summary-md FILE)")
	}
	if o.Patch && o.DryRun {
		return exitcode.UsageErrorf("-p cannot be combined with --dry-run: a dry run records nothing to decide on")
	}
	for _, t := range o.Transcripts {
		if o.Patch && o.Decider == nil && t == "-" {
			return exitcode.UsageErrorf("-p reads your answers from standard input, so the transcript cannot be - too; save it to a file first")
		}
	}
	if o.RetryCmd != "" && o.DryRun {
		return exitcode.UsageErrorf("--retry-cmd cannot be combined with --dry-run: a dry run records no answer")
	}
	if o.Retries > 0 && o.RetryCmd == "" {
		return exitcode.UsageErrorf("--retries needs --retry-cmd CMD, the command that asks the model")
	}
	if o.RetryTimeout > 0 && o.RetryCmd == "" {
		return exitcode.UsageErrorf("--retry-timeout needs --retry-cmd CMD, the command that asks the model")
	}
	if o.Worktree != "" && o.DryRun {
		return exitcode.UsageErrorf("--worktree cannot be combined with --dry-run: a dry run makes no branch to check out")
	}
	if o.Worktree != "" {
		// git worktree add wants a new or empty directory: say so now,
		// not after the commits are made.
		if info, err := os.Stat(o.Worktree); err == nil {
			entries, _ := os.ReadDir(o.Worktree)
			if !info.IsDir() || len(entries) > 0 {
				return exitcode.UsageErrorf("--worktree %s already exists; name a new directory for the review checkout", o.Worktree)
			}
		}
	}
	return nil
}

// ParseFuzzy reads --fuzzy's threshold as the user wrote it. It and
// check refuse a bad one with the same words (checkFuzzy), whether the
// CLI read it from text or a caller set it.
func ParseFuzzy(s string) (float64, error) {
	t, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		t = math.NaN()
	}
	return t, checkFuzzy(t, s)
}

func checkFuzzy(t float64, given string) error {
	if math.IsNaN(t) || t < 0 || t > 1 {
		return exitcode.UsageErrorf("--fuzzy=%s: want a similarity between 0 and 1, e.g. --fuzzy=0.9", given)
	}
	return nil
}
