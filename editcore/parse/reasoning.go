package parse

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A reasoning section is what a model thought before it answered, in
// tags: <think>…</think> (DeepSeek-R1, Qwen and other open models),
// <thinking>…</thinking> or <reasoning>…</reasoning>, and aider's
// <thinking-content-…>…</thinking-content-…>, which .aider.chat.history.md
// keeps around the reasoning a provider streamed. Its blocks are drafts the
// model may go on to reject: aider drops the section before it reads edits,
// and so does the Parser. A section opens at a line outside any block and
// any code fence that starts with an opening tag, and ends at the first
// closing tag of any of these names (aider closes its own tag with the
// model's, as in </think>); the rest of that line is read.

// openReasoning reports whether the line s opens a reasoning section, and
// returns the tag and what follows it.
func openReasoning(s string) (tag, rest string, ok bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || s[i] != '<' { // nearly every line: no other work
		return "", "", false
	}
	t := s[i:]
	end := strings.IndexByte(t, '>')
	if end < 0 || !isReasoningTag(t[1:end]) {
		return "", "", false
	}
	return t[:end+1], t[end+1:], true
}

// closeReasoning returns what follows the first closing reasoning tag in
// s, if it has one.
func closeReasoning(s string) (rest string, ok bool) {
	for {
		i := strings.Index(s, "</")
		if i < 0 {
			return "", false
		}
		s = s[i+2:]
		if j := strings.IndexByte(s, '>'); j >= 0 && isReasoningTag(s[:j]) {
			return s[j+1:], true
		}
	}
}

func isReasoningTag(name string) bool {
	switch name {
	case "think", "thinking", "reasoning":
		return true
	}
	hex, ok := strings.CutPrefix(name, "thinking-content-")
	if !ok || hex == "" {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// reasoning drops the lines of a reasoning section. It returns what of the
// line s is left to read, and false when nothing is.
func (p *Parser) reasoning(s string) (string, bool) {
	if p.think == 0 {
		tag, rest, ok := openReasoning(s)
		if !ok {
			if tag, ok := lonelyClose(s); ok {
				p.unopenedReasoning(tag)
				return "", false
			}
			return s, true
		}
		p.think, p.thinkTag = p.n, tag
		s = rest
	}
	rest, ok := closeReasoning(s)
	if !ok {
		return "", false
	}
	p.think = 0
	return rest, strings.TrimSpace(rest) != ""
}

// unclosedReasoning reports a reasoning section the response never
// closed: a reply cut short while the model was thinking has no answer,
// and its drafts were not read. Said as a malformed block, so that the
// loss shows in the trailers and the retry prompt.
func (p *Parser) unclosedReasoning() {
	if p.think == 0 {
		return
	}
	p.emit([]editcore.Op{{Kind: editcore.Malformed, Line: p.think, Raw: p.thinkTag,
		Problem: fmt.Sprintf("the reasoning section opened by %s never closes, so the reply has no answer after it; nothing in it was read as an edit. Ask for the answer again", p.thinkTag)}})
	p.think = 0
}

// lonelyClose reports a line that starts with a closing reasoning tag
// while no section is open, and returns the tag.
func lonelyClose(s string) (string, bool) {
	t := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(t, "</") {
		return "", false
	}
	end := strings.IndexByte(t, '>')
	if end < 0 || !isReasoningTag(t[2:end]) {
		return "", false
	}
	return t[:end+1], true
}

// unopenedReasoning reports a closing tag with no opening one: a model
// whose chat template opens the section for it (DeepSeek-R1 and its
// distillations) writes only the end. The lines before it were its
// thoughts, but they were read before the tag showed it, and a block
// among them may be a draft: said as a malformed block, so that the reply
// is looked at, and the answer after the tag is read as usual.
func (p *Parser) unopenedReasoning(tag string) {
	p.emit([]editcore.Op{{Kind: editcore.Malformed, Line: p.n, Raw: tag,
		Problem: fmt.Sprintf("%s closes a reasoning section the reply never opened (its chat template did): the lines before it are the model's thoughts, yet were read as its answer, so a block among them may be a draft the model rejected; check the edits before line %d", tag, p.n)}})
}
