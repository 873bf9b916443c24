package parse

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/editblock"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// shellOp is the expected form of a suggested command; only Text and Line
// are compared, the rest is package shell's business.
func shellOp(line int, text string) editcore.Op {
	return editcore.Op{Kind: editcore.Shell, Line: line, Raw: text, Command: &shell.Command{Text: text, Line: line}}
}

// brief cuts shell commands down to what shellOp sets.
func brief(ops []editcore.Op) []editcore.Op {
	for i, op := range ops {
		if op.Kind == editcore.Shell && op.Command != nil {
			ops[i].Command = &shell.Command{Text: op.Command.Text, Line: op.Command.Line}
		}
	}
	return ops
}

func replace(path string, line int, raw string, old, new string) editcore.Op {
	return editcore.Op{Kind: editcore.Replace, Format: editblock.Name, Path: path, Line: line, Raw: raw,
		Old: []string{old}, New: []string{new}}
}

const block = "src/a.py\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END"

func TestBytes(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty":            {"", nil},
		"prose only":       {"Hello.\n\nNothing to do here.\n", nil},
		"newline only":     {"\n", nil},
		"block":            {block + "\n", []editcore.Op{replace("src/a.py", 2, block, "x", "y")}},
		"no final newline": {block, []editcore.Op{replace("src/a.py", 2, block, "x", "y")}},
		"CRLF": {
			"src/a.py\r\n««« EDIT\r\nx\r\n═══════ REPL\r\ny\r\n»»» EDIT END\r\n",
			[]editcore.Op{replace("src/a.py", 2, block, "x", "y")},
		},
		"lone CR inside a line is content": {
			"src/a.py\n««« EDIT\nx\ry\n═══════ REPL\ny\n»»» EDIT END\n",
			[]editcore.Op{replace("src/a.py", 2, "src/a.py\n««« EDIT\nx\ry\n═══════ REPL\ny\n»»» EDIT END", "x\ry", "y")},
		},
		"shell commands around a block, in order": {
			"Run `git rm old.py` then:\n\n```bash\ngit mv a.py b.py\n```\n" + block + "\n$ rm -rf build\n",
			[]editcore.Op{
				shellOp(1, "git rm old.py"),
				shellOp(4, "git mv a.py b.py"),
				replace("src/a.py", 7, block, "x", "y"),
				shellOp(12, "rm -rf build"),
			},
		},
		"block lines are not shell prose": {
			"src/run.sh\n««« EDIT\n$ rm -rf /\n═══════ REPL\n$ echo hi\n»»» EDIT END\n",
			[]editcore.Op{replace("src/run.sh", 2, "src/run.sh\n««« EDIT\n$ rm -rf /\n═══════ REPL\n$ echo hi\n»»» EDIT END", "$ rm -rf /", "$ echo hi")},
		},
		"fenced block then shell fence": {
			"```\n" + block + "\n```\n\n```sh\ngit rm x.py\n```\n",
			[]editcore.Op{replace("src/a.py", 3, block, "x", "y"), shellOp(11, "git rm x.py")},
		},
		"unclosed block is reported at the end": {
			"src/a.py\n««« EDIT\nx\n",
			[]editcore.Op{{Kind: editcore.Malformed, Format: editblock.Name, Path: "src/a.py", Line: 2,
				Raw: "src/a.py\n««« EDIT\nx", Problem: "block never closed: expected »»» EDIT END"}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, brief(Bytes([]byte(tt.text))))
		})
	}
}

// A streaming caller gets a block as soon as its end marker's line is
// complete, and not before.
func TestFeedReturnsCompletedBlocks(t *testing.T) {
	p := New()
	assert.Empty(t, p.Feed([]byte("src/a.py\n««« EDIT\nx\n═══════ RE")))
	assert.Empty(t, p.Feed([]byte("PL\ny\n»»» EDIT END")), "the end marker's line is not complete yet")
	got := p.Feed([]byte("\nmore prose"))
	require.Len(t, got, 1)
	assert.Equal(t, replace("src/a.py", 2, block, "x", "y"), got[0])
	assert.Empty(t, p.Finish())
}

func TestFinishReadiesForAnotherResponse(t *testing.T) {
	p := New()
	first := append(p.Feed([]byte("prose\n"+block)), p.Finish()...)
	second := append(p.Feed([]byte(block)), p.Finish()...)
	assert.Equal(t, []editcore.Op{replace("src/a.py", 3, "src/a.py\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END", "x", "y")}, first)
	assert.Equal(t, []editcore.Op{replace("src/a.py", 2, block, "x", "y")}, second, "line numbers restart")
}

func TestWithFormats(t *testing.T) {
	text := []byte(block + "\n`git rm z.py`\n")
	tests := map[string]struct {
		formats []Format
		want    []editcore.Op
	}{
		"editblock": {
			[]Format{editblock.New()},
			[]editcore.Op{replace("src/a.py", 2, block, "x", "y"), shellOp(7, "git rm z.py")},
		},
		"none: everything is prose": {
			nil,
			[]editcore.Op{shellOp(7, "git rm z.py")},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			p := New(WithFormats(tt.formats...))
			assert.Equal(t, tt.want, brief(append(p.Feed(text), p.Finish()...)))
		})
	}
}

func TestLookup(t *testing.T) {
	tests := map[string]struct {
		name    string
		wantErr string
	}{
		"editblock": {name: "editblock"},
		"unknown":   {name: "nope", wantErr: `unknown edit format "nope"; use one of editblock, `},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			f, err := Lookup(tt.name)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.name, f.Name())
		})
	}
	// Other formats register after editblock; the exact list grows with them.
	assert.Equal(t, "editblock", Names()[0])
	assert.Contains(t, Names(), "searchreplace")
}

