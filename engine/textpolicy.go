package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/redaction"
	"github.com/git-aiedit/git-aiedit/redact"
)

// textPolicy holds what a run records of the user's request and how it keeps
// secrets out of history (docs/trailers.md, "Prompt"; docs/privacy.md).
type textPolicy struct {
	prompts bool             // record prompts: not --no-prompts, aiedit.prompts not false
	red     *redact.Redactor // every text from a transcript goes through it
}

// setupTextPolicy reads --no-prompts, aiedit.prompts and aiedit.redact before
// anything is applied: a bad pattern is refused before any work.
func (a *applier) setupTextPolicy(ctx context.Context) error {
	on, err := a.repo.ConfigBool(ctx, "aiedit.prompts", true)
	if err != nil {
		return exitcode.WithCode(exitcode.Usage, err)
	}
	red, err := redaction.For(ctx, a.repo)
	if err != nil {
		return err
	}
	a.text = &textPolicy{prompts: on && !a.opts.NoPrompts, red: red}
	return nil
}

// redact takes secrets out of s, counting them on r.
func (a *applier) redact(r *responseState, s string) string {
	if a.text == nil {
		return s
	}
	out, n := a.text.red.Text(s)
	r.redactions += n
	return out
}

// Bounds on a prompt as it is written: in the commit message, and in the
// JSON report. The whole prompt stays in the transcript, which the
// commit's Aiedit-Transcript and Aiedit-Response trailers name.
const (
	promptLines  = 20
	promptChars  = 1500
	reportPrompt = 4 << 10
)

// takePrompt makes a response's prompt what may be written: redacted
// first (a cut must not leave half a secret), then bounded for the
// report; "" when prompts are not recorded.
func (a *applier) takePrompt(r *responseState) {
	if a.text == nil || !a.text.prompts {
		r.prompt = ""
		return
	}
	p := a.redact(r, printable(r.prompt))
	if len(p) > reportPrompt {
		p = strings.ToValidUTF8(p[:reportPrompt], "") + "\n[…]"
	}
	r.prompt = strings.Clone(p)
}

// promptBlock renders a prompt for the commit body: "Prompt:" and the
// request quoted line by line with "> ", which git log shows as written
// and which no line of can end the message early for git's trailer
// parser (a "---" line would). A long prompt is cut with a marker saying
// where the whole of it is.
func promptBlock(prompt string, index int) string {
	if prompt == "" {
		return ""
	}
	lines := strings.Split(prompt, "\n")
	cut := false
	if len(lines) > promptLines {
		lines, cut = lines[:promptLines], true
	}
	var b strings.Builder
	b.WriteString("Prompt:\n")
	n := 0
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		over := n+len(l) > promptChars
		if over {
			l, cut = shorten(l, max(promptChars-n, 20)), true
		}
		n += len(l)
		if l == "" {
			b.WriteString(">\n")
		} else {
			b.WriteString("> " + l + "\n")
		}
		if over {
			break
		}
	}
	if cut {
		b.WriteString("> […] (cut: the whole prompt is response " + strconv.Itoa(index) + "'s in the transcript the Aiedit-Transcript trailer names)\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// withPrompt is a commit body: the prompt's block, then the model's prose.
func withPrompt(prompt string, index int, body string) string {
	body = strings.TrimSpace(body)
	block := promptBlock(prompt, index)
	switch {
	case block == "":
		return body
	case body == "":
		return block
	}
	return block + "\n\n" + body
}

// redactTrailers takes secrets out of the trailers that quote the
// response (trailer.Quotes). The count is set, not added to: a message may be built again
// (the branch moved, the run rebuilds on the new tip).
func (r *responseState) redactTrailers(ts []trailer.Trailer) []trailer.Trailer {
	if r.red == nil {
		return ts
	}
	n := 0
	for i, t := range ts {
		if trailer.Quotes(t.Key) {
			v, k := r.red.Text(t.Value)
			ts[i].Value, n = v, n+k
		}
	}
	r.trailerRedactions = n
	return ts
}

// allRedactions counts the secrets taken out of a response's text and
// its retry rounds'.
func (r *responseState) allRedactions() int {
	n := 0
	for _, x := range r.all() {
		n += x.redactions + x.trailerRedactions
	}
	return n
}

// redactions counts the secrets taken out of the run's text.
func (s *runState) redactions() int {
	n := 0
	for _, r := range s.responses {
		n += r.allRedactions()
	}
	return n
}

func redactedNote(n int) string {
	return "redacted " + english.Count(n, "secret") + " from the commit messages (each now reads [REDACTED:rule])"
}
