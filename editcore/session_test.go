package editcore_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// lines splits a test literal into lines ("" is no lines).
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func rep(path, anchor, old, new string) *Op {
	return &Op{Kind: Replace, Format: "editblock", Path: path, Anchor: lines(anchor), Old: lines(old), New: lines(new)}
}

func create(path, content string) *Op {
	return &Op{Kind: Create, Format: "editblock", Path: path, Content: []byte(content)}
}

func sh(text string, op shell.FileOp, recursive bool, paths ...string) *Op {
	return &Op{Kind: Shell, Command: &shell.Command{Text: text, Op: op, Paths: paths, Recursive: recursive}}
}

const app = "import os\n\ndef process():\n    step_one()\n    step_two()\n\ndef other():\n    step_one()\n    step_two()\n"

type want struct {
	status  Status
	err     ErrorType
	line    int
	match   string
	message string // substring
}

func TestSession(t *testing.T) {
	tests := map[string]struct {
		files map[string]string
		ops   []*Op
		opt   Options
		want  []want
		after map[string]string // expected file contents; "<absent>" for none
	}{
		"valid edit replaces and preserves surroundings": {
			files: map[string]string{"app.py": "a\nb\nc\nd\n"},
			ops:   []*Op{rep("app.py", "b", "c", "C")},
			want:  []want{{status: Applied, line: 2, match: "exact"}},
			after: map[string]string{"app.py": "a\nb\nC\nd\n"},
		},
		"insert after anchor": {
			files: map[string]string{"u.py": "import os\nx = 1\n"},
			ops:   []*Op{rep("u.py", "import os", "", "import sys")},
			want:  []want{{status: Applied, line: 1}},
			after: map[string]string{"u.py": "import os\nimport sys\nx = 1\n"},
		},
		"insert already there is already_applied": {
			files: map[string]string{"u.py": "import os\nimport sys\nx = 1\n"},
			ops:   []*Op{rep("u.py", "import os", "", "import sys")},
			want:  []want{{status: AlreadyApplied, line: 1}},
			after: map[string]string{"u.py": "import os\nimport sys\nx = 1\n"},
		},
		"an insertion present after one of two anchors is ambiguous, not already_applied": {
			files: map[string]string{"db.py": "def save():\n    conn.close()\n    cleanup()\n\ndef load():\n    conn.close()\n"},
			ops:   []*Op{rep("db.py", "    conn.close()", "", "    cleanup()")},
			want:  []want{{status: Failed, err: AmbiguousAnchor, line: 2}},
			after: map[string]string{"db.py": "def save():\n    conn.close()\n    cleanup()\n\ndef load():\n    conn.close()\n"},
		},
		"an insertion whose anchor recurs goes where a git diff's line number says": {
			files: map[string]string{"a.txt": "x\nz\nx\nz\n"},
			ops:   []*Op{{Kind: Replace, Format: "udiff", Path: "a.txt", Anchor: lines("x"), New: lines("y"), Trailing: lines("z"), Hint: 3}},
			want:  []want{{status: Applied, line: 3, match: "exact"}},
			after: map[string]string{"a.txt": "x\nz\nx\ny\nz\n"},
		},
		"a BOM the model copied onto line 1 is not written twice": {
			files: map[string]string{"b.py": "\ufeffimport os\r\nx = 1\r\n"},
			ops:   []*Op{rep("b.py", "", "\ufeffimport os", "\ufeffimport json")},
			want:  []want{{status: Applied, line: 1, match: "exact"}},
			after: map[string]string{"b.py": "\ufeffimport json\r\nx = 1\r\n"},
		},
		"delete lines": {
			files: map[string]string{"u.py": "import os\nimport deprecated_module\nimport sys\n"},
			ops:   []*Op{rep("u.py", "import os", "import deprecated_module\nimport sys", "import sys")},
			want:  []want{{status: Applied}},
			after: map[string]string{"u.py": "import os\nimport sys\n"},
		},
		"anchor not found": {
			files: map[string]string{"app.py": app},
			ops:   []*Op{rep("app.py", "def missing():", "    pass", "    return 1")},
			want:  []want{{status: Failed, err: AnchorNotFound}},
			after: map[string]string{"app.py": app},
		},
		"old lines do not match after the anchor": {
			files: map[string]string{"app.py": "def process():\n    step_one()\n    step_two()\n"},
			ops:   []*Op{rep("app.py", "def process():\n    step_one()", "    step_three()", "    step_four()")},
			want:  []want{{status: Failed, err: OldTextMismatch, line: 1}},
			after: map[string]string{"app.py": "def process():\n    step_one()\n    step_two()\n"},
		},
		"ambiguous anchor lists every line": {
			files: map[string]string{"app.py": app},
			ops:   []*Op{rep("app.py", "    step_one()", "    step_two()", "    step_2()")},
			want:  []want{{status: Failed, err: AmbiguousAnchor, line: 4, message: "at lines 4, 8"}},
			after: map[string]string{"app.py": app},
		},
		"trailing whitespace forgiven and recorded": {
			files: map[string]string{"a.txt": "one  \ntwo\t\nthree\n"},
			ops:   []*Op{rep("a.txt", "one", "two", "TWO")},
			want:  []want{{status: Applied, match: "trailing_ws"}},
			after: map[string]string{"a.txt": "one  \nTWO\nthree\n"},
		},
		"indentation difference re-indents the new lines": {
			files: map[string]string{"a.py": "class A:\n    def f(self):\n        return 1\n"},
			ops:   []*Op{rep("a.py", "def f(self):", "    return 1", "    x = 2\n    return x")},
			want:  []want{{status: Applied, match: "indent", line: 2}},
			after: map[string]string{"a.py": "class A:\n    def f(self):\n        x = 2\n        return x\n"},
		},
		"sequential edits see each other": {
			files: map[string]string{"app.py": "a\nb\nc\n"},
			ops:   []*Op{rep("app.py", "a", "b", "B"), rep("app.py", "B", "c", "C")},
			want:  []want{{status: Applied}, {status: Applied}},
			after: map[string]string{"app.py": "a\nB\nC\n"},
		},
		"after a failure later edits to the file are skipped": {
			files: map[string]string{"app.py": "a\nb\nc\n", "other.py": "x\n"},
			ops:   []*Op{rep("app.py", "zzz", "b", "B"), rep("app.py", "a", "b", "B"), rep("other.py", "", "x", "y")},
			want:  []want{{status: Failed, err: AnchorNotFound}, {status: Skipped, err: PreviousEditFailed}, {status: Applied}},
			after: map[string]string{"app.py": "a\nb\nc\n", "other.py": "y\n"},
		},
		"create writes a new file with parent directories": {
			ops:   []*Op{create("src/new/mod.py", "def hello():\n    pass\n")},
			want:  []want{{status: Applied}},
			after: map[string]string{"src/new/mod.py": "def hello():\n    pass\n"},
		},
		"create over an identical file is already_applied": {
			files: map[string]string{"m.py": "x = 1\n"},
			ops:   []*Op{create("m.py", "x = 1\n")},
			want:  []want{{status: AlreadyApplied}},
		},
		"create over a different file fails": {
			files: map[string]string{"m.py": "x = 1\n"},
			ops:   []*Op{create("m.py", "x = 2\n")},
			want:  []want{{status: Failed, err: FileExists}},
			after: map[string]string{"m.py": "x = 1\n"},
		},
		"missing file fails": {
			ops:  []*Op{rep("nope.py", "a", "b", "c")},
			want: []want{{status: Failed, err: FileNotFound}},
		},
		"path escape is skipped as unsafe": {
			ops:  []*Op{create("../evil.py", "x\n"), create("a/.GIT/config", "x\n")},
			want: []want{{status: Skipped, err: UnsafePath}, {status: Skipped, err: UnsafePath}},
		},
		"binary file is skipped": {
			files: map[string]string{"img.bin": "ab\x00cd\n"},
			ops:   []*Op{rep("img.bin", "", "ab\x00cd", "x")},
			want:  []want{{status: Skipped, err: BinaryFile}},
			after: map[string]string{"img.bin": "ab\x00cd\n"},
		},
		"dry run reports validated and later edits still see earlier ones": {
			files: map[string]string{"app.py": "a\nb\n"},
			opt:   Options{DryRun: true},
			ops:   []*Op{rep("app.py", "a", "b", "B"), rep("app.py", "a", "B", "C")},
			want:  []want{{status: Validated, match: "exact"}, {status: Validated}},
		},
		"CRLF file stays CRLF": {
			files: map[string]string{"w.txt": "one\r\ntwo\r\nthree\r\n"},
			ops:   []*Op{rep("w.txt", "one", "two", "TWO\nextra")},
			want:  []want{{status: Applied}},
			after: map[string]string{"w.txt": "one\r\nTWO\r\nextra\r\nthree\r\n"},
		},
		"BOM is preserved and a final newline added": {
			files: map[string]string{"b.txt": "\ufeffa\nb"},
			ops:   []*Op{rep("b.txt", "", "a", "A")},
			want:  []want{{status: Applied}},
			after: map[string]string{"b.txt": "\ufeffA\nb\n"},
		},
		"replacing a block a second time is already_applied": {
			files: map[string]string{"m.py": "def f():\n    return 2\n"},
			ops:   []*Op{rep("m.py", "def f():", "    return 1", "    return 2")},
			want:  []want{{status: AlreadyApplied, line: 1}},
		},
		"not in context: modify is deferred, create is attempted": {
			files: map[string]string{"seen.py": "a\n", "unseen.py": "b\n"},
			opt:   Options{InContext: func(p string) bool { return p == "seen.py" }},
			ops:   []*Op{rep("seen.py", "", "a", "A"), rep("unseen.py", "", "b", "B"), create("fresh.py", "c\n")},
			want:  []want{{status: Applied}, {status: NotInContext}, {status: Applied}},
			after: map[string]string{"seen.py": "A\n", "unseen.py": "b\n", "fresh.py": "c\n"},
		},
		"malformed block is failed with its problem": {
			ops:  []*Op{{Kind: Malformed, Path: "x.py", Problem: "block never closed", Line: 7}},
			want: []want{{status: Failed, err: MalformedBlock, message: "never closed"}},
		},
		"git mv then edit under the new name": {
			files: map[string]string{"old.py": "a\n"},
			ops:   []*Op{sh("git mv old.py new.py", shell.Move, false, "old.py", "new.py"), rep("new.py", "", "a", "b")},
			want:  []want{{status: Applied}, {status: Applied}},
			after: map[string]string{"old.py": "<absent>", "new.py": "b\n"},
		},
		"git rm -r removes a directory, git rm without -r refuses": {
			files: map[string]string{"d/a.py": "a\n", "d/e/b.py": "b\n", "k/c.py": "c\n"},
			ops:   []*Op{sh("git rm -r d", shell.Remove, true, "d"), sh("git rm k", shell.Remove, false, "k")},
			want:  []want{{status: Applied}, {status: Failed, err: FileNotFound}},
			after: map[string]string{"d/a.py": "<absent>", "d/e/b.py": "<absent>", "k/c.py": "c\n"},
		},
		"rm of a missing file fails, mkdir needs nothing, others are not run": {
			ops: []*Op{
				sh("rm gone.py", shell.Remove, false, "gone.py"),
				sh("mkdir -p src/new", shell.Mkdir, false, "src/new"),
				{Kind: Shell, Command: &shell.Command{Text: "npm install", Reason: "not a file operation"}},
				sh("git rm ../../etc/passwd", shell.Remove, false, "../../etc/passwd"),
			},
			want: []want{{status: Failed, err: FileNotFound}, {status: Applied}, {status: NotRun}, {status: NotRun, message: "leaves the repository"}},
		},
		"git rm --ignore-unmatch tolerates a missing path": {
			files: map[string]string{"a.py": "a\n"},
			ops: []*Op{
				{Kind: Shell, Command: &shell.Command{Text: "git rm --ignore-unmatch a.py gone.py", Op: shell.Remove, Flags: []string{"--ignore-unmatch"}, Paths: []string{"a.py", "gone.py"}}},
				{Kind: Shell, Command: &shell.Command{Text: "git rm --ignore-unmatch gone.py", Op: shell.Remove, Flags: []string{"--ignore-unmatch"}, Paths: []string{"gone.py"}}},
			},
			want:  []want{{status: Applied}, {status: AlreadyApplied}},
			after: map[string]string{"a.py": "<absent>"},
		},
		"tool edit: unique substring, ambiguous substring, replace_all": {
			files: map[string]string{"t.go": "x := 1\ny := 1\n"},
			ops: []*Op{
				{Kind: Substring, Path: "t.go", OldText: "1", NewText: "2"},
				{Kind: Substring, Path: "u.go", OldText: "", NewText: "package u\n"},
			},
			want:  []want{{status: Failed, err: AmbiguousAnchor, message: "at lines 1, 2"}, {status: Applied}},
			after: map[string]string{"t.go": "x := 1\ny := 1\n", "u.go": "package u\n"},
		},
		"tool edit: replace_all and CRLF file": {
			files: map[string]string{"t.txt": "a b\r\na c\r\n"},
			ops: []*Op{
				{Kind: Substring, Path: "t.txt", OldText: "a", NewText: "z", ReplaceAll: true},
				{Kind: Substring, Path: "t.txt", OldText: "z b\nz c", NewText: "q"},
			},
			want:  []want{{status: Applied}, {status: Applied}},
			after: map[string]string{"t.txt": "q\r\n"},
		},
		"multi-edit group is all or nothing": {
			files: map[string]string{"g.py": "a\nb\n"},
			ops: []*Op{
				{Kind: Substring, Path: "g.py", OldText: "a", NewText: "A", Group: 1},
				{Kind: Substring, Path: "g.py", OldText: "missing", NewText: "B", Group: 1},
			},
			want:  []want{{status: Failed, err: AnchorNotFound}, {status: Failed, err: AnchorNotFound}},
			after: map[string]string{"g.py": "a\nb\n"},
		},
		"insert at line and replace a line range": {
			files: map[string]string{"r.txt": "1\n2\n3\n"},
			ops: []*Op{
				{Kind: Insert, Path: "r.txt", Start: 0, New: []string{"0"}},
				{Kind: ReplaceRange, Path: "r.txt", Start: 2, End: 3, New: []string{"x"}},
				{Kind: Insert, Path: "r.txt", Start: 99, New: []string{"y"}},
			},
			want:  []want{{status: Applied, line: 1}, {status: Applied, line: 2}, {status: Failed, err: AnchorNotFound}},
			after: map[string]string{"r.txt": "0\nx\n3\n"},
		},
		"recorded tool failure is reported, not replayed": {
			files: map[string]string{"f.txt": "a\n"},
			ops: []*Op{
				{Kind: Substring, Path: "f.txt", OldText: "a", NewText: "b", RecordedError: "String to replace not found"},
				{Kind: Substring, Path: "f.txt", OldText: "a", NewText: "c"},
			},
			want:  []want{{status: Failed, err: ToolFailed, message: "String to replace not found"}, {status: Applied}},
			after: map[string]string{"f.txt": "c\n"},
		},
	}
	// Every case twice: each edit written at once, and (Defer) the lines
	// of the file edited last kept until another operation or Flush. The
	// results and the files must be the same.
	for name, tc := range tests {
		for _, deferred := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/defer=%v", name, deferred), func(t *testing.T) {
				ops := make([]*Op, len(tc.ops))
				for i, op := range tc.ops {
					cp := *op // a session may let an op's content go
					ops[i] = &cp
				}
				opt := tc.opt
				opt.Defer = deferred
				testSession(t, tc.files, ops, opt, tc.want, tc.after)
			})
		}
	}
}