func TestProse(t *testing.T) {
	p := New()
	text := "Fix the bug.\n\nsrc/a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n\nThen run `git rm old.py`.\n"
	ops := append(p.Feed([]byte(text)), p.Finish()...)
	require.Len(t, ops, 2)
	assert.Equal(t, "Fix the bug.\n\nThen run `git rm old.py`.\n", p.Prose())
	// The next response starts with fresh prose.
	p.Feed([]byte("Second.\n"))
	p.Finish()
	assert.Equal(t, "Second.\n", p.Prose())
}

func TestProseDropsFencedBlockFrame(t *testing.T) {
	p := New()
	text := "Here is the change:\n\n```\nsrc/a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n```\n\nDone.\n"
	ops := append(p.Feed([]byte(text)), p.Finish()...)
	require.Len(t, ops, 1)
	assert.Equal(t, "Here is the change:\n\nDone.\n", p.Prose())
}

func TestProseKeepsItsOwnFences(t *testing.T) {
	p := New()
	text := "Run this:\n\n```sh\nmake test\n```\n\nsrc/a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n"
	ops := append(p.Feed([]byte(text)), p.Finish()...)
	require.NotEmpty(t, ops)
	assert.Equal(t, "Run this:\n\n```sh\nmake test\n```\n", p.Prose())
}

// TestProseWithoutBlockFrames: the path line, the opening fence and the
// closing fence of a block belong to the block, in every format and fence
// style, so the commit message keeps only the explanation around them.
func TestProseWithoutBlockFrames(t *testing.T) {
	const sr = "<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n"
	tests := []struct {
		name, block string
		ops         int
	}{
		{"searchreplace, bold path, python fence", "**src/a.py**\n```python\n" + sr + "```\n", 1},
		{"searchreplace, four backticks", "src/a.py\n````python\n" + sr + "````\n", 1},
		{"searchreplace, path on the fence line", "```python src/a.py\n" + sr + "```\n", 1},
		{"searchreplace, path inside the fence", "```\nsrc/a.py\n" + sr + "```\n", 1},
		{"searchreplace, heading path, tilde fence", "# src/a.py\n~~~\n" + sr + "~~~\n", 1},
		{"searchreplace, aider's <source> tag", "src/a.py\n<source>python\n" + sr + "</source>\n", 1},
		{"Cline markers", "<path>src/a.py</path>\n```\n------- SEARCH\nx = 1\n=======\nx = 2\n+++++++ REPLACE\n```\n", 1},
		{"blank line before the closing fence", "src/a.py\n```\n" + sr + "\n```\n", 1},
		{"fenced diff", "```diff\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n```\n", 1},
		{"whole file", "src/a.py\n```python\nx = 2\n```\n", 1},
		{"apply_patch in a fence", "```\n*** Begin Patch\n*** Update File: src/a.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n```\n", 1},
		{"seed edit block", "src/a.py\n```\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n```\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New()
			text := "Here is the change:\n\n" + tt.block + "\nDone.\n"
			ops := append(p.Feed([]byte(text)), p.Finish()...)
			require.Len(t, ops, tt.ops)
			assert.Equal(t, "Here is the change:\n\nDone.\n", p.Prose())
		})
	}
}

// TestProseKeepsWhatIsNotAFrame: a code block of the prose after an edit
// block is not its closing fence, and text right after an unfenced block
// keeps its blank line.
func TestProseKeepsWhatIsNotAFrame(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{
			"a code block after an unfenced block",
			"Edit:\nsrc/a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\n```\nmake test\n```\n",
			"Edit:\n\n```\nmake test\n```\n",
		},
		{
			"a fenced block without its closing fence",
			"Edit:\nsrc/a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\nThen test.\n",
			"Edit:\n\nThen test.\n",
		},
		{
			"a fenced diff, then a bare code block",
			"```diff\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n```\n\n```\nmake\n```\n",
			"\n```\nmake\n```\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New()
			ops := append(p.Feed([]byte(tt.text)), p.Finish()...)
			require.NotEmpty(t, ops)
			assert.Equal(t, tt.want, p.Prose())
		})
	}
}

// TestLineTooLong: a line over MaxLine is skipped and reported, whether it
// arrives in one chunk or many, and the Parser holds no more than MaxLine.
func TestLineTooLong(t *testing.T) {
	defer func(n int) { MaxLine = n }(MaxLine)
	MaxLine = 100
	long := strings.Repeat("x", 250)
	text := "a.txt\n««« EDIT\none\n═══════ REPL\ntwo\n»»» EDIT END\n" + long + "\nafter\n"
	for _, size := range []int{len(text), 7, 1} {
		p := New()
		var ops []editcore.Op
		for rest := []byte(text); len(rest) > 0; {
			n := min(size, len(rest))
			ops = append(ops, p.Feed(rest[:n])...)
			assert.LessOrEqual(t, len(p.pend), MaxLine)
			rest = rest[n:]
		}
		ops = append(ops, p.Finish()...)
		var tl *LineTooLongError
		require.ErrorAs(t, p.Err(), &tl, "chunks of %d", size)
		assert.Equal(t, 7, tl.Line)
		require.Len(t, ops, 1, "the block before the long line still parses")
		assert.Equal(t, []string{"two"}, ops[0].New)
	}
	p := New()
	p.Feed([]byte("short\n"))
	p.Finish()
	assert.NoError(t, p.Err())
}
