package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/gitops"
)

const (
	subjectWidth = 72
	bodyWidth    = 72
	bodyLines    = 40
)

// printable drops what git would refuse or cut in a commit message: NUL
// and other control characters but tab and newline, and invalid UTF-8.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n':
			return r
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}

// splitSubject returns the response's first prose sentence, without its
// Markdown and trimmed to 72 characters, as the subject, and the prose
// with that sentence taken out, for the body: the subject is said once. A
// subject cut short leaves the prose whole, so the body has the full
// sentence; so does one whose Markdown spans more than the sentence.
func splitSubject(prose string) (subject, rest string) {
	inFence, off := false, 0
	for _, line := range strings.SplitAfter(prose, "\n") {
		start := off
		off += len(line)
		t := strings.TrimSpace(line)
		if isFence(t) {
			inFence = !inFence
			continue
		}
		if inFence || t == "" {
			continue
		}
		plain := undecorate(t)
		if plain == "" {
			continue
		}
		sentence := firstSentence(plain)
		subject = shorten(sentence, subjectWidth)
		raw := firstSentence(t)
		if subject != sentence || undecorate(raw) != sentence || !balanced(raw) {
			return subject, prose
		}
		left := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t[len(raw):]), ":"))
		if left != "" {
			left += "\n"
		}
		return subject, prose[:start] + left + prose[off:]
	}
	return "", prose
}

// balanced reports whether s closes every emphasis and code span it opens.
func balanced(s string) bool {
	return strings.Count(s, "**")%2 == 0 && strings.Count(s, "__")%2 == 0 && strings.Count(s, "`")%2 == 0
}

// undecorate removes the Markdown of a prose line: heading and quote
// marks, list bullets, emphasis and code spans.
func undecorate(t string) string {
	t = strings.TrimSpace(strings.TrimLeft(t, "#>*-+ \t"))
	return strings.NewReplacer("**", "", "__", "", "`", "").Replace(t)
}

func isFence(t string) bool {
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

// firstSentence cuts s after its first full stop, question or exclamation
// mark that ends a word.
func firstSentence(s string) string {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.', '!', '?':
			if i+1 == len(s) || s[i+1] == ' ' {
				return strings.TrimSpace(s[:i+1])
			}
		}
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ":"))
}

// shorten cuts s to at most n characters at a word boundary, marking the cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

// bodyOf wraps prose at 72 columns, leaving code and lists' own lines
// alone, and cuts it after about 40 lines.
func bodyOf(prose string) string {
	var out []string
	inFence := false
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, wrap(strings.Join(para, " "), bodyWidth)...)
			para = nil
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(prose), "\n") {
		line = strings.TrimRight(line, " \t\r")
		t := strings.TrimSpace(line)
		switch {
		case isFence(t):
			flush()
			inFence = !inFence
			out = append(out, line)
		case inFence || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t"):
			flush()
			out = append(out, line)
		case t == "":
			flush()
			if len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "#") || isNumbered(t):
			flush()
			para = append(para, line)
		default:
			para = append(para, t)
		}
	}
	flush()
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) > bodyLines {
		out = append(out[:bodyLines], "[…]")
	}
	return strings.Join(out, "\n")
}

func isNumbered(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
}

// wrap breaks s into lines of at most width characters at spaces; a word
// longer than width stands alone.
func wrap(s string, width int) []string {
	indent := s[:len(s)-len(strings.TrimLeft(s, " "))]
	var lines []string
	cur := indent
	for _, w := range strings.Fields(s) {
		switch {
		case cur == indent:
			cur += w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width:
			lines = append(lines, cur)
			cur = indent + w
		default:
			cur += " " + w
		}
	}
	if strings.TrimSpace(cur) != "" {
		lines = append(lines, cur)
	}
	return lines
}

// message builds a response's commit message with its trailers
// (docs/trailers.md).
func (r *responseState) message() string {
	subject := r.subject
	switch {
	case subject == "" && r.round > 0:
		subject = fmt.Sprintf("aiedit: retry %d of response %d", r.round, r.index)
	case subject == "":
		subject = fmt.Sprintf("aiedit: response %d of %d", r.index, r.total)
	}
	return gitops.FormatMessage(subject, withPrompt(r.prompt, r.index, r.body), boundTrailers(r.redactTrailers(r.trailers())))
}

