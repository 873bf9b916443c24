package engine

import (
	"fmt"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A commit's subject says what was asked and what changed, in this order
// of preference (docs/trailers.md, "Subject"):
//
//  1. the request: the first sentence of the prompt's first lines that
//     asks for something (three words or more, not a question, not a
//     lead-in ending with ":", not a bare "yes" or "go on"), when prompts
//     are recorded;
//  2. the model's first sentence, when it states what was done rather
//     than announcing work ("I'll look at…", "Let me…", "Sure!");
//  3. the change: "Edit a.go and b.go", "Create notes.md", "Delete
//     old.txt", from the blocks that applied;
//  4. "aiedit: response N of M".
//
// The model's sentence leaves the body when it is the subject; otherwise
// the body keeps the model's prose whole.

// minRequestWords is the fewest words a prompt's sentence needs to be a
// subject: "fix it" says too little, "fix the parser" says enough.
const minRequestWords = 3

// requestSubject is the prompt's first sentence as a subject, "" when it
// is not one.
func requestSubject(prompt string) string {
	inFence, tried := false, 0
	lines := strings.Split(prompt, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if isFence(t) {
			inFence = !inFence
			continue
		}
		if inFence || t == "" {
			continue
		}
		// A sentence may go on over the paragraph's next lines.
		for i+1 < len(lines) && !endsSentence(t) {
			next := strings.TrimSpace(lines[i+1])
			if next == "" || isFence(next) {
				break
			}
			t += " " + next
			i++
		}
		plain := undecorate(t)
		if plain == "" {
			continue
		}
		if tried++; tried > maxRequestLines {
			return ""
		}
		s := firstSentence(plain)
		switch {
		case strings.HasSuffix(strings.TrimSpace(plain[:min(len(plain), len(s)+1)]), ":"):
			// "Here is my file:" leads in to what follows.
		case strings.HasSuffix(s, "?"), len(strings.Fields(s)) < minRequestWords, filler(s):
		default:
			return shorten(capitalise(strings.TrimSuffix(s, ".")), subjectWidth)
		}
	}
	return ""
}

// maxRequestLines is how many of a prompt's prose lines are looked at
// for its request: past them the prompt is context, not the ask.
const maxRequestLines = 6

// endsSentence reports whether a line holds the end of a sentence (or a
// lead-in's colon).
func endsSentence(t string) bool {
	return len(firstSentence(t)) < len(strings.TrimSpace(t))-1 || strings.ContainsAny(t[len(t)-1:], ".!?:")
}

// filler reports an acknowledgement that asks for nothing of its own.
func filler(s string) bool {
	t := strings.ToLower(strings.Trim(s, " .!"))
	for _, f := range []string{"yes", "ok", "okay", "go on", "go ahead", "continue", "do it", "please continue", "thanks", "thank you", "sounds good", "looks good"} {
		if t == f || strings.HasPrefix(t, f+",") || strings.HasPrefix(t, f+" please") {
			return true
		}
	}
	return false
}

// announces reports a model sentence that announces work instead of
// saying what was done.
func announces(s string) bool {
	t := strings.ToLower(s)
	for _, p := range []string{
		"i'll ", "i will ", "i’ll ", "let me ", "let's ", "let’s ", "i'm going to ", "i am going to ", "i need to ",
		"now ", "first", "next", "sure", "okay", "ok", "alright", "great", "certainly", "of course", "perfect",
		"here's ", "here is ", "here are ", "good", "got it", "understood", "you're right", "you are right", "absolutely",
	} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// changeSubject describes the blocks that applied: "Edit a.go",
// "Edit a.go and b.go", "Edit a.go, b.go and 3 more files"; "Create" or
// "Delete" when every file was made or removed. Past maxSubjectPaths
// distinct paths it stops telling them apart ("and over 4094 more
// files"): a response of 200,000 files would hold all their names.
func changeSubject(blocks iter.Seq2[int, editcore.Result]) string {
	var first [2]string
	seen := map[string]bool{}
	verbs := map[string]bool{}
	over := false
	for _, b := range blocks {
		if b.Status != editcore.Applied || b.Path == "" || seen[b.Path] {
			continue
		}
		if len(seen) == maxSubjectPaths {
			over = true
		} else {
			if len(seen) < len(first) {
				first[len(seen)] = b.Path
			}
			seen[b.Path] = true
		}
		verb := "Edit"
		if b.Op != nil {
			switch b.Op.Kind {
			case editcore.Create:
				verb = "Create"
			case editcore.Delete:
				verb = "Delete"
			}
		}
		verbs[verb] = true
	}
	if len(seen) == 0 {
		return ""
	}
	verb := "Edit"
	if len(verbs) == 1 {
		for v := range verbs {
			verb = v
		}
	}
	var list string
	switch {
	case len(seen) == 1:
		list = first[0]
	case len(seen) == 2 && !over:
		list = first[0] + " and " + first[1]
	case over:
		list = fmt.Sprintf("%s, %s and over %d more files", first[0], first[1], len(seen)-2)
	default:
		list = fmt.Sprintf("%s, %s and %d more files", first[0], first[1], len(seen)-2)
	}
	return shorten(verb+" "+list, subjectWidth)
}

// maxSubjectPaths bounds the paths changeSubject tells apart.
const maxSubjectPaths = 1 << 12

// capitalise upper-cases a subject's first letter, as commit subjects
// are, unless its first word is a name from the code (to_radius, main.go,
// parseArgs) that must stay as written.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	word, _, _ := strings.Cut(s, " ")
	if strings.IndexFunc(word, func(c rune) bool { return !unicode.IsLower(c) && c != '\'' && c != ',' }) >= 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// maxProse bounds the prose read for a message: the body keeps 40
// lines of it, and redacting a reply of megabytes would take seconds.
const maxProse = 256 << 10

// proseHead is the prose up to maxProse, cut at a line's end.
func proseHead(prose string) string {
	if len(prose) <= maxProse {
		return prose
	}
	head := prose[:maxProse]
	if i := strings.LastIndexByte(head, '\n'); i > 0 {
		head = head[:i+1]
	}
	return head
}

// compose sets a response's subject and body from its prompt, its prose
// and what it changed. The prose and the prompt are redacted first.
func (r *response) compose(prose string) {
	a, rs := r.b.a, r.r
	if a.text != nil {
		rs.red = a.text.red
	}
	a.takePrompt(rs)
	prose = a.redact(rs, printable(proseHead(prose)))
	model, rest := splitSubject(prose)
	subject := requestSubject(rs.prompt)
	switch {
	case subject != "":
		rest = prose
	case model != "" && !announces(model):
		subject = model
	default:
		subject, rest = changeSubject(rs.blocks.All()), prose
	}
	// Copies: cut from the response's text, they would keep all of it
	// (whole files, for some replies) alive until the run ends.
	rs.subject, rs.body = strings.Clone(subject), strings.Clone(bodyOf(rest))
}
