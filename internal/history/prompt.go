package history

import (
	"context"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/redaction"
	"github.com/git-aiedit/git-aiedit/redact"
)

// The prompt a commit records is a paragraph of its body: "Prompt:" on a
// line of its own, then the request quoted line by line with "> "
// (docs/trailers.md, "Prompt"). A cut prompt ends with a "> […] (cut: …)"
// line, which is not part of the request.

// promptHeader opens a commit's prompt paragraph.
const promptHeader = "Prompt:"

// promptOf returns the prompt recorded in a commit message, unquoted; ""
// when it records none. Only the paragraphs after the subject and before
// the trailers are looked at.
func promptOf(msg string) string {
	lines := strings.Split(strings.ReplaceAll(msg, "\r\n", "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " ") != promptHeader || strings.TrimSpace(lines[i-1]) != "" {
			continue
		}
		var out []string
		for _, l := range lines[i+1:] {
			switch {
			case l == ">":
				out = append(out, "")
			case strings.HasPrefix(l, "> "):
				t := strings.TrimPrefix(l, "> ")
				if strings.HasPrefix(t, "[…] (cut:") {
					out = append(out, "[…]")
					continue
				}
				out = append(out, t)
			default:
				return strings.TrimSpace(strings.Join(out, "\n"))
			}
		}
		return strings.TrimSpace(strings.Join(out, "\n"))
	}
	return ""
}

// Bounds on a prompt in the pull-request summary: enough to see what was
// asked, short enough to read beside what changed.
const (
	summaryPromptChars = 400
	summaryPromptLines = 6
)

// summaryPrompt cuts a prompt for the pull-request summary, marking the
// cut with "…".
func summaryPrompt(p string) string {
	lines := strings.Split(p, "\n")
	cut := false
	if len(lines) > summaryPromptLines {
		lines, cut = lines[:summaryPromptLines], true
	}
	s := strings.Join(lines, "\n")
	if r := []rune(s); len(r) > summaryPromptChars {
		s, cut = string(r[:summaryPromptChars]), true
		if i := strings.LastIndexAny(s, " \n"); i > summaryPromptChars/2 {
			s = s[:i]
		}
	}
	s = strings.TrimRight(strings.TrimSuffix(strings.TrimSpace(s), "[…]"), " \n")
	if cut || strings.HasSuffix(strings.TrimSpace(p), "[…]") {
		s += " …"
	}
	return s
}

// writePrompts adds "What was asked" to the pull-request summary: each
// response's prompt as a quote, redacted again (a commit may come from
// a run with other patterns, or from before redaction) and cut to
// summaryPromptChars. Nothing when no response records a prompt.
func writePrompts(ctx context.Context, b *strings.Builder, repo *gitops.Repo, rs []*Response) error {
	var red *redact.Redactor
	for _, r := range rs {
		if r.Prompt == "" {
			continue
		}
		if red == nil {
			var err error
			if red, err = redaction.For(ctx, repo); err != nil {
				return err
			}
			b.WriteString("\n### What was asked\n")
		}
		p, _ := red.Text(r.Prompt)
		fmt.Fprintf(b, "\n**%s** `%s`\n\n", r.Label(), r.Short())
		for _, l := range strings.Split(summaryPrompt(p), "\n") {
			if l == "" {
				b.WriteString(">\n")
				continue
			}
			b.WriteString("> " + l + "\n")
		}
	}
	return nil
}
