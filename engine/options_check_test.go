package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// TestOptionsCheck: every check of apply's flags is made by the engine,
// whoever calls it; a flag given with the value that means "not given"
// is refused when the CLI says it was given.
func TestOptionsCheck(t *testing.T) {
	one := []string{"fix.md"}
	tests := map[string]struct {
		opts Options
		want string // "" = accepted
	}{
		"plain":                               {opts: Options{Transcripts: one}},
		"session alone":                       {opts: Options{Session: "latest"}},
		"retries 0 given":                     {opts: Options{Transcripts: one, RetryCmd: "m", Given: Given{Retries: true}}, want: "--retries 0: want 1 or more rounds (leave --retry-cmd out not to retry)"},
		"retries 0 not given":                 {opts: Options{Transcripts: one, RetryCmd: "m"}},
		"retries below 0":                     {opts: Options{Transcripts: one, RetryCmd: "m", Retries: -1}, want: "--retries -1: want 1 or more rounds (leave --retry-cmd out not to retry)"},
		"retries without command":             {opts: Options{Transcripts: one, Retries: 3}, want: "--retries needs --retry-cmd CMD, the command that asks the model"},
		"retry timeout 0 given":               {opts: Options{Transcripts: one, RetryCmd: "m", Given: Given{RetryTimeout: true}}, want: "--retry-timeout 0s: want a positive duration such as 5m"},
		"retry timeout alone":                 {opts: Options{Transcripts: one, RetryTimeout: time.Minute}, want: "--retry-timeout needs --retry-cmd CMD, the command that asks the model"},
		"retry command empty":                 {opts: Options{Transcripts: one, Given: Given{RetryCmd: true}}, want: "--retry-cmd needs a command, e.g. --retry-cmd 'claude -p'"},
		"retry command blank":                 {opts: Options{Transcripts: one, RetryCmd: "  "}, want: "--retry-cmd needs a command, e.g. --retry-cmd 'claude -p'"},
		"session empty":                       {opts: Options{Given: Given{Session: true}}, want: "--session needs a session id, or latest; run 'git aiedit sessions' to list them"},
		"session and transcript":              {opts: Options{Transcripts: one, Session: "latest"}, want: "--session names the transcript; give no TRANSCRIPT with it"},
		"branch empty":                        {opts: Options{Transcripts: one, Given: Given{Branch: true}}, want: "-b/--branch needs a branch name, e.g. -b aiedit/fix"},
		"no transcript":                       {want: "no transcript given; name a file, or - for standard input"},
		"entire without id":                   {opts: Options{From: "entire"}, want: "--from entire needs a checkpoint id (12 hex digits) or a commit with an Entire-Checkpoint trailer"},
		"fuzzy above 1":                       {opts: Options{Transcripts: one, Fuzzy: 1.5}, want: "--fuzzy=1.5: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
		"fuzzy text":                          {opts: Options{Transcripts: one, FuzzyText: "0.8"}},
		"fuzzy text not a number":             {opts: Options{Transcripts: one, FuzzyText: "x"}, want: "--fuzzy=x: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
		"fuzzy text after the transcripts":    {opts: Options{FuzzyText: "x"}, want: "no transcript given; name a file, or - for standard input"},
		"responses text":                      {opts: Options{Transcripts: one, ResponsesText: "2-3"}},
		"responses text empty given":          {opts: Options{Transcripts: one, Given: Given{Responses: true}}, want: `--responses "" has an empty item; write numbers and ranges like 3-7,9`},
		"responses text from 0":               {opts: Options{Transcripts: one, ResponsesText: "0-2"}, want: `--responses "0-2": responses are numbered from 1`},
		"patch and dry run":                   {opts: Options{Transcripts: one, Patch: true, DryRun: true}, want: "-p cannot be combined with --dry-run: a dry run records nothing to decide on"},
		"patch from stdin":                    {opts: Options{Transcripts: []string{"-"}, Patch: true}, want: "-p reads your answers from standard input, so the transcript cannot be - too; save it to a file first"},
		"patch from stdin, decided elsewhere": {opts: Options{Transcripts: []string{"-"}, Patch: true, Decider: &scripted{}}},
		"json and summary on stdout":          {opts: Options{Transcripts: one, JSON: true, SummaryMD: "-"}, want: "--json and --summary-md - would both write to standard output; write the summary to a file (--summary-md FILE)"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			err := tc.opts.check()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.want)
			assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
		})
	}
}

// TestParseFuzzy: --fuzzy's text is read and refused in one place, with
// the same words whether it is no number or a number out of range.
func TestParseFuzzy(t *testing.T) {
	tests := map[string]struct {
		in   string
		want float64
		err  string
	}{
		"default":      {in: "0.9", want: 0.9},
		"bounds":       {in: "1", want: 1},
		"spaces":       {in: " 0.5 ", want: 0.5},
		"no number":    {in: "abc", err: "--fuzzy=abc: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
		"above":        {in: "2", err: "--fuzzy=2: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
		"below":        {in: "-0.1", err: "--fuzzy=-0.1: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
		"not a number": {in: "NaN", err: "--fuzzy=NaN: want a similarity between 0 and 1, e.g. --fuzzy=0.9"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := ParseFuzzy(tc.in)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestOptionsCheckReadsText: the flags the CLI passes as written are read
// into their values by check, for every caller alike.
func TestOptionsCheckReadsText(t *testing.T) {
	o := Options{Transcripts: []string{"fix.md"}, FuzzyText: "0.8", ResponsesText: "2-3,5"}
	require.NoError(t, o.check())
	assert.Equal(t, 0.8, o.Fuzzy)
	for n, want := range map[int]bool{1: false, 2: true, 3: true, 4: false, 5: true, 6: false} {
		assert.Equal(t, want, o.Responses.Has(n), "response %d", n)
	}
}