func (r *responseState) trailers() []gitops.Trailer {
	t := []gitops.Trailer{
		{Key: "Aiedit-Transcript", Value: r.transcript},
		{Key: "Aiedit-Response", Value: fmt.Sprintf("%d/%d", r.index, r.total)},
	}
	t = append(t, r.extra...)
	if r.round > 0 {
		t = append(t, gitops.Trailer{Key: "Aiedit-Retry-Of", Value: fmt.Sprintf("%d round %d", r.index, r.round)})
	}
	if r.model != "" {
		t = append(t, gitops.Trailer{Key: "Aiedit-Model", Value: r.model})
	}
	// Bounded as they are made (trailer_bound.go): a response's blocks
	// past the first thousands are read back from disk, never all held.
	n := 0
	for i, b := range r.blocks.All() {
		if n++; n <= maxListed {
			t = append(t, gitops.Trailer{Key: "Aiedit-Block", Value: blockTrailer(i+1, b)})
		}
	}
	t = appendOmitted(t, "Aiedit-Block", n)
	n = 0
	for i, b := range r.blocks.All() {
		if reason := reasonOf(b); reason != "" {
			if n++; n > maxListed {
				continue
			}
			v := fmt.Sprintf("%d %s", i+1, reason)
			if b.Line > 0 {
				v = fmt.Sprintf("%d line %d: %s", i+1, b.Line, reason)
			}
			t = append(t, gitops.Trailer{Key: "Aiedit-Reason", Value: v})
		}
	}
	t = appendOmitted(t, "Aiedit-Reason", n)
	unreplayed := 0
	for _, s := range r.shell {
		if s.Status == editcore.NotReplayed {
			// What the agent ran that this commit could not reproduce.
			unreplayed++
			t = append(t, gitops.Trailer{Key: "Aiedit-Unreplayed", Value: fmt.Sprintf("%d %s", unreplayed, s.Op.Command.Text)})
			continue
		}
		t = append(t, gitops.Trailer{Key: "Aiedit-Shell", Value: string(s.Status) + " " + s.Op.Command.Text})
	}
	for _, c := range r.checks {
		t = append(t, gitops.Trailer{Key: "Aiedit-Check", Value: c.Trailer()})
	}
	sum := r.summary()
	v := fmt.Sprintf("applied=%d already_applied=%d failed=%d skipped=%d not_in_context=%d",
		sum.Applied+sum.Validated, sum.AlreadyApplied, sum.Failed, sum.Skipped, sum.NotInContext)
	if sum.Rejected+sum.Edited > 0 {
		// apply -p: only then, so other summaries keep their five counts.
		v += fmt.Sprintf(" rejected=%d edited=%d", sum.Rejected, sum.Edited)
	}
	t = append(t, gitops.Trailer{Key: "Aiedit-Summary", Value: v})
	if r.assisted != "" {
		t = append(t, gitops.Trailer{Key: "Assisted-by", Value: r.assisted})
	}
	return t
}

// blockTrailer renders "<n> <status>[:<detail>] <path>".
func blockTrailer(index int, r editcore.Result) string {
	detail := ""
	switch {
	case r.Error != "":
		detail = ":" + string(r.Error)
	case r.Status == editcore.Applied && r.Match != "" && r.Match != "exact":
		detail = ":" + string(r.Match)
	}
	return strconv.Itoa(index) + " " + string(r.Status) + detail + " " + orDash(r.Path)
}

// maxReason bounds an Aiedit-Reason value: one line, the message's first.
const maxReason = 200

// reasonOf is the first line of a block's message when the block did not
// apply for a reason worth keeping with the commit (where it was closest,
// which lines an ambiguous anchor matched); "" otherwise. Later commands
// (show, retry-prompt, log) read it back.
func reasonOf(r editcore.Result) string {
	switch r.Status {
	case editcore.Failed, editcore.Skipped:
	default:
		return ""
	}
	if r.Error == editcore.PreviousEditFailed {
		return "" // says nothing the error type does not
	}
	line, _, _ := strings.Cut(printable(r.Message), "\n")
	return shorten(strings.TrimSuffix(strings.TrimSpace(line), ":"), maxReason)
}
