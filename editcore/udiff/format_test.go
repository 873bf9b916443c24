package udiff_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/editcore/udiff"
)

// got is the part of an operation a test looks at.
type got struct {
	Kind                       editcore.Kind
	Path, From                 string
	Anchor, Old, New, Trailing []string
	Hint                       int
	InOrder, Grouped           bool
	Content                    string
	ContentNil                 bool
	Mode                       os.FileMode
	Start                      int
	Line                       int
	Problem                    string // expected: a substring
}

func summary(op editcore.Op) got {
	return got{Kind: op.Kind, Path: op.Path, From: op.From, Anchor: op.Anchor, Old: op.Old, New: op.New,
		Trailing: op.Trailing, Hint: op.Hint, InOrder: op.InOrder, Grouped: op.Group != 0,
		Content: string(op.Content), ContentNil: op.Content == nil && (op.Kind == editcore.Delete),
		Mode: op.Mode, Start: op.Start, Line: op.Line, Problem: op.Problem}
}

func TestParse(t *testing.T) {
	r := editcore.Replace
	tests := map[string]struct {
		in   string
		want []got
	}{
		"git: modify, two hunks keep numbers and order": {
			in: "Fix it.\n\ndiff --git a/src/m.py b/src/m.py\nindex 1111111..2222222 100644\n--- a/src/m.py\n+++ b/src/m.py\n" +
				"@@ -1,3 +1,3 @@\n def f():\n-    return 1\n+    return 2\n \n@@ -10,3 +10,4 @@ def g():\n a\n b\n+c\n d\n",
			want: []got{
				{Kind: r, Path: "src/m.py", Anchor: []string{"def f():"}, Old: []string{"    return 1"}, New: []string{"    return 2"}, Trailing: []string{""}, Hint: 1, InOrder: true, Grouped: true, Line: 7},
				{Kind: r, Path: "src/m.py", Anchor: []string{"a", "b"}, New: []string{"c"}, Trailing: []string{"d"}, Hint: 10, InOrder: true, Grouped: true, Line: 12},
			},
		},
		"git: hints move by the lines earlier hunks add": {
			in: "diff --git a/m b/m\n--- a/m\n+++ b/m\n@@ -1,2 +1,4 @@\n a\n+x\n+y\n b\n@@ -20,2 +22,1 @@\n c\n-d\n",
			want: []got{
				{Kind: r, Path: "m", Anchor: []string{"a"}, New: []string{"x", "y"}, Trailing: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 4},
				{Kind: r, Path: "m", Anchor: []string{"c"}, Old: []string{"d"}, Hint: 22, InOrder: true, Grouped: true, Line: 9},
			},
		},
		"git: new executable file": {
			in:   "diff --git a/run.sh b/run.sh\nnew file mode 100755\nindex 0000000..3333333\n--- /dev/null\n+++ b/run.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+echo hi\n",
			want: []got{{Kind: editcore.Create, Path: "run.sh", Content: "#!/bin/sh\necho hi\n", Mode: 0o755, Line: 1}},
		},
		"git: new empty file": {
			in:   "diff --git a/empty.txt b/empty.txt\nnew file mode 100644\nindex 0000000..e69de29\n",
			want: []got{{Kind: editcore.Create, Path: "empty.txt", Mode: 0o644, Line: 1}},
		},
		"git: deleted file carries its whole content": {
			in:   "diff --git a/old.txt b/old.txt\ndeleted file mode 100644\nindex 4444444..0000000\n--- a/old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n",
			want: []got{{Kind: editcore.Delete, Path: "old.txt", Content: "one\ntwo\n", Line: 1}},
		},
		"git: rename with a hunk moves, then edits the new path": {
			in: "diff --git a/a.go b/pkg/b.go\nsimilarity index 90%\nrename from a.go\nrename to pkg/b.go\nindex 5555555..6666666 100644\n--- a/a.go\n+++ b/pkg/b.go\n" +
				"@@ -1,2 +1,2 @@\n-package a\n+package b\n func F() {}\n",
			want: []got{
				{Kind: editcore.Move, From: "a.go", Path: "pkg/b.go", Line: 1},
				{Kind: r, Path: "pkg/b.go", Old: []string{"package a"}, New: []string{"package b"}, Trailing: []string{"func F() {}"}, Hint: 1, InOrder: true, Grouped: true, Line: 8},
			},
		},
		"git: pure rename": {
			in:   "diff --git a/x.txt b/y.txt\nsimilarity index 100%\nrename from x.txt\nrename to y.txt\n",
			want: []got{{Kind: editcore.Move, From: "x.txt", Path: "y.txt", Line: 1}},
		},
		"git: mode change": {
			in:   "diff --git a/tool b/tool\nold mode 100644\nnew mode 100755\n",
			want: []got{{Kind: editcore.Chmod, Path: "tool", Mode: 0o755, Line: 1}},
		},
		"git: mode change with a hunk chmods after editing": {
			in: "diff --git a/tool b/tool\nold mode 100755\nnew mode 100644\nindex 7777777..8888888\n--- a/tool\n+++ b/tool\n@@ -1 +1 @@\n-a\n+b\n",
			want: []got{
				{Kind: r, Path: "tool", Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 7},
				{Kind: editcore.Chmod, Path: "tool", Mode: 0o644, Line: 1},
			},
		},
		"git: zero-context insertion": {
			in:   "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -2,0 +3,1 @@\n+new\n",
			want: []got{{Kind: editcore.Insert, Path: "f", New: []string{"new"}, Start: 2, Grouped: true, Line: 4}},
		},
		"git: an empty file that gains lines must be empty": {
			in: "diff --git a/f b/f\nindex e69de29..1111111 100644\n--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n",
			want: []got{
				{Kind: editcore.Delete, Path: "f", Grouped: true, Line: 5},
				{Kind: editcore.Create, Path: "f", Content: "a\nb\n", Mode: 0o644, Grouped: true, Line: 5},
			},
		},
		"git: binary patch is refused": {
			in:   "diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nGIT binary patch\nliteral 5\nMcmZ?wbYx)Q0000\n\nliteral 0\nHcmV?d00001\n\n",
			want: []got{{Kind: editcore.Malformed, Path: "logo.png", Line: 1, Problem: "binary patches are not supported"}},
		},
		"git: binary files differ is refused": {
			in:   "diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\nBinary files a/logo.png and b/logo.png differ\n",
			want: []got{{Kind: editcore.Malformed, Path: "logo.png", Line: 1, Problem: "binary patches are not supported"}},
		},
		"git: a deleted binary file is deleted": {
			in:   "diff --git a/logo.png b/logo.png\ndeleted file mode 100644\nindex 1111111..0000000\nBinary files a/logo.png and /dev/null differ\n",
			want: []got{{Kind: editcore.Delete, Path: "logo.png", ContentNil: true, Line: 1}},
		},
		"git: copy is refused": {
			in:   "diff --git a/a.c b/b.c\nsimilarity index 100%\ncopy from a.c\ncopy to b.c\n",
			want: []got{{Kind: editcore.Malformed, Path: "b.c", Line: 1, Problem: "copies are not supported"}},
		},
		"git: symbolic link is refused": {
			in:   "diff --git a/ln b/ln\nnew file mode 120000\nindex 0000000..1111111\n--- /dev/null\n+++ b/ln\n@@ -0,0 +1 @@\n+target\n\\ No newline at end of file\n",
			want: []got{{Kind: editcore.Malformed, Path: "ln", Line: 1, Problem: "symbolic links"}},
		},
		"git: diff --git without prefixes keeps directories": {
			in:   "diff --git src/x.go src/x.go\n--- src/x.go\n+++ src/x.go\n@@ -1 +1 @@\n-a\n+b\n",
			want: []got{{Kind: r, Path: "src/x.go", Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 4}},
		},
		"git: removed lines that look like headers inside a counted hunk": {
			in:   "diff --git a/q.sql b/q.sql\n--- a/q.sql\n+++ b/q.sql\n@@ -1,3 +1,3 @@\n select 1;\n--- old note\n+++ new note\n select 2;\n",
			want: []got{{Kind: r, Path: "q.sql", Anchor: []string{"select 1;"}, Old: []string{"-- old note"}, New: []string{"++ new note"}, Trailing: []string{"select 2;"}, Hint: 1, InOrder: true, Grouped: true, Line: 4}},
		},
		"git: format-patch email, signature after the last hunk": {
			in: "From 1234 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] fix\n\n---\n m | 2 +-\n 1 file changed\n\n" +
				"diff --git a/m b/m\nindex 1111111..2222222 100644\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n-- \n2.43.0\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 12}},
		},
		"git: CRLF transcript": {
			in:   "diff --git a/m b/m\r\n--- a/m\r\n+++ b/m\r\n@@ -1,2 +1,2 @@\r\n x\r\n-a\r\n+b\r\n",
			want: []got{{Kind: r, Path: "m", Anchor: []string{"x"}, Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 4}},
		},
		"llm: ```diff fence, @@ ... @@, a/ b/ prefixes": {
			in:   "Here:\n\n```diff\n--- a/app.py\n+++ b/app.py\n@@ ... @@\n def main():\n-    print('hi')\n+    print('hello')\n```\n",
			want: []got{{Kind: r, Path: "app.py", Anchor: []string{"def main():"}, Old: []string{"    print('hi')"}, New: []string{"    print('hello')"}, Grouped: true, Line: 6}},
		},
		"llm: bare @@, no prefixes, no fence": {
			in:   "--- app.py\n+++ app.py\n@@\n-x = 1\n+x = 2\n",
			want: []got{{Kind: r, Path: "app.py", Old: []string{"x = 1"}, New: []string{"x = 2"}, Grouped: true, Line: 3}},
		},
		"llm: wrong counts drop the hint": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n d\n e\n```\n",
			want: []got{{Kind: r, Path: "m.py", Anchor: []string{"a"}, Old: []string{"b"}, New: []string{"c"}, Trailing: []string{"d", "e"}, Grouped: true, Line: 4}},
		},
		"llm: right counts in the wrong order keep hints, not order": {
			in: "```diff\n--- a/m.py\n+++ b/m.py\n@@ -30,2 +30,2 @@\n-y\n+Y\n z\n@@ -5,2 +5,2 @@\n-b\n+B\n c\n```\n",
			want: []got{
				{Kind: r, Path: "m.py", Old: []string{"y"}, New: []string{"Y"}, Trailing: []string{"z"}, Hint: 30, Grouped: true, Line: 4},
				{Kind: r, Path: "m.py", Old: []string{"b"}, New: []string{"B"}, Trailing: []string{"c"}, Hint: 5, Grouped: true, Line: 8},
			},
		},
		"llm: blank context lines with their space stripped": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n@@ ... @@\n def a():\n     pass\n\n-def b():\n+def c():\n     pass\n\n```\n",
			want: []got{{Kind: r, Path: "m.py", Anchor: []string{"def a():", "    pass", ""}, Old: []string{"def b():"}, New: []string{"def c():"}, Trailing: []string{"    pass"}, Grouped: true, Line: 4}},
		},
		"llm: hunk without an @@ line": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n-a\n+b\n```\n",
			want: []got{{Kind: r, Path: "m.py", Old: []string{"a"}, New: []string{"b"}, Grouped: true, Line: 4}},
		},
		"llm: no newline marker is ignored": {
			in:   "```diff\n--- a/m\n+++ b/m\n@@ ... @@\n-a\n\\ No newline at end of file\n+b\n```\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Grouped: true, Line: 4}},
		},
		"llm: several files in one fence, and the same file twice": {
			in: "```diff\n--- a/x\n+++ b/x\n@@ ... @@\n-1\n+2\n--- a/y\n+++ b/y\n@@ ... @@\n-3\n+4\n--- a/x\n+++ b/x\n@@ ... @@\n-5\n+6\n```\n",
			want: []got{
				{Kind: r, Path: "x", Old: []string{"1"}, New: []string{"2"}, Grouped: true, Line: 4},
				{Kind: r, Path: "y", Old: []string{"3"}, New: []string{"4"}, Grouped: true, Line: 9},
				{Kind: r, Path: "x", Old: []string{"5"}, New: []string{"6"}, Grouped: true, Line: 14},
			},
		},
		"llm: new file from /dev/null with a wrong count": {
			in:   "```diff\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,9 @@\n+a\n+b\n```\n",
			want: []got{{Kind: editcore.Create, Path: "new.py", Content: "a\nb\n", Line: 2}},
		},
		"llm: new file written as a modification": {
			in:   "```diff\n--- a/new.py\n+++ b/new.py\n@@ ... @@\n+a\n+b\n```\n",
			want: []got{{Kind: editcore.Create, Path: "new.py", Content: "a\nb\n", Line: 4}},
		},
		"llm: deleted file by a model": {
			in:   "```diff\n--- a/old.py\n+++ /dev/null\n@@ ... @@\n-a\n-b\n```\n",
			want: []got{{Kind: editcore.Delete, Path: "old.py", Content: "a\nb\n", Line: 2}},
		},
		"llm: fence indented in a list": {
			in:   "1. Change it:\n   ```diff\n   --- a/m\n   +++ b/m\n   @@ ... @@\n   -a\n   +b\n   ```\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Grouped: true, Line: 5}},
		},
		"llm: added-only hunk beside another is malformed, and sinks the group": {
			in: "```diff\n--- a/m\n+++ b/m\n@@ ... @@\n-a\n+b\n@@ ... @@\n+c\n```\n",
			want: []got{
				{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Grouped: true, Line: 4},
				{Kind: editcore.Malformed, Path: "m", Grouped: true, Line: 7, Problem: "only added lines"},
			},
		},
		"malformed: hunk with no file header": {
			in:   "```diff\n@@ ... @@\n-a\n+b\n```\n",
			want: []got{{Kind: editcore.Malformed, Line: 2, Problem: "hunk without a file header"}},
		},
		"malformed: prose inside a fenced hunk": {
			in:   "```diff\n--- a/m\n+++ b/m\n@@ ... @@\n-a\nthen this\n+b\n```\n",
			want: []got{{Kind: editcore.Malformed, Path: "m", Line: 2, Problem: "line 6 is not a hunk line"}},
		},
		"malformed: a hunk that changes nothing": {
			in:   "```diff\n--- a/m\n+++ b/m\n@@ ... @@\n a\n b\n```\n",
			want: []got{{Kind: editcore.Malformed, Path: "m", Line: 2, Problem: "changes nothing"}},
		},
		"malformed: unclosed fence with a hunk that may be cut": {
			in:   "```diff\n--- a/m\n+++ b/m\n@@ ... @@\n-a\n+b",
			want: []got{{Kind: editcore.Malformed, Path: "m", Line: 2, Problem: "ended inside the diff's code fence"}},
		},
		"unclosed fence around a complete git diff": {
			in:   "```diff\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 4}},
		},
		"not a diff: snippet fence, rule line, prose": {
			in:   "```diff\n- old\n+ new\n```\n\n--- notes ---\nsome text\n- item\n",
			want: nil,
		},
		"unfenced diff ends before a bullet list": {
			in:   "--- a/m\n+++ b/m\n@@ ... @@\n-a\n+b\n\n- Replaced a with b.\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Grouped: true, Line: 3}},
		},
		"unfenced diff inside a plain fence ends at the fence": {
			in:   "```\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n```\nDone.\n",
			want: []got{{Kind: r, Path: "m", Old: []string{"a"}, New: []string{"b"}, Hint: 1, InOrder: true, Grouped: true, Line: 4}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var sums []got
			for _, op := range parseAll(tc.in, 0) {
				assert.Equal(t, "udiff", op.Format)
				assert.NotEmpty(t, op.Raw)
				sums = append(sums, summary(op))
			}
			require.Len(t, sums, len(tc.want), "%+v", sums)
			for i := range sums {
				if tc.want[i].Problem != "" {
					assert.Contains(t, sums[i].Problem, tc.want[i].Problem)
					sums[i].Problem = tc.want[i].Problem
				}
			}
			assert.Equal(t, tc.want, sums)
		})
	}
}