func testSession(t *testing.T, files map[string]string, ops []*Op, opt Options, wants []want, after map[string]string) {
	fs := memfs.New()
	for p, c := range files {
		require.NoError(t, util.WriteFile(fs, p, []byte(c), 0o644))
	}
	s := NewSession(fs, opt)
	var got []Result
	for i := 0; i < len(ops); i++ {
		if g := ops[i].Group; g != 0 {
			var grp []*Op
			for ; i < len(ops) && ops[i].Group == g; i++ {
				grp = append(grp, ops[i])
			}
			i--
			got = append(got, s.ApplyGroup(grp)...)
			continue
		}
		got = append(got, s.Apply(ops[i]))
	}
	require.NoError(t, s.Flush())
	require.Len(t, got, len(wants))
	for i, w := range wants {
		r := got[i]
		assert.Equal(t, w.status, r.Status, "op %d status (%s)", i+1, r.Message)
		assert.Equal(t, w.err, r.Error, "op %d error type (%s)", i+1, r.Message)
		if w.line != 0 {
			assert.Equal(t, w.line, r.Line, "op %d line", i+1)
		}
		if w.match != "" {
			assert.Equal(t, w.match, string(r.Match), "op %d match", i+1)
		}
		if w.message != "" {
			assert.Contains(t, r.Message, w.message, "op %d message", i+1)
		}
		if !r.OK() && r.Status != NotInContext {
			assert.NotEmpty(t, r.Message, "op %d: a failure must say why", i+1)
		}
	}
	for p, c := range after {
		data, err := util.ReadFile(fs, p)
		if c == "<absent>" {
			assert.True(t, errors.Is(err, os.ErrNotExist), "%s should be gone", p)
			continue
		}
		require.NoError(t, err, p)
		assert.Equal(t, c, string(data), p)
	}
	// Files no operation names are untouched.
	for p, c := range files {
		if _, named := after[p]; named {
			continue
		}
		if data, err := util.ReadFile(fs, p); err == nil && !anyOpNames(ops, p) {
			assert.Equal(t, c, string(data), "untouched %s", p)
		}
	}
}

