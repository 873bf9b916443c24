package apply

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSubjectAndBody(t *testing.T) {
	tests := map[string]struct {
		prose, subject, body string
		repeated             bool // the subject sentence is not the body's start
	}{
		"first sentence is the subject, not repeated": {
			prose:   "Fix the bug. It was in the loop.\n\nMore text.",
			subject: "Fix the bug.",
			body:    "It was in the loop.\n\nMore text.",
		},
		"heading and markdown are stripped from the subject": {
			prose:   "## **Plan**: rename `foo`\n\nDetails.",
			subject: "Plan: rename foo",
			body:    "## **Plan**: rename `foo`\n\nDetails.",
		},
		"code fences are not prose": {
			prose:    "```sh\nmake\n```\nThen it works.",
			subject:  "Then it works.",
			body:     "```sh\nmake\n```\nThen it works.",
			repeated: true,
		},
		"no prose": {prose: "\n\n", subject: "", body: ""},
		"long subject is shortened at a word": {
			prose:   strings.Repeat("word ", 30) + "end.",
			subject: strings.TrimSpace(strings.Repeat("word ", 14)) + "…",
		},
		"NUL and control characters are dropped": {
			prose:   "Fix\x00 the\x1b[31m bug.",
			subject: "Fix the[31m bug.",
			body:    "",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			prose := printable(tc.prose)
			rr := &ResponseReport{Index: 1, total: 1, subject: subjectOf(prose), body: bodyOf(prose)}
			assert.Equal(t, tc.subject, rr.subject)
			msg := rr.message()
			assert.NotContains(t, msg, "\x00")
			if tc.subject == "" {
				assert.True(t, strings.HasPrefix(msg, "aiedit: response 1 of 1\n"), msg)
				return
			}
			if tc.body != "" {
				assert.Contains(t, msg, tc.subject+"\n\n"+tc.body+"\n\n")
			}
			if !tc.repeated {
				assert.Equal(t, 1, strings.Count(msg, tc.subject), "the subject appears once")
			}
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
