package searchreplace_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/searchreplace"
)

// run parses text through the response parser with only this format, as
// --format searchreplace does (CRLF and final-line handling included).
func run(text string) []editcore.Op {
	p := parse.New(parse.WithFormats(searchreplace.New()))
	return append(p.Feed([]byte(text)), p.Finish()...)
}

// edits drops the shell suggestions the response parser also reports.
func edits(ops []editcore.Op) []editcore.Op {
	var out []editcore.Op
	for _, op := range ops {
		if op.Kind != editcore.Shell {
			out = append(out, op)
		}
	}
	return out
}

func lines(s ...string) []string { return s }

func replace(path string, line int, raw string, anchor, old, new, trailing []string) editcore.Op {
	return editcore.Op{Kind: editcore.Replace, Format: searchreplace.Name, Path: path, Line: line, Raw: raw,
		Anchor: anchor, Old: old, New: new, Trailing: trailing}
}

func appendTo(path string, line int, raw, content string) editcore.Op {
	op := editcore.Op{Kind: editcore.Append, Format: searchreplace.Name, Path: path, Line: line, Raw: raw}
	if content != "" {
		op.Content = []byte(content)
	}
	return op
}

func malformed(path string, line int, raw, problem string) editcore.Op {
	return editcore.Op{Kind: editcore.Malformed, Format: searchreplace.Name, Path: path, Line: line, Raw: raw, Problem: problem}
}

const noPathProblem = "no file path before <<<<<<< SEARCH: write the path alone on the line before the block or its opening fence"

// spacedProblem is the problem of a block after the line "Meeting Notes.md".
const spacedProblem = `no file path before <<<<<<< SEARCH: "Meeting Notes.md" is not taken for a path: it has spaces and no directory (a file name with spaces needs its directory, as in ./My Notes.md); ` +
	"write the path alone on the line before the block or its opening fence"

const body = "<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE"

// xOp is the op of body for path, with its start marker at line and raw
// beginning with head (the lines from the path to the marker).
func xOp(path string, line int, head string) editcore.Op {
	return replace(path, line, head+body, nil, lines("x = 1"), lines("x = 2"), nil)
}

