package shell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// found is the part of a Command the scanner tests look at: where it is,
// what it says, and whether it would run.
type found struct {
	Line   int
	Text   string
	Op     FileOp
	Reason string
}

// scan feeds text to a Scanner, one line per response line from 1.
func scan(text string) []found {
	s := NewScanner()
	var cmds []Command
	for i, line := range strings.Split(text, "\n") {
		cmds = append(cmds, s.Line(i+1, line)...)
	}
	cmds = append(cmds, s.End()...)
	return foundOf(cmds)
}

func foundOf(cmds []Command) []found {
	var out []found
	for _, c := range cmds {
		out = append(out, found{c.Line, c.Text, c.Op, c.Reason})
	}
	return out
}

func TestScanner(t *testing.T) {
	tests := map[string]struct {
		in   string
		want []found
	}{
		"prose without commands": {
			in:   "Here is the fix.\nCall `foo()` and use `rm` carefully, see `src/app.py`.",
			want: nil,
		},
		"bash fence": {
			in: "Run:\n```bash\n# clean up\ngit rm old.py\n\nnpm test\n```\nDone.",
			want: []found{
				{4, "git rm old.py", Remove, ""},
				{6, "npm test", "", reasonNotFileOp},
			},
		},
		"sh, shell and zsh fences": {
			in: "```sh\nrm a\n```\n```shell\nrm b\n```\n```zsh\nrm c\n```",
			want: []found{
				{2, "rm a", Remove, ""},
				{5, "rm b", Remove, ""},
				{8, "rm c", Remove, ""},
			},
		},
		"tilde fence, longer run, decorated info": {
			in: "~~~~ {.bash title=x}\n~~~\nrm a\n~~~~~\nrm b",
			want: []found{
				{2, "~~~", "", reasonNotFileOp},
				{3, "rm a", Remove, ""},
			},
		},
		"backquotes inside a shell fence are shell syntax": {
			in:   "```bash\n``\necho `date`\n```",
			want: []found{{2, "``", "", reasonSubst}, {3, "echo `date`", "", reasonSubst}},
		},
		"other language fence is ignored": {
			in:   "```python\nos.remove('x')\n$ rm a\n`git rm b`\n```",
			want: nil,
		},
		"console session: prompts and output": {
			in: "```console\n$ git mv a.py b.py\n$ ls\nb.py\n# not a prompt\nuser@host:~/proj$ rm -f c.txt\n(venv) $ pytest -q\n3 passed\n```",
			want: []found{
				{2, "git mv a.py b.py", Move, ""},
				{3, "ls", "", reasonNotFileOp},
				{6, "rm -f c.txt", Remove, ""},
				{7, "pytest -q", "", reasonNotFileOp},
			},
		},
		"shell-session and terminal": {
			in: "```shell-session\n$ rm a\nremoved\n```\n```terminal\n[me@box src]$ rm b\n```",
			want: []found{
				{2, "rm a", Remove, ""},
				{6, "rm b", Remove, ""},
			},
		},
		"bash fence written as a session": {
			in:   "```bash\n$ git rm old.py\nrm 'old.py'\n```",
			want: []found{{2, "git rm old.py", Remove, ""}},
		},
		"console fence written as a script": {
			in:   "```console\ngit rm a\ngit rm b\n```",
			want: []found{{2, "git rm a", Remove, ""}, {3, "git rm b", Remove, ""}},
		},
		"unlabelled fence: only prompt lines": {
			in:   "```\ngit rm a\n$ git rm b\n```\n```text\n$ rm c\nrm d\n```",
			want: []found{{3, "git rm b", Remove, ""}, {6, "rm c", Remove, ""}},
		},
		"dollar lines in prose": {
			in:   "First\n$ git rm old.py\n  $ mkdir -p src/new\n$5 is not a prompt\n$",
			want: []found{{2, "git rm old.py", Remove, ""}, {3, "mkdir -p src/new", Mkdir, ""}},
		},
		"inline spans": {
			in: "Delete it with `git rm old.py`, then run `npm test`.\nAlso ``rm -rf build/`` and `$ mkdir out`.",
			want: []found{
				{1, "git rm old.py", Remove, ""},
				{1, "npm test", "", reasonNotFileOp},
				{2, "rm -rf build/", Remove, ""},
				{2, "mkdir out", Mkdir, ""},
			},
		},
		"inline non-commands": {
			in:   "The `rm` helper, `git` itself, `make(chan int)`, `go func() {}`, `mv`, `foo bar`, \\`git rm x\\`.",
			want: nil,
		},
		"inline chain": {
			in:   "Run `git rm a && git rm b`.",
			want: []found{{1, "git rm a", Remove, ""}, {1, "git rm b", Remove, ""}},
		},
		"inline span with substitution is kept": {
			in:   "Run `git rm $(git ls-files -d)`.",
			want: []found{{1, "git rm $(git ls-files -d)", "", reasonSubst}},
		},
		"continuation lines join": {
			in: "```bash\ngit rm \\\n  a.py \\\n  b.py\nrm c\n```",
			want: []found{
				{2, "git rm a.py b.py", Remove, ""},
				{5, "rm c", Remove, ""},
			},
		},
		"continuation after a prompt with PS2": {
			in:   "```console\n$ git rm \\\n> a.py\nrm 'a.py'\n```",
			want: []found{{2, "git rm a.py", Remove, ""}},
		},
		"open quote joins lines": {
			in: "```bash\ngit commit -m \"first\nsecond\"\ngit rm a\n```",
			want: []found{
				{2, `git commit -m "first second"`, "", reasonNotFileOp},
				{4, "git rm a", Remove, ""},
			},
		},
		"chain continued on next line": {
			in:   "```bash\ngit rm a &&\n  git rm b\n```",
			want: []found{{2, "git rm a", Remove, ""}, {3, "git rm b", Remove, ""}},
		},
		"here-document body skipped": {
			in: "```bash\ncat > notes.md <<'EOF'\nrm -rf /\n$ git rm x\nEOF\ngit rm a\n```",
			want: []found{
				{2, "cat > notes.md <<'EOF'", "", reasonRedirect},
				{6, "git rm a", Remove, ""},
			},
		},
		"two here-documents": {
			in: "```bash\ncat <<A <<B\nrm a\nA\nrm b\nB\nrm c\n```",
			want: []found{
				{2, "cat <<A <<B", "", reasonHeredoc},
				{7, "rm c", Remove, ""},
			},
		},
		"here-document ended by the fence": {
			in: "```bash\ncat <<EOF\nrm a\n```\n$ rm b",
			want: []found{
				{2, "cat <<EOF", "", reasonHeredoc},
				{5, "rm b", Remove, ""},
			},
		},
		"console here-document with PS2": {
			in:   "```console\n$ cat <<EOF > f\n> rm a\n> EOF\n$ rm b\n```",
			want: []found{{2, "cat <<EOF > f", "", reasonHeredoc}, {5, "rm b", Remove, ""}},
		},
		"cd in a fence": {
			in: "```bash\ngit rm a\ncd src\ngit rm b\n```\n```bash\ngit rm c\n```",
			want: []found{
				{2, "git rm a", Remove, ""},
				{3, "cd src", "", reasonNotFileOp},
				{4, "git rm b", "", reasonAfterCd},
				{7, "git rm c", Remove, ""},
			},
		},
		"cd in prose does not carry": {
			in:   "Go there: `cd myproject`\n$ git rm a",
			want: []found{{1, "cd myproject", "", reasonNotFileOp}, {2, "git rm a", Remove, ""}},
		},
		"order of appearance": {
			in: "Use `git mv a b`.\n```bash\nrm c\n```\n$ mkdir d\nthen `rm e`",
			want: []found{
				{1, "git mv a b", Move, ""},
				{3, "rm c", Remove, ""},
				{5, "mkdir d", Mkdir, ""},
				{6, "rm e", Remove, ""},
			},
		},
		"fence never closes": {
			in:   "```bash\ngit rm a\nrm -rf b",
			want: []found{{2, "git rm a", Remove, ""}, {3, "rm -rf b", Remove, ""}},
		},
		"continuation never ends": {
			in:   "```bash\ngit rm a \\",
			want: []found{{2, `git rm a \`, Remove, ""}},
		},
		"quote never closes": {
			in:   "```bash\necho 'oops\ngit rm a",
			want: []found{{2, "echo 'oops git rm a", "", reasonUnbalanced}},
		},
		"shorter run does not close": {
			in:   "~~~~bash\n~~~\nrm a\n~~~~\nrm b",
			want: []found{{2, "~~~", "", reasonNotFileOp}, {3, "rm a", Remove, ""}},
		},
		"closing fence with info string does not close": {
			in:   "~~~bash\nrm a\n~~~bash\nrm b\n~~~",
			want: []found{{2, "rm a", Remove, ""}, {3, "~~~bash", "", reasonNotFileOp}, {4, "rm b", Remove, ""}},
		},
		"triple backtick code span is not a fence": {
			in:   "Run ```git rm a``` now\n$ rm b",
			want: []found{{1, "git rm a", Remove, ""}, {2, "rm b", Remove, ""}},
		},
		"crlf lines": {
			in:   "```bash\r\ngit rm a\r\n```\r\n$ rm b\r",
			want: []found{{2, "git rm a", Remove, ""}, {4, "rm b", Remove, ""}},
		},
		"indented fence in a list": {
			in:   "1. Remove it:\n\n    ```bash\n    git rm a\n    ```\n",
			want: []found{{4, "git rm a", Remove, ""}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, scan(tt.in))
		})
	}
}

// line is one line fed to the Scanner with an explicit number, so tests can
// leave lines out as the response parser does for edit blocks.
type line struct {
	n    int
	text string
}

func TestScannerGaps(t *testing.T) {
	tests := map[string]struct {
		lines []line
		want  []found
	}{
		"fence around a left-out block is dropped": {
			lines: []line{{1, "Edit:"}, {2, "```python"}, {9, "```"}, {10, "$ git rm a"}},
			want:  []found{{10, "git rm a", Remove, ""}},
		},
		"opening fence left out, closing passed": {
			lines: []line{{1, "Edit:"}, {8, "```"}, {9, "Then `git rm a`."}},
			want:  []found{{9, "git rm a", Remove, ""}},
		},
		"closing fence left out, opening passed": {
			lines: []line{{1, "Edit:"}, {2, "```"}, {8, "Then `git rm a`."}},
			want:  []found{{8, "git rm a", Remove, ""}},
		},
		"both fences left out": {
			lines: []line{{1, "Edit:"}, {9, "Then `git rm a`."}, {10, "```bash"}, {11, "rm b"}, {12, "```"}},
			want:  []found{{9, "git rm a", Remove, ""}, {11, "rm b", Remove, ""}},
		},
		"first lines left out": {
			lines: []line{{5, "```"}, {6, "`rm a` too"}},
			want:  []found{{6, "rm a", Remove, ""}},
		},
		"gap ends a continuation": {
			lines: []line{{1, "```bash"}, {2, "git rm a \\"}, {7, "rm b"}, {8, "```"}},
			want:  []found{{2, `git rm a \`, Remove, ""}, {7, "rm b", Remove, ""}},
		},
		"gap ends a here-document": {
			lines: []line{{1, "```bash"}, {2, "cat <<EOF"}, {7, "rm b"}, {8, "```"}},
			want:  []found{{2, "cat <<EOF", "", reasonHeredoc}, {7, "rm b", Remove, ""}},
		},
		"fence with content stays open over a gap": {
			lines: []line{{1, "```bash"}, {2, "rm a"}, {7, "rm b"}, {8, "```"}, {9, "rm c"}},
			want:  []found{{2, "rm a", Remove, ""}, {7, "rm b", Remove, ""}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			s := NewScanner()
			var cmds []Command
			for _, l := range tt.lines {
				cmds = append(cmds, s.Line(l.n, l.text)...)
			}
			cmds = append(cmds, s.End()...)
			assert.Equal(t, tt.want, foundOf(cmds))
		})
	}
}

func TestScannerEndResets(t *testing.T) {
	s := NewScanner()
	s.Line(1, "```bash")
	s.Line(2, "git rm a \\")
	assert.Equal(t, []found{{2, `git rm a \`, Remove, ""}}, foundOf(s.End()))
	// A new response starts outside any fence, at line 1.
	assert.Equal(t, []found{{1, "rm b", Remove, ""}}, foundOf(s.Line(1, "$ rm b")))
	assert.Empty(t, s.End())
}

func TestScannerJoinLimit(t *testing.T) {
	in := "```bash\necho 'never closed\n" + strings.Repeat("rm x\n", 2*maxJoin) + "```"
	got := scan(in)
	// The stray quote swallows at most maxJoin lines; after that, lines are
	// read as commands again.
	assert.Equal(t, found{2, got[0].Text, "", reasonUnbalanced}, got[0])
	assert.Len(t, got, 1+2*maxJoin-maxJoin)
	assert.Equal(t, found{3 + maxJoin, "rm x", Remove, ""}, got[1])
}
