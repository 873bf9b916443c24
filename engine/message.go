package engine

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
)

const (
	subjectWidth = 72
	bodyWidth    = 72
	bodyLines    = 40
)

// printable drops what git would refuse or cut in a commit message: NUL
// and other control characters (C0 but tab and newline, DEL, C1), and
// invalid UTF-8. C1 too, since the message encoder would escape one
// visibly and a prompt would not read back as it was recorded.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n':
			return r
		case r < 0x20 || r >= 0x7f && r <= 0x9f || r == utf8.RuneError:
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
	rec := r.record()
	return trailer.FormatMessage(subject, withPrompt(r.prompt, r.index, r.body), r.redactTrailers(rec.Encode()))
}

// record is what the response's commit says of it: what seal set
// (r.extra), and its blocks, commands, checks and counts.
func (r *responseState) record() *trailer.Record {
	rec := r.extra
	rec.Transcript, rec.N, rec.Total = r.transcript, r.index, r.total
	if r.round > 0 {
		rec.RetryOf, rec.Round = r.index, r.round
	}
	rec.Model = r.model
	rec.Blocks, rec.Omitted = listedBlocks(r.blocks.All())
	rec.Shell = make([]trailer.Shell, 0, len(r.shell))
	for _, s := range r.shell {
		rec.Shell = append(rec.Shell, trailer.Shell{Status: s.Status, Command: s.Op.Command.Text})
	}
	for _, c := range r.checks {
		rec.Checks = append(rec.Checks, c.Trailer())
	}
	rec.Summary = r.summary()
	if r.assisted != "" {
		rec.AssistedBy = []string{r.assisted}
	}
	return &rec
}

// maxListed is how many lines of each per-block trailer a commit lists
// (trailer.MaxListed): the blocks kept in memory cover them (blocklog.go).
const maxListed = trailer.MaxListed

// listedBlocks are the blocks a commit message lists: the first
// maxListed, and a later one whose reason is among the first maxListed
// reasons (the lines of the later ones are left out; Encode bounds
// them). omitted counts the blocks and reasons past those. The blocks
// are read once, as they come: past the first thousands from disk, never
// all held.
func listedBlocks(all iter.Seq2[int, editcore.Result]) (blocks []trailer.Block, omitted []trailer.Omission) {
	n, reasons := 0, 0
	for i, b := range all {
		n++
		reason := reasonOf(b)
		if reason != "" {
			if reasons++; reasons > maxListed {
				reason = ""
			}
		}
		if n <= maxListed || reason != "" {
			blocks = append(blocks, blockRecord(i+1, b, reason))
		}
	}
	if left := n - len(blocks); left > 0 {
		omitted = append(omitted, trailer.Omission{Key: trailer.KeyBlock, N: left, First: maxListed})
	}
	if reasons > maxListed {
		omitted = append(omitted, trailer.Omission{Key: trailer.KeyReason, N: reasons - maxListed, First: maxListed})
	}
	return blocks, omitted
}

// blockRecord is a block's Aiedit-Block line and its Aiedit-Reason
// (reason, "" for none): the detail is the error type, or the match step
// of a tolerant apply.
func blockRecord(index int, r editcore.Result, reason string) trailer.Block {
	b := trailer.Block{Index: index, Status: r.Status, Path: r.Path, Reason: reason}
	switch {
	case r.Error != "":
		b.Detail = string(r.Error)
	case r.Status == editcore.Applied && r.Match != "" && r.Match != "exact":
		b.Detail = string(r.Match)
	}
	if b.Reason != "" {
		b.Line = r.Line
	}
	return b
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
	case editcore.Outside:
		if r.Op == nil || r.Op.OutsideWhy == "" {
			return "" // outside, and nothing more known
		}
		return shorten(printable(r.Op.OutsideWhy), maxReason)
	default:
		return ""
	}
	if r.Error == editcore.PreviousEditFailed {
		return "" // says nothing the error type does not
	}
	line, _, _ := strings.Cut(printable(r.Message), "\n")
	return shorten(strings.TrimSuffix(strings.TrimSpace(line), ":"), maxReason)
}