func TestParse(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty response":   {"", nil},
		"prose only":       {"Nothing to change.\n\nsrc/app.py\nis fine.\n=======\n", nil},
		"aider fenced":     {"a/b.py\n```python\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "a/b.py\n```python\n")}},
		"unfenced":         {"a/b.py\n" + body + "\n", []editcore.Op{xOp("a/b.py", 2, "a/b.py\n")}},
		"no final newline": {"a/b.py\n" + body, []editcore.Op{xOp("a/b.py", 2, "a/b.py\n")}},
		"CRLF response": {
			strings.ReplaceAll("a/b.py\n```python\n"+body+"\n```\n", "\n", "\r\n"),
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```python\n")},
		},
		"five-character markers": {
			"a.py\n<<<<< SEARCH\nx\n=====\ny\n>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<< SEARCH\nx\n=====\ny\n>>>>> REPLACE", nil, lines("x"), lines("y"), nil)},
		},
		"nine-character markers": {
			"a.py\n<<<<<<<<< SEARCH\nx\n=========\ny\n>>>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<<<< SEARCH\nx\n=========\ny\n>>>>>>>>> REPLACE", nil, lines("x"), lines("y"), nil)},
		},
		"SEARCH> and REPLACE> with spaces around": {
			"a.py\n  <<<<<<< SEARCH>  \nx\n\t=======\ny\n>>>>>>> REPLACE> \n",
			[]editcore.Op{replace("a.py", 2, "a.py\n  <<<<<<< SEARCH>  \nx\n\t=======\ny\n>>>>>>> REPLACE> ", nil, lines("x"), lines("y"), nil)},
		},
		"four or ten characters are content": {
			"a.py\n<<<<<<< SEARCH\n<<<< SEARCH\n==========\n====\n=======\ny\n>>>>>>>>>> REPLACE\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\n<<<< SEARCH\n==========\n====\n=======\ny\n>>>>>>>>>> REPLACE\n>>>>>>> REPLACE",
				nil, lines("<<<< SEARCH", "==========", "===="), lines("y", ">>>>>>>>>> REPLACE"), nil)},
		},
		"marker words are case sensitive": {
			"a.py\n<<<<<<< search\n", nil,
		},
		"Cline markers": {
			"src/app.ts\n------- SEARCH\nlet a = 1;\n=======\nlet a = 2;\n+++++++ REPLACE\n",
			[]editcore.Op{replace("src/app.ts", 2, "src/app.ts\n------- SEARCH\nlet a = 1;\n=======\nlet a = 2;\n+++++++ REPLACE",
				nil, lines("let a = 1;"), lines("let a = 2;"), nil)},
		},
		"Cline tool call with path and diff tags": {
			"<replace_in_file>\n<path>src/app.ts</path>\n<diff>\n------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n",
			[]editcore.Op{replace("src/app.ts", 4, "<path>src/app.ts</path>\n<diff>\n------- SEARCH\na\n=======\nb\n+++++++ REPLACE",
				nil, lines("a"), lines("b"), nil)},
		},
		"mixed aider start and Cline end": {
			"a.py\n<<<<<<< SEARCH\nx\n=======\ny\n+++++++ REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\nx\n=======\ny\n+++++++ REPLACE", nil, lines("x"), lines("y"), nil)},
		},
		"bold path":          {"**a/b.py**\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "**a/b.py**\n```\n")}},
		"backticked path":    {"`a/b.py`\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "`a/b.py`\n```\n")}},
		"heading path":       {"### a/b.py\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "### a/b.py\n```\n")}},
		"colon path":         {"a/b.py:\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "a/b.py:\n```\n")}},
		"labelled bold path": {"**File: a/b.py**\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "**File: a/b.py**\n```\n")}},
		"escaped underscore": {"a/my\\_mod.py\n" + body + "\n", []editcore.Op{xOp("a/my_mod.py", 2, "a/my\\_mod.py\n")}},
		"bare file name":     {"utils.py\n" + body + "\n", []editcore.Op{xOp("utils.py", 2, "utils.py\n")}},
		"path on fence line after language": {
			"```python a/b.py\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 2, "```python a/b.py\n")},
		},
		"path as fence info": {"```a/b.py\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 2, "```a/b.py\n")}},
		"blank line between path and fence": {
			"a/b.py\n\n```python\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 4, "a/b.py\n\n```python\n")},
		},
		"path inside the fence": {"```python\na/b.py\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "a/b.py\n")}},
		"deepseek double fence": {
			"```python\nword_count.py\n```\n```python\n" + body + "\n```\n",
			[]editcore.Op{xOp("word_count.py", 5, "word_count.py\n```\n```python\n")},
		},
		"four backtick fence": {"a/b.py\n````python\n" + body + "\n````\n", []editcore.Op{xOp("a/b.py", 3, "a/b.py\n````python\n")}},
		"source tag fence": {
			"a/b.py\n<source>python\n" + body + "\n</source>\n", []editcore.Op{xOp("a/b.py", 3, "a/b.py\n<source>python\n")},
		},
		"language colon path on the fence": {
			"```python:a/b.py\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 2, "```python:a/b.py\n")},
		},
		"a language with a dot on the fence is not a path": {
			"```node.js\n" + body + "\n```\n", []editcore.Op{malformed("", 2, body, noPathProblem)},
		},
		"bold code path with a colon": {
			"**`a/b.py`**:\n```python\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "**`a/b.py`**:\n```python\n")},
		},
		"bold label": {"**File:** a/b.py\n```\n" + body + "\n```\n", []editcore.Op{xOp("a/b.py", 3, "**File:** a/b.py\n```\n")}},
		"a name with spaces and no directory is not a path, and the problem says how to write it": {
			"Meeting Notes.md\n```\n" + body + "\n```\n",
			[]editcore.Op{malformed("", 3, body, spacedProblem)},
		},
		"a name with spaces after another block: the problem says how to write it": {
			"a/b.py\n```\n" + body + "\n```\n\nMeeting Notes.md\n```\n" + body + "\n```\n",
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```\n"), malformed("", 12, body, spacedProblem)},
		},
		"prose naming the previous file after a block still reuses its path": {
			"a/b.py\n```\n" + body + "\n```\n\nUpdate b.py\n```\n" + body + "\n```\n",
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```\n"), xOp("a/b.py", 12, "")},
		},
		"a name with spaces written with its directory": {
			"./Meeting Notes.md\n```\n" + body + "\n```\n", []editcore.Op{xOp("./Meeting Notes.md", 3, "./Meeting Notes.md\n```\n")},
		},
		"path too far back is not taken": {
			"a/b.py\n\n\n\n```\n" + body + "\n",
			[]editcore.Op{malformed("", 6, body, noPathProblem)},
		},
		"prose between path and block": {
			"a/b.py\nChange it like this:\n```\n" + body + "\n```\n",
			[]editcore.Op{malformed("", 4, body, noPathProblem)},
		},
		"block without path reuses the previous path": {
			"a/b.py\n```\n" + body + "\n```\n\nThen:\n```\n" + body + "\n```\n",
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```\n"), xOp("a/b.py", 12, "")},
		},
		"a block after prose naming another file does not reuse the previous path": {
			"a/b.py\n```\n" + body + "\n```\n\nIn `src/c.py`:\n```\n" + body + "\n```\n",
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```\n"), malformed("", 12, body,
				"the lines before <<<<<<< SEARCH name src/c.py, but not alone on a line; write the path alone on the line before the block or its opening fence")},
		},
		"prose naming the previous file again still reuses it": {
			"a/b.py\n```\n" + body + "\n```\n\nThen, further down in b.py:\n```\n" + body + "\n```\n",
			[]editcore.Op{xOp("a/b.py", 3, "a/b.py\n```\n"), xOp("a/b.py", 12, "")},
		},
		"consecutive blocks": {
			"a/b.py\n" + body + "\n" + body + "\nc.py\n" + body + "\n",
			[]editcore.Op{xOp("a/b.py", 2, "a/b.py\n"), xOp("a/b.py", 7, ""), xOp("c.py", 13, "c.py\n")},
		},
		"anchor and trailing lines": {
			"a.py\n<<<<<<< SEARCH\ndef f():\n    return 1\n\n=======\ndef f():\n    return 2\n\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\ndef f():\n    return 1\n\n=======\ndef f():\n    return 2\n\n>>>>>>> REPLACE",
				lines("def f():"), lines("    return 1"), lines("    return 2"), lines(""))},
		},
		"pure insertion": {
			"a.py\n<<<<<<< SEARCH\na\nb\n=======\na\nx\nb\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\na\nb\n=======\na\nx\nb\n>>>>>>> REPLACE",
				lines("a"), nil, lines("x"), lines("b"))},
		},
		"deletion": {
			"a.py\n<<<<<<< SEARCH\na\nb\na\n=======\na\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\na\nb\na\n=======\na\n>>>>>>> REPLACE",
				lines("a"), lines("b", "a"), nil, nil)},
		},
		"empty SEARCH appends": {
			"new/mod.py\n```python\n<<<<<<< SEARCH\n=======\ndef hello():\n    pass\n>>>>>>> REPLACE\n```\n",
			[]editcore.Op{appendTo("new/mod.py", 3, "new/mod.py\n```python\n<<<<<<< SEARCH\n=======\ndef hello():\n    pass\n>>>>>>> REPLACE",
				"def hello():\n    pass\n")},
		},
		"blank SEARCH appends": {
			"a.py\n<<<<<<< SEARCH\n\n  \n=======\nz\n>>>>>>> REPLACE\n",
			[]editcore.Op{appendTo("a.py", 2, "a.py\n<<<<<<< SEARCH\n\n  \n=======\nz\n>>>>>>> REPLACE", "z\n")},
		},
		"empty SEARCH and REPLACE": {
			"a.txt\n<<<<<<< SEARCH\n=======\n>>>>>>> REPLACE\n",
			[]editcore.Op{appendTo("a.txt", 2, "a.txt\n<<<<<<< SEARCH\n=======\n>>>>>>> REPLACE", "")},
		},
		"dots of different counts are literal": {
			"a.py\n<<<<<<< SEARCH\na\n...\nb\n=======\nc\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\na\n...\nb\n=======\nc\n>>>>>>> REPLACE",
				nil, lines("a", "...", "b"), lines("c"), nil)},
		},
		"indented dots are code": {
			"a.py\n<<<<<<< SEARCH\na\n    ...\nb\n=======\na\n    ...\nc\n>>>>>>> REPLACE\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n<<<<<<< SEARCH\na\n    ...\nb\n=======\na\n    ...\nc\n>>>>>>> REPLACE",
				lines("a", "    ..."), lines("b"), lines("c"), nil)},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, edits(run(tt.text)))
		})
	}
}

