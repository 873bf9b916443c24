package history

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPromptOf(t *testing.T) {
	tests := map[string]struct{ msg, want string }{
		"none": {"Subject\n\nBody text.\n\nAiedit-Response: 1/1\n", ""},
		"one line": {"Fix it\n\nPrompt:\n> fix the parser please\n\nThe parser now works.\n\nAiedit-Response: 1/1\n",
			"fix the parser please"},
		"paragraphs":                 {"S\n\nPrompt:\n> first\n>\n> second\n\nAiedit-Response: 1/2\n", "first\n\nsecond"},
		"cut":                        {"S\n\nPrompt:\n> a\n> […] (cut: the whole prompt is response 1's in the transcript the Aiedit-Transcript trailer names)\n\nAiedit-Response: 1/1\n", "a\n[…]"},
		"subject only named Prompt:": {"Prompt:\n\nAiedit-Response: 1/1\n", ""},
		"not a paragraph start":      {"S\n\ntext\nPrompt:\n> x\n\nAiedit-Response: 1/1\n", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, promptOf(tc.msg))
		})
	}
}

func TestSummaryPrompt(t *testing.T) {
	assert.Equal(t, "fix the parser", summaryPrompt("fix the parser"))
	long := strings.Repeat("word ", 200)
	got := summaryPrompt(long)
	assert.LessOrEqual(t, len([]rune(got)), summaryPromptChars+2)
	assert.True(t, strings.HasSuffix(got, " …"))
	many := strings.Repeat("line\n", 20)
	assert.Equal(t, strings.Repeat("line\n", summaryPromptLines-1)+"line …", summaryPrompt(many))
	assert.Equal(t, "a …", summaryPrompt("a\n[…]"), "a prompt the commit cut stays marked")
}