func anyOpNames(ops []*Op, p string) bool {
	for _, op := range ops {
		if op.Path == p || op.From == p {
			return true
		}
	}
	return false
}

var _ billy.Filesystem = memfs.New()

func TestSessionFormatFeatures(t *testing.T) {
	tests := map[string]struct {
		files map[string]string
		ops   []*Op
		want  []Status
		after map[string]string
	}{
		"hint picks the stated place among identical lines": {
			files: map[string]string{"f": "line\nline\nline\nline\n"},
			ops:   []*Op{{Kind: Replace, Path: "f", Old: []string{"line"}, New: []string{"LINE"}, Hint: 3}},
			want:  []Status{Applied},
			after: map[string]string{"f": "line\nline\nLINE\nline\n"},
		},
		"without a hint identical lines are ambiguous": {
			files: map[string]string{"f": "line\nline\n"},
			ops:   []*Op{{Kind: Replace, Path: "f", Old: []string{"line"}, New: []string{"LINE"}}},
			want:  []Status{Failed},
		},
		"delete checks the expected content": {
			files: map[string]string{"a": "1\n2\n", "b": "1\n2\n"},
			ops: []*Op{
				{Kind: Delete, Path: "a", Content: []byte("1\n")},
				{Kind: Delete, Path: "b", Content: []byte("1\n2\n")},
			},
			want:  []Status{Failed, Applied},
			after: map[string]string{"a": "1\n2\n", "b": "<absent>"},
		},
		"in-order chunks search after the previous one": {
			files: map[string]string{"f": "x\na\nx\nb\n"},
			ops: []*Op{
				{Kind: Replace, Path: "f", Old: []string{"a"}, New: []string{"A"}, Group: 1, InOrder: true},
				{Kind: Replace, Path: "f", Old: []string{"x"}, New: []string{"X"}, Group: 1, InOrder: true},
			},
			want:  []Status{Applied, Applied},
			after: map[string]string{"f": "x\nA\nX\nb\n"},
		},
		"whole-file write with an elision comment is refused": {
			files: map[string]string{"f.py": "def a():\n    return 1\n\ndef b():\n    return 2\n"},
			ops:   []*Op{{Kind: Write, Format: "wholefile", Whole: true, Path: "f.py", Content: []byte("def a():\n    return 3\n\n# ... rest of code ...\n")}},
			want:  []Status{Failed},
		},
		"whole-file write that shrinks the file by more than half is refused": {
			files: map[string]string{"f.txt": strings.Repeat("content line\n", 20)},
			ops:   []*Op{{Kind: Write, Format: "wholefile", Whole: true, Path: "f.txt", Content: []byte("content line\n")}},
			want:  []Status{Failed},
		},
		"whole-file write keeps a CRLF file's endings and its BOM": {
			files: map[string]string{"w.txt": "\ufeffa\r\nb\r\n", "u.txt": "\ufeffa\nb\n"},
			ops: []*Op{
				{Kind: Write, Path: "w.txt", Content: []byte("a\nB\nc")},
				{Kind: Write, Path: "u.txt", Content: []byte("a\r\nB\n")},
			},
			want:  []Status{Applied, Applied},
			after: map[string]string{"w.txt": "\ufeffa\r\nB\r\nc\r\n", "u.txt": "\ufeffa\nB\n"},
		},
		"a write the record says created its file is never written over another": {
			files: map[string]string{"README.md": "root\n", "empty.md": "", "same.md": "# sub\n"},
			ops: []*Op{
				{Kind: Write, Created: true, Path: "README.md", Content: []byte("# sub\n")},
				{Kind: Write, Created: true, Path: "empty.md", Content: []byte("# sub\n")},
				{Kind: Write, Created: true, Path: "same.md", Content: []byte("# sub\n")},
				{Kind: Write, Created: true, Path: "new.md", Content: []byte("# sub\n")},
			},
			want:  []Status{Failed, Applied, AlreadyApplied, Applied},
			after: map[string]string{"README.md": "root\n", "empty.md": "# sub\n", "same.md": "# sub\n", "new.md": "# sub\n"},
		},
		"whole-file write of a complete file applies": {
			files: map[string]string{"f.txt": "a\nb\n"},
			ops:   []*Op{{Kind: Write, Format: "wholefile", Whole: true, Path: "f.txt", Content: []byte("a\nB\n")}},
			want:  []Status{Applied},
			after: map[string]string{"f.txt": "a\nB\n"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fs := memfs.New()
			for p, c := range tc.files {
				require.NoError(t, util.WriteFile(fs, p, []byte(c), 0o644))
			}
			s := NewSession(fs, Options{})
			for i, op := range tc.ops {
				r := s.Apply(op)
				assert.Equal(t, tc.want[i], r.Status, "op %d: %s", i+1, r.Message)
			}
			for p, c := range tc.after {
				data, err := util.ReadFile(fs, p)
				if c == "<absent>" {
					assert.Error(t, err, p)
					continue
				}
				require.NoError(t, err)
				assert.Equal(t, c, string(data), p)
			}
		})
	}
}