func TestParseElision(t *testing.T) {
	const raw = "a.py\n<<<<<<< SEARCH\ndef f():\n    a = 1\n...\n    return a\n=======\ndef f():\n    a = 2\n...\n    return a + 1\n>>>>>>> REPLACE"
	got := edits(run(raw + "\n"))
	first := replace("a.py", 2, raw, lines("def f():"), lines("    a = 1"), lines("    a = 2"), nil)
	second := replace("a.py", 2, raw, nil, lines("    return a"), lines("    return a + 1"), nil)
	for _, op := range []*editcore.Op{&first, &second} {
		op.Group, op.InOrder = 2, true
	}
	assert.Equal(t, []editcore.Op{first, second}, got)

	// A piece with nothing to find appends its new lines, as aider does;
	// empty pairs are dropped, and one remaining op needs no group.
	const tail = "a.py\n<<<<<<< SEARCH\n...\nx\n...\n=======\n...\ny\n...\nz\n>>>>>>> REPLACE"
	want := []editcore.Op{replace("a.py", 2, tail, nil, lines("x"), lines("y"), nil), appendTo("a.py", 2, tail, "z\n")}
	for i := range want {
		want[i].Group, want[i].InOrder = 2, true
	}
	assert.Equal(t, want, edits(run(tail+"\n")))

	const one = "a.py\n<<<<<<< SEARCH\n...\nx\n=======\n...\ny\n>>>>>>> REPLACE"
	assert.Equal(t, []editcore.Op{replace("a.py", 2, one, nil, lines("x"), lines("y"), nil)}, edits(run(one+"\n")))
}
