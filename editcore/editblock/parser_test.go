package editblock

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/formattest"
)

// run feeds text line by line, as the combiner in package parse does.
func run(text string) []editcore.Op { return formattest.Lines(New(), text) }

func lines(s ...string) []string { return s }

func replace(path string, line int, raw string, anchor, old, new []string) editcore.Op {
	return editcore.Op{Kind: editcore.Replace, Format: Name, Path: path, Line: line, Raw: raw,
		Anchor: anchor, Old: old, New: new}
}

func create(path string, line int, raw, content string) editcore.Op {
	op := editcore.Op{Kind: editcore.Create, Format: Name, Path: path, Line: line, Raw: raw}
	if content != "" {
		op.Content = []byte(content)
	}
	return op
}

func malformed(path string, line int, raw, problem string) editcore.Op {
	return editcore.Op{Kind: editcore.Malformed, Format: Name, Path: path, Line: line, Raw: raw, Problem: problem}
}

const mathBlock = `src/math.py
««« EDIT
def multiply(a, b):
    return a + b  # BUG
═══════ REPL
def multiply(a, b):
    return a * b
»»» EDIT END`

var mathOp = replace("src/math.py", 2, mathBlock,
	lines("def multiply(a, b):"), lines("    return a + b  # BUG"), lines("    return a * b"))