// TestClaims checks which lines a diff takes from the prose.
func TestClaims(t *testing.T) {
	tests := map[string]struct {
		in, prose string
	}{
		"fence lines stay, diff lines go": {
			in:    "Before.\n```diff\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n```\nAfter.\n",
			prose: "Before.\nAfter.\n",
		},
		"a bullet after an unfenced diff is prose": {
			in:    "--- a/m\n+++ b/m\n@@ ... @@\n-a\n+b\n\n- Replaced a.\n",
			prose: "- Replaced a.\n",
		},
		"a --- line without +++ is not kept": {
			in:    "--- draft\nText.\n",
			prose: "Text.\n",
		},
		"a snippet fence is prose": {
			in:    "```diff\n- a\n+ b\n```\n",
			prose: "```diff\n- a\n+ b\n```\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			p := newParser()
			p.Feed([]byte(tc.in))
			p.Finish()
			assert.Equal(t, tc.prose, p.Prose())
		})
	}
}

// TestApply runs model-written diffs through the Session.
func TestApply(t *testing.T) {
	file := "def a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef c():\n    return 3\n"
	tests := map[string]struct {
		in, want string
		ok       bool
	}{
		"hunks out of order": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n@@ ... @@\n def c():\n-    return 3\n+    return 30\n@@ ... @@\n def a():\n-    return 1\n+    return 10\n```\n",
			want: strings.NewReplacer("return 1\n", "return 10\n", "return 3\n", "return 30\n").Replace(file), ok: true,
		},
		"wrong line numbers": {
			in:   "--- m.py\n+++ m.py\n@@ -1,2 +1,2 @@\n def b():\n-    return 2\n+    return 20\n",
			want: strings.Replace(file, "return 2\n", "return 20\n", 1), ok: true,
		},
		"one failing hunk leaves the file alone": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n@@ ... @@\n def a():\n-    return 1\n+    return 10\n@@ ... @@\n def z():\n-    return 9\n+    return 90\n```\n",
			want: file,
		},
		"ambiguous context fails": {
			in:   "```diff\n--- a/m.py\n+++ b/m.py\n@@ ... @@\n \n-\n+# gap\n```\n",
			want: file,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fs := newFS()
			require.NoError(t, writeFS(fs, "m.py", file))
			results := applyAll(editcore.NewSession(fs, editcore.Options{}), parseAll(tc.in, 0))
			require.NotEmpty(t, results)
			for _, r := range results {
				assert.Equal(t, tc.ok, r.OK(), "%s: %s", r.Status, r.Message)
			}
			assert.Equal(t, tc.want, string(readFS(t, fs, "m.py")))
		})
	}
}

// TestAutoDetect: with every format registered, a diff is found between
// other formats' blocks, in order.
func TestAutoDetect(t *testing.T) {
	in := "Two changes.\n\nsrc/a.py\n««« EDIT\nx = 1\n═══════ REPL\nx = 2\n»»» EDIT END\n\n" +
		"```diff\n--- a/src/b.py\n+++ b/src/b.py\n@@ ... @@\n-y = 1\n+y = 2\n```\n\n" +
		"src/c.py\n```python\n<<<<<<< SEARCH\nz = 1\n=======\nz = 2\n>>>>>>> REPLACE\n```\n"
	p := parse.New()
	ops := append(p.Feed([]byte(in)), p.Finish()...)
	var formats, paths []string
	for _, op := range ops {
		formats = append(formats, op.Format)
		paths = append(paths, op.Path)
	}
	assert.Equal(t, []string{"editblock", "udiff", "searchreplace"}, formats)
	assert.Equal(t, []string{"src/a.py", "src/b.py", "src/c.py"}, paths)
	assert.Contains(t, parse.Names(), udiff.Name)
}