// TestApplyGroupRestoresEveryPath: a failed hunk after a rename undoes the
// rename too, and nothing after the failure runs.
func TestApplyGroupRestoresEveryPath(t *testing.T) {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, "old.py", []byte("a\nb\n"), 0o755))
	s := NewSession(fs, Options{})
	res := s.ApplyGroup([]*Op{
		{Kind: Replace, Path: "old.py", Old: []string{"a"}, New: []string{"A"}, Group: 7},
		{Kind: Move, From: "old.py", Path: "new.py", Group: 7},
		{Kind: Replace, Path: "new.py", Old: []string{"missing"}, New: []string{"x"}, Group: 7},
		{Kind: Replace, Path: "new.py", Old: []string{"b"}, New: []string{"B"}, Group: 7},
	})
	require.Len(t, res, 4)
	assert.Equal(t, []Status{Failed, Failed, Failed, Skipped}, []Status{res[0].Status, res[1].Status, res[2].Status, res[3].Status})
	assert.Equal(t, PreviousEditFailed, res[3].Error)
	data, err := util.ReadFile(fs, "old.py")
	require.NoError(t, err)
	assert.Equal(t, "a\nb\n", string(data))
	info, err := fs.Lstat("old.py")
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o755), info.Mode().Perm())
	_, err = fs.Lstat("new.py")
	assert.Error(t, err, "the rename is undone")
}

