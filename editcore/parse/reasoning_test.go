package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/editblock"
)

// draft is a block a model wrote while thinking, then rejected.
const draft = "src/a.py\n««« EDIT\nx\n═══════ REPL\nDRAFT\n»»» EDIT END"

func TestReasoning(t *testing.T) {
	answer := replace("src/a.py", 0, block, "x", "y")
	at := func(op editcore.Op, line int) editcore.Op { op.Line = line; return op }
	tests := map[string]struct {
		text  string
		want  []editcore.Op
		prose string
	}{
		"think section first": {
			"<think>\nThe user wants y.\n" + draft + "\nNo, that is wrong.\n</think>\n\nHere it is.\n" + block + "\n",
			[]editcore.Op{at(answer, 14)}, "\nHere it is.\n",
		},
		"aider's tag, closed by the model's": {
			"<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\n\n" + draft + "\n\n</think>\n\n" + block + "\n",
			[]editcore.Op{at(answer, 13)}, "",
		},
		"aider's tag, closed by its own": {
			"<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\n" + draft + "\n</thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\n" + block + "\n",
			[]editcore.Op{at(answer, 10)}, "",
		},
		"text on the tags' lines": {
			"<thinking>Let me see. " + "\n" + draft + "\nok</thinking>The fix:\n" + block + "\n",
			[]editcore.Op{at(answer, 10)}, "The fix:\n",
		},
		"a section after some prose, blank lines around": {
			"Looking.\n\n  <reasoning>\n" + draft + "\n  </reasoning>  \n" + block + "\n",
			[]editcore.Op{at(answer, 12)}, "Looking.\n",
		},
		"suggested commands in the thoughts are not suggested": {
			"<think>\n$ git rm src/a.py\n</think>\nNothing to remove.\n",
			nil, "Nothing to remove.\n",
		},
		"a tag in a code fence is content": {
			"```xml\n<think>\n```\n" + block + "\n",
			[]editcore.Op{at(answer, 5)}, "```xml\n<think>\n```\n",
		},
		"a tag inside a block is the block's": {
			"src/a.html\n««« EDIT\n<think>\n═══════ REPL\n<thinking>\n»»» EDIT END\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: editblock.Name, Path: "src/a.html", Line: 2,
				Raw: "src/a.html\n««« EDIT\n<think>\n═══════ REPL\n<thinking>\n»»» EDIT END", Old: []string{"<think>"}, New: []string{"<thinking>"}}},
			"",
		},
		"other tags and mid-line tags are prose": {
			"<thought>\nI <think> so.\n<thinking-content-XYZ>\n<thinking-content->\n",
			nil, "<thought>\nI <think> so.\n<thinking-content-XYZ>\n<thinking-content->\n",
		},
		"closed but never opened: said, and the answer read": {
			"Draft:\n" + block + "\nNo.\n</think>\n\nThe fix.\n",
			[]editcore.Op{at(answer, 3), {Kind: editcore.Malformed, Line: 9, Raw: "</think>",
				Problem: "</think> closes a reasoning section the reply never opened (its chat template did): the lines before it are the model's thoughts, yet were read as its answer, so a block among them may be a draft the model rejected; check the edits before line 9"}},
			"Draft:\nNo.\n\nThe fix.\n",
		},
		"a closing tag in prose is prose": {
			"Close it with </think> as usual.\n", nil, "Close it with </think> as usual.\n",
		},
		"never closed: nothing read, and said": {
			"Sure.\n<think>\n" + draft + "\n",
			[]editcore.Op{{Kind: editcore.Malformed, Line: 2, Raw: "<think>",
				Problem: "the reasoning section opened by <think> never closes, so the reply has no answer after it; nothing in it was read as an edit. Ask for the answer again"}},
			"Sure.\n",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			p := New()
			got := append(p.Feed([]byte(tt.text)), p.Finish()...)
			assert.Equal(t, tt.want, brief(got))
			assert.Equal(t, tt.prose, p.Prose())
		})
	}
}

func TestReasoningChunked(t *testing.T) {
	text := []byte("<think>\n" + draft + "\n</think>\n" + block + "\n<think>\nopen")
	whole := Bytes(text)
	for cut := byte(0); cut < 16; cut++ {
		assert.Equal(t, whole, chunked(text, []byte{cut}))
	}
}
