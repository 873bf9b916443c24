package engine

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestSubjectAndBody(t *testing.T) {
	tests := map[string]struct {
		prose, subject, body string
	}{
		"first sentence is the subject, not repeated": {
			prose:   "Fix the bug. It was in the loop.\n\nMore text.",
			subject: "Fix the bug.",
			body:    "It was in the loop.\n\nMore text.",
		},
		"a line ending in a colon is the subject, without it": {
			prose:   "Here are the changes:\n\nDone.\n",
			subject: "Here are the changes",
			body:    "Done.",
		},
		"heading and markdown are stripped from the subject": {
			prose:   "## **Plan**: rename `foo`\n\nDetails.",
			subject: "Plan: rename foo",
			body:    "Details.",
		},
		"markdown around the first sentence": {
			prose:   "**Fix** the `loop`. It was off by one.",
			subject: "Fix the loop.",
			body:    "It was off by one.",
		},
		"markdown spanning two sentences leaves the line whole": {
			prose:   "**Fix it. Now.**\nMore.",
			subject: "Fix it.",
			body:    "**Fix it. Now.** More.",
		},
		"code fences are not prose": {
			prose:   "```sh\nmake\n```\nThen it works.",
			subject: "Then it works.",
			body:    "```sh\nmake\n```",
		},
		"no prose": {prose: "\n\n", subject: "", body: ""},
		"long subject is shortened at a word, the body keeps it whole": {
			prose:   strings.Repeat("word ", 30) + "end.",
			subject: strings.TrimSpace(strings.Repeat("word ", 14)) + "…",
			body:    wrap(strings.Repeat("word ", 30)+"end.", bodyWidth)[0],
		},
		"NUL and control characters are dropped": {
			prose:   "Fix\x00 the\x1b[31m bug.",
			subject: "Fix the[31m bug.",
			body:    "",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			subject, rest := splitSubject(printable(tc.prose))
			r := &responseState{index: 1, total: 1, in: &input{label: "t.md"}, subject: subject, body: bodyOf(rest)}
			assert.Equal(t, tc.subject, r.subject)
			msg := r.message()
			assert.NotContains(t, msg, "\x00")
			if tc.subject == "" {
				assert.True(t, strings.HasPrefix(msg, "aiedit: response 1 of 1\n"), msg)
				return
			}
			head, _, _ := strings.Cut(msg, "\nAiedit-")
			want := tc.subject + "\n"
			if tc.body != "" {
				want += "\n" + tc.body + "\n"
			}
			if strings.HasPrefix(tc.body, "word") {
				assert.True(t, strings.HasPrefix(head, want), head)
				return
			}
			assert.Equal(t, want, head)
		})
	}
}

func TestWrap(t *testing.T) {
	long := strings.Repeat("abcdefghij ", 20)
	for _, l := range strings.Split(bodyOf(long), "\n") {
		assert.LessOrEqual(t, len(l), 72)
	}
	var many []string
	for range 60 {
		many = append(many, "a line", "")
	}
	body := bodyOf(strings.Join(many, "\n"))
	assert.Equal(t, 41, len(strings.Split(body, "\n")))
	assert.True(t, strings.HasSuffix(body, "[…]"))
}

// FuzzSubject: any prose gives a one-line subject of at most 72
// characters and a body of at most 41 lines, and in plain prose a subject
// that was not cut short is taken out of the body.
func FuzzSubject(f *testing.F) {
	f.Add("Here:\n\nDone.\n")
	f.Add("## **Plan**: rename `foo`\n\nDetails.")
	f.Add("**Fix it. Now.**\nMore.")
	f.Add("```sh\nmake\n```\nThen it works.")
	f.Add("000000 `")
	f.Fuzz(func(t *testing.T, prose string) {
		prose = printable(prose)
		subject, rest := splitSubject(prose)
		assert.NotContains(t, subject, "\n")
		assert.LessOrEqual(t, utf8.RuneCountInString(subject), subjectWidth)
		body := bodyOf(rest)
		assert.LessOrEqual(t, strings.Count(body, "\n"), bodyLines)
		// The sentence is taken out of plain prose (unbalanced Markdown keeps
		// its line whole on purpose), unless the subject had to be cut.
		plain := !strings.ContainsAny(prose, "*_`#>-+")
		if plain && subject != "" && !strings.HasSuffix(subject, "…") {
			assert.NotEqual(t, prose, rest, "the subject's sentence stays in the body")
		}
	})
}
