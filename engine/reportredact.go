package engine

import "github.com/git-aiedit/git-aiedit/redact"

// The JSON report quotes the transcripts as the commit messages do: the
// commands, the blocks' paths and messages, the checks' output, the
// folders paths were mapped from, the retry prompt. Each goes through
// the run's redactor, as the trailers that quote them do
// (docs/privacy.md); the counts stay those of the commit messages.

func (rep *Report) redact(red *redact.Redactor) {
	rep.red = red
	rep.RetryPrompt = quote(red, rep.RetryPrompt)
	for _, rr := range rep.Responses {
		for _, w := range rr.Workdirs {
			w.Path = quote(red, w.Path)
		}
		redactLists(red, rr.Blocks, rr.Shell, rr.Checks)
		for _, x := range rr.Retries {
			redactLists(red, x.Blocks, x.Shell, x.Checks)
		}
		if s := rr.RetryStopped; s != nil {
			s.Message, s.StderrTail = quote(red, s.Message), quote(red, s.StderrTail)
		}
	}
}

func redactLists(red *redact.Redactor, blocks []*BlockReport, shell []*ShellReport, checks []*CheckReport) {
	for _, b := range blocks {
		b.redact(red)
	}
	for _, s := range shell {
		s.Command, s.Message = quote(red, s.Command), quote(red, s.Message)
	}
	for _, c := range checks {
		c.Message = quote(red, c.Message)
	}
}

func (b *BlockReport) redact(red *redact.Redactor) {
	b.File, b.Message, b.Match = quote(red, b.File), quote(red, b.Message), quote(red, b.Match)
}

// quote is s redacted. A nil redactor still applies the built-in rules.
func quote(red *redact.Redactor, s string) string {
	out, _ := red.Text(s)
	return out
}
