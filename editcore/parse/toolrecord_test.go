package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// The records follow SpecStory CLI's Markdown v2.1.0 (one-line closing
// tag) and its older pages (a closing tag alone on its line).
func TestToolRecords(t *testing.T) {
	answer := replace("src/a.py", 0, block, "x", "y")
	at := func(op editcore.Op, line int) editcore.Op { op.Line = line; return op }
	read := "<tool-use data-tool-type=\"read\" data-tool-name=\"Read\"><details>\n<summary>Tool use: **Read**</summary>\n `./src/a.py`\n\n```py\n     1→x\n```\n</details></tool-use>\n"
	bash := "<tool-use data-tool-type=\"shell\" data-tool-name=\"Bash\"><details>\n<summary>Tool use: **Bash**</summary>\n`adb devices`\n\n```\nList of devices attached\n```\n</details></tool-use>\n"
	tests := map[string]struct {
		text  string
		want  []editcore.Op
		prose string
	}{
		"a read's listing after its path is no file": {
			"Reading.\n" + read + "Fixed:\n" + block + "\n",
			[]editcore.Op{at(answer, 12)}, "Reading.\nFixed:\n",
		},
		"a command and its output are no file": {
			bash + "Done.\n", nil, "Done.\n",
		},
		"a closing tag inside the record's fence is the file's": {
			"<tool-use data-tool-type=\"read\" data-tool-name=\"Read\"><details>\n`a.py`\n````\n</details></tool-use>\nsrc/b.py\n```\nstolen\n```\n````\n</details></tool-use>\nok\n",
			nil, "ok\n",
		},
		"an editing tool's record is said, not read": {
			"<tool-use data-tool-type=\"write\" data-tool-name=\"Write\">\n<details><summary>Tool use: **Write**</summary>\n\nsrc/c.py\n```py\nz = 1\n```\n</details>\n</tool-use>\n",
			[]editcore.Op{{Kind: editcore.Unread, Line: 1, Start: 1, End: 1, Raw: "<tool-use data-tool-type=\"write\" data-tool-name=\"Write\">",
				Problem: "a SpecStory record of the agent's Write tool call is what the tool did, not an edit written as text, so it is not read here; apply the history with --from specstory"}},
			"",
		},
		"a citation quotes, whatever it holds": {
			"As it says:\n```1:4:/home/u/p/x.py\n*** Begin Patch\n*** Add File: x.py\n+x\n*** End Patch\n```\nSo.\n",
			nil, "As it says:\nSo.\n",
		},
		"a record cut off writes nothing": {
			"<tool-use data-tool-type=\"read\" data-tool-name=\"Read\"><details>\n`a.py`\n```\nx\n```\n",
			nil, "",
		},
		"a tag in a code fence is content": {
			"```html\n<tool-use data-tool-type=\"read\">\n```\n" + block + "\n",
			[]editcore.Op{at(answer, 5)}, "```html\n<tool-use data-tool-type=\"read\">\n```\n",
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

func TestToolRecordsChunked(t *testing.T) {
	text := []byte("<tool-use data-tool-type=\"read\" data-tool-name=\"Read\"><details>\n`a.py`\n```\nx\n```\n</details></tool-use>\n" + block + "\n```1:2:a.py\nx\n```\n")
	whole := Bytes(text)
	for cut := byte(0); cut < 16; cut++ {
		assert.Equal(t, whole, chunked(text, []byte{cut}))
	}
}