func TestParse(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty response":   {"", nil},
		"no blocks":        {"Just some prose.\n\nsrc/app.py\nis a file.\n", nil},
		"single block":     {mathBlock + "\n", []editcore.Op{mathOp}},
		"no final newline": {mathBlock, []editcore.Op{mathOp}},
		"surrounding text": {
			"I found the bug.\n\n" + mathBlock + "\n\nThat should fix it.\n",
			[]editcore.Op{func() editcore.Op { op := mathOp; op.Line = 4; return op }()},
		},
		"multiple blocks": {
			"a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n\nThen:\n\nb/c.go\n««« EDIT\nfoo\n═══════ REPL\nbar\n»»» EDIT END\n",
			[]editcore.Op{
				replace("a.py", 2, "a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END", nil, lines("x = 1"), lines("x = 2")),
				replace("b/c.go", 11, "b/c.go\n««« EDIT\nfoo\n═══════ REPL\nbar\n»»» EDIT END", nil, lines("foo"), lines("bar")),
			},
		},
		"path with spaces": {
			"My Docs/notes file.md\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{replace("My Docs/notes file.md", 2, "My Docs/notes file.md\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"single filename without separator": {
			"main.go\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{replace("main.go", 2, "main.go\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"known name without extension": {
			"Makefile\n««« EDIT\nall:\n═══════ REPL\nall: build\n»»» EDIT END\n",
			[]editcore.Op{replace("Makefile", 2, "Makefile\n««« EDIT\nall:\n═══════ REPL\nall: build\n»»» EDIT END", nil, lines("all:"), lines("all: build"))},
		},
		"bold decorated path": {
			"**src/a.py**\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{replace("src/a.py", 2, "**src/a.py**\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"blank line between path and marker": {
			"src/a.py\n\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n",
			[]editcore.Op{replace("src/a.py", 3, "src/a.py\n\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"block inside a fence": {
			"Here:\n\n```\nsrc/a.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n```\n",
			[]editcore.Op{replace("src/a.py", 5, "src/a.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"path before a language fence": {
			"src/a.py\n```python\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n```\n",
			[]editcore.Op{replace("src/a.py", 3, "src/a.py\n```python\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b"))},
		},
		"two fenced blocks": {
			"```\na.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n```\n```\nb.py\n««« EDIT\nc\n═══════ REPL\nd\n»»» EDIT END\n```\n",
			[]editcore.Op{
				replace("a.py", 3, "a.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END", nil, lines("a"), lines("b")),
				replace("b.py", 11, "b.py\n««« EDIT\nc\n═══════ REPL\nd\n»»» EDIT END", nil, lines("c"), lines("d")),
			},
		},
		"create file": {
			"src/new_module.py\n««« EDIT\n═══════ REPL\ndef hello():\n    print(\"Hello, world!\")\n»»» EDIT END\n",
			[]editcore.Op{create("src/new_module.py", 2, "src/new_module.py\n««« EDIT\n═══════ REPL\ndef hello():\n    print(\"Hello, world!\")\n»»» EDIT END",
				"def hello():\n    print(\"Hello, world!\")\n")},
		},
		"create empty file": {
			"a/__init__.py\n««« EDIT\n═══════ REPL\n»»» EDIT END\n",
			[]editcore.Op{create("a/__init__.py", 2, "a/__init__.py\n««« EDIT\n═══════ REPL\n»»» EDIT END", "")},
		},
		"insert after": {
			"src/utils.py\n««« EDIT\nimport os\n═══════ REPL\nimport os\nimport sys\n»»» EDIT END\n",
			[]editcore.Op{replace("src/utils.py", 2, "src/utils.py\n««« EDIT\nimport os\n═══════ REPL\nimport os\nimport sys\n»»» EDIT END",
				lines("import os"), nil, lines("import sys"))},
		},
		"delete lines": {
			"src/utils.py\n««« EDIT\nimport os\nimport deprecated_module\nimport sys\n═══════ REPL\nimport os\nimport sys\n»»» EDIT END\n",
			[]editcore.Op{replace("src/utils.py", 2, "src/utils.py\n««« EDIT\nimport os\nimport deprecated_module\nimport sys\n═══════ REPL\nimport os\nimport sys\n»»» EDIT END",
				lines("import os"), lines("import deprecated_module", "import sys"), lines("import sys"))},
		},
		"100% common prefix": {
			"a.py\n««« EDIT\nx\ny\n═══════ REPL\nx\ny\n»»» EDIT END\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\nx\ny\n═══════ REPL\nx\ny\n»»» EDIT END", lines("x", "y"), nil, nil)},
		},
		"0% common prefix": {
			"a.py\n««« EDIT\nx\ny\n═══════ REPL\nz\ny\n»»» EDIT END\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\nx\ny\n═══════ REPL\nz\ny\n»»» EDIT END", nil, lines("x", "y"), lines("z", "y"))},
		},
		"preserves blank lines and indentation": {
			"a.py\n««« EDIT\ndef f():\n\n\treturn 1  \n═══════ REPL\ndef f():\n\n\treturn 2  \n»»» EDIT END\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\ndef f():\n\n\treturn 1  \n═══════ REPL\ndef f():\n\n\treturn 2  \n»»» EDIT END",
				lines("def f():", ""), lines("\treturn 1  "), lines("\treturn 2  "))},
		},
		"markers mid-line are content": {
			"a.py\n««« EDIT\nx ═══════ REPL y\ns = \"»»» EDIT END\"\n═══════ REPL\nz\n»»» EDIT END\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\nx ═══════ REPL y\ns = \"»»» EDIT END\"\n═══════ REPL\nz\n»»» EDIT END",
				nil, lines("x ═══════ REPL y", "s = \"»»» EDIT END\""), lines("z"))},
		},
		"markers with surrounding whitespace": {
			"a.py\n  ««« EDIT \nx\n\t═══════ REPL\ny\n »»» EDIT END  \n",
			[]editcore.Op{replace("a.py", 2, "a.py\n  ««« EDIT \nx\n\t═══════ REPL\ny\n »»» EDIT END  ", nil, lines("x"), lines("y"))},
		},
		"CRLF input": {
			"a.py\r\n««« EDIT\r\nx\r\n═══════ REPL\r\ny\r\n»»» EDIT END\r\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END", nil, lines("x"), lines("y"))},
		},
		"nested block is content of the outer": {
			"prompt.md\n««« EDIT\nExample:\n═══════ REPL\nExample:\nx.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n»»» EDIT END\nafter.py\n",
			[]editcore.Op{replace("prompt.md", 2, "prompt.md\n««« EDIT\nExample:\n═══════ REPL\nExample:\nx.py\n««« EDIT\na\n═══════ REPL\nb\n»»» EDIT END\n»»» EDIT END",
				lines("Example:"), nil, lines("x.py", "««« EDIT", "a", "═══════ REPL", "b", "»»» EDIT END"))},
		},
		"other family markers are content": {
			"doc.md\n🟧🟧🟧 EDIT\n═══════ REPL\n🟨🟨🟨 REPL\n««« EDIT\n»»» EDIT END\n🟩🟩🟩 END\n",
			[]editcore.Op{replace("doc.md", 2, "doc.md\n🟧🟧🟧 EDIT\n═══════ REPL\n🟨🟨🟨 REPL\n««« EDIT\n»»» EDIT END\n🟩🟩🟩 END",
				nil, lines("═══════ REPL"), lines("««« EDIT", "»»» EDIT END"))},
		},
		"emoji dialect": {
			"src/a.rs\n🟧🟧🟧 EDIT\nfn a() {}\nlet x = 1;\n🟨🟨🟨 REPL\nfn a() {}\nlet x = 2;\n🟩🟩🟩 END\n",
			[]editcore.Op{replace("src/a.rs", 2, "src/a.rs\n🟧🟧🟧 EDIT\nfn a() {}\nlet x = 1;\n🟨🟨🟨 REPL\nfn a() {}\nlet x = 2;\n🟩🟩🟩 END",
				lines("fn a() {}"), lines("let x = 1;"), lines("let x = 2;"))},
		},
		"emoji create": {
			"n.txt\n🟧🟧🟧 EDIT\n🟨🟨🟨 REPL\nhi\n🟩🟩🟩 END\n",
			[]editcore.Op{create("n.txt", 2, "n.txt\n🟧🟧🟧 EDIT\n🟨🟨🟨 REPL\nhi\n🟩🟩🟩 END", "hi\n")},
		},
		"v2 all sections": {
			"a.py\n««« EDIT\nlead\n───────\nold\n═══════\nnew\n───────\ntrail\n»»»\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw:    "a.py\n««« EDIT\nlead\n───────\nold\n═══════\nnew\n───────\ntrail\n»»»",
				Anchor: lines("lead"), Old: lines("old"), New: lines("new"), Trailing: lines("trail")}},
		},
		"v2 empty leading anchor": {
			"a.py\n««« EDIT\n───────\nold\n═══════\nnew\n───────\ntrail\n»»»\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw: "a.py\n««« EDIT\n───────\nold\n═══════\nnew\n───────\ntrail\n»»»",
				Old: lines("old"), New: lines("new"), Trailing: lines("trail")}},
		},
		"v2 empty old lines": {
			"a.py\n««« EDIT\nlead\n───────\n═══════\nnew\n───────\ntrail\n»»»\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw:    "a.py\n««« EDIT\nlead\n───────\n═══════\nnew\n───────\ntrail\n»»»",
				Anchor: lines("lead"), New: lines("new"), Trailing: lines("trail")}},
		},
		"v2 empty new lines": {
			"a.py\n««« EDIT\nlead\n───────\nold\n═══════\n───────\ntrail\n»»»\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw:    "a.py\n««« EDIT\nlead\n───────\nold\n═══════\n───────\ntrail\n»»»",
				Anchor: lines("lead"), Old: lines("old"), Trailing: lines("trail")}},
		},
		"v2 empty trailing anchor": {
			"a.py\n««« EDIT\nlead\n───────\nold\n═══════\nnew\n───────\n»»»\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw:    "a.py\n««« EDIT\nlead\n───────\nold\n═══════\nnew\n───────\n»»»",
				Anchor: lines("lead"), Old: lines("old"), New: lines("new")}},
		},
		"v2 all sections empty except new is a create": {
			"a.py\n««« EDIT\n───────\n═══════\nnew\n───────\n»»»\n",
			[]editcore.Op{create("a.py", 2, "a.py\n««« EDIT\n───────\n═══════\nnew\n───────\n»»»", "new\n")},
		},
		"v2 dash inside old lines is content": {
			"a.py\n««« EDIT\n───────\nx\n───────\n═══════ REPL\ny\n───────\n»»» EDIT END\n",
			[]editcore.Op{{Kind: editcore.Replace, Format: Name, Path: "a.py", Line: 2,
				Raw: "a.py\n««« EDIT\n───────\nx\n───────\n═══════ REPL\ny\n───────\n»»» EDIT END",
				Old: lines("x", "───────"), New: lines("y")}},
		},
		"second separator in REPL is content": {
			"a.py\n««« EDIT\nx\n═══════ REPL\ny\n═══════ REPL\n»»» EDIT END\n",
			[]editcore.Op{replace("a.py", 2, "a.py\n««« EDIT\nx\n═══════ REPL\ny\n═══════ REPL\n»»» EDIT END", nil, lines("x"), lines("y", "═══════ REPL"))},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, run(tt.text))
		})
	}
}