// TestHugeHintDoesNotPanic: a line hint past any file is ignored.
func TestHugeHintDoesNotPanic(t *testing.T) {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, "f", []byte("a\nb\nc\n"), 0o644))
	r := NewSession(fs, Options{}).Apply(&Op{Kind: Replace, Path: "f", Old: []string{"a", "b", "c"}, New: []string{"x"}, Hint: int(^uint(0) >> 1)})
	assert.Equal(t, Applied, r.Status)
}

// A recorded path (Op.Exact) names that file or none: the root's
// .gitignore is created, never taken for the only .gitignore elsewhere.
func TestSessionExactPath(t *testing.T) {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, ".entire/.gitignore", []byte("tmp/\n"), 0o644))
	opt := Options{Resolve: func(name string) []string {
		if name == ".gitignore" {
			return []string{".entire/.gitignore"}
		}
		return nil
	}}
	w := Op{Kind: Write, Path: ".gitignore", Content: []byte("node_modules/\n"), Exact: true}
	r := NewSession(fs, opt).Apply(&w)
	assert.Equal(t, Applied, r.Status)
	assert.Equal(t, ".gitignore", r.Path)
	got, err := util.ReadFile(fs, ".entire/.gitignore")
	require.NoError(t, err)
	assert.Equal(t, "tmp/\n", string(got))

	w.Exact = false // a path a reply names may be a bare file name
	assert.Equal(t, ".entire/.gitignore", NewSession(memfsWith(t, ".entire/.gitignore"), opt).Apply(&w).Path)
}

func memfsWith(t *testing.T, name string) billy.Filesystem {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, name, []byte("x\n"), 0o644))
	return fs
}
