package wholefile

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/formattest"
)

// run feeds text line by line, as the combiner in package parse does.
func run(text string) []editcore.Op { return formattest.Lines(New(), text) }

func write(path string, line int, raw, content string) editcore.Op {
	op := editcore.Op{Kind: editcore.Write, Format: Name, Path: path, Line: line, Raw: raw, Whole: true}
	if content != "" {
		op.Content = []byte(content)
	}
	return op
}

func TestParse(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty response": {"", nil},
		"path line before the fence": {
			"Here it is:\n\nsrc/app.py\n```python\nprint(1)\n\nprint(2)\n```\nDone.\n",
			[]editcore.Op{write("src/app.py", 4, "src/app.py\n```python\nprint(1)\n\nprint(2)\n```", "print(1)\n\nprint(2)\n")},
		},
		"blank line between path and fence": {
			"main.go\n\n```go\npackage main\n```\n",
			[]editcore.Op{write("main.go", 3, "main.go\n\n```go\npackage main\n```", "package main\n")},
		},
		"a file as a read tool listed it is no new content": {
			"`src/a.py`\n```py\n     1→x = 1\n     2→\n     3→y = 2\n```\nb.txt\n```\n     1\tone\n     2\ttwo\n```\n",
			[]editcore.Op{
				{Kind: editcore.Unread, Format: Name, Path: "src/a.py", Line: 2, Start: 2, End: 6,
					Raw:     "`src/a.py`\n```py\n     1→x = 1\n     2→\n     3→y = 2\n```",
					Problem: "the code block after src/a.py numbers its lines as a file read shows it (cat -n), so it is what the file held, not new content; src/a.py is left as it is"},
				{Kind: editcore.Unread, Format: Name, Path: "b.txt", Line: 8, Start: 8, End: 11,
					Raw:     "b.txt\n```\n     1\tone\n     2\ttwo\n```",
					Problem: "the code block after b.txt numbers its lines as a file read shows it (cat -n), so it is what the file held, not new content; b.txt is left as it is"},
			},
		},
		"a command in backticks, then its output, is no file": {
			"`~/Library/Android/sdk/platform-tools/adb devices`\n```\nList of devices attached\n```\n", nil,
		},
		"decorated path lines": {
			"**a.txt**\n```\nA\n```\n### `b/c.txt`\n```\nB\n```\nFile: d.txt\n~~~\nD\n~~~\n",
			[]editcore.Op{
				write("a.txt", 2, "**a.txt**\n```\nA\n```", "A\n"),
				write("b/c.txt", 6, "### `b/c.txt`\n```\nB\n```", "B\n"),
				write("d.txt", 10, "File: d.txt\n~~~\nD\n~~~", "D\n"),
			},
		},
		"path on the fence line": {
			"```python src/a.py\nA\n```\n```src/b.py\nB\n```\n```js title=\"web/c.js\"\nC\n```\n```python:d.py\nD\n```\n",
			[]editcore.Op{
				write("src/a.py", 1, "```python src/a.py\nA\n```", "A\n"),
				write("src/b.py", 4, "```src/b.py\nB\n```", "B\n"),
				write("web/c.js", 7, "```js title=\"web/c.js\"\nC\n```", "C\n"),
				write("d.py", 10, "```python:d.py\nD\n```", "D\n"),
			},
		},
		"the fence's path wins over the line's": {
			"a.txt\n```b.txt\nB\n```\n",
			[]editcore.Op{write("b.txt", 2, "```b.txt\nB\n```", "B\n")},
		},
		"empty block is an empty file": {
			"a.txt\n```\n```\n",
			[]editcore.Op{write("a.txt", 2, "a.txt\n```\n```", "")},
		},
		"nested fences in a markdown file": {
			"README.md\n````markdown\n# Title\n```bash\nmake\n```\n````\n",
			[]editcore.Op{write("README.md", 2, "README.md\n````markdown\n# Title\n```bash\nmake\n```\n````", "# Title\n```bash\nmake\n```\n")},
		},
		"nested fence with an info string inside a same-length fence": {
			"README.md\n```\nsee:\n```go\nx := 1\n```\nend\n```\n",
			[]editcore.Op{write("README.md", 2, "README.md\n```\nsee:\n```go\nx := 1\n```\nend\n```", "see:\n```go\nx := 1\n```\nend\n")},
		},
		"indented fence loses its indentation": {
			"a.py\n   ```python\n   def f():\n       pass\n   ```\n",
			[]editcore.Op{write("a.py", 2, "a.py\n   ```python\n   def f():\n       pass\n   ```", "def f():\n    pass\n")},
		},
		"script in a shell fence": {
			"deploy.sh\n```bash\n#!/bin/sh\necho hi\n```\n",
			[]editcore.Op{write("deploy.sh", 2, "deploy.sh\n```bash\n#!/bin/sh\necho hi\n```", "#!/bin/sh\necho hi\n")},
		},
		"a quoted path with spaces": {
			"`My Docs/a b.md`\n```\nx\n```\n",
			[]editcore.Op{write("My Docs/a b.md", 2, "`My Docs/a b.md`\n```\nx\n```", "x\n")},
		},
		"no path: not a file": {"```python\nprint(1)\n```\n", nil},
		"prose is not a path": {
			"Here is the updated `src/app.py`:\n```python\nprint(1)\n```\nThe new src/app.py:\n```\nx\n```\n",
			nil,
		},
		"shell commands are not files": {
			"scripts/run.py\n```bash\npython scripts/run.py\n```\n",
			[]editcore.Op{unread("scripts/run.py", "a bash block", 2, 4, "scripts/run.py\n```bash\npython scripts/run.py\n```")},
		},
		"diffs and terminal sessions are not files": {
			"a.py\n```diff\n-x\n+y\n```\nb.py\n```console\n$ python b.py\n```\n",
			[]editcore.Op{
				unread("a.py", "a diff block", 2, 5, "a.py\n```diff\n-x\n+y\n```"),
				unread("b.py", "a console block", 7, 9, "b.py\n```console\n$ python b.py\n```"),
			},
		},
		"a path inside a code block does not open one at its closing fence": {
			"```text\nsrc/a.py\n```\nx\n```\n",
			nil,
		},
		"a language name with a dot is not a path": {"```node.js\nconsole.log(1)\n```\n", nil},
		"never closed": {
			"a.py\n```python\nprint(1)\n",
			[]editcore.Op{{Kind: editcore.Malformed, Format: Name, Path: "a.py", Line: 2, Raw: "a.py\n```python\nprint(1)",
				Problem: "the code block for a.py is never closed, so the file may be cut off; send the whole file again, ending with ```"}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, run(tt.text))
		})
	}
}

// Reset (another format claimed a line) turns an open block into an
// ordinary code block, whose closing fence must not open a block.
func TestReset(t *testing.T) {
	p := New()
	p.Line(1, "a.py")
	claimed, active, _ := p.Line(2, "```")
	assert.True(t, claimed)
	assert.True(t, active)
	p.Reset()
	p.Line(3, "b.py")
	claimed, _, _ = p.Line(4, "```")
	assert.False(t, claimed, "the closing fence of the abandoned block")
	claimed, _, _ = p.Line(5, "```")
	assert.False(t, claimed, "no path before this fence")
	assert.Empty(t, p.End())
}

// unread is the report of a code block after a path line that is no file.
func unread(path, what string, start, end int, raw string) editcore.Op {
	return editcore.Op{Kind: editcore.Unread, Format: Name, Path: path, Line: start, Start: start, End: end, Raw: raw,
		Problem: what + " after the path " + path + " is not an edit this tool applies, so " + path +
			" is left as it is; send the file's whole content in a code block, or an edit block"}
}

func TestNumbered(t *testing.T) {
	for _, tt := range []struct {
		lines []string
		want  bool
	}{
		{[]string{"     1→x", "     2→", "     3→y"}, true},
		{[]string{"     7\tx", "     8\ty"}, true},
		{[]string{"1→x"}, true},
		{[]string{"1\tAlice", "2\tBob"}, false}, // a TSV file
		{[]string{"     1→x", "     3→y"}, false},
		{[]string{"     1→x", "y"}, false},
		{[]string{"", " "}, false},
	} {
		assert.Equal(t, tt.want, numbered(tt.lines), "%q", tt.lines)
	}
}
