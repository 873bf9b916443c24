package applypatch

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

func lines(s ...string) []string { return s }

func write(path string, line int, raw, content string) editcore.Op {
	op := editcore.Op{Kind: editcore.Write, Format: Name, Path: path, Line: line, Raw: raw}
	if content != "" {
		op.Content = []byte(content)
	}
	return op
}

func deleteOp(path string, line int) editcore.Op {
	return editcore.Op{Kind: editcore.Delete, Format: Name, Path: path, Line: line, Raw: deleteHeader + " " + path}
}

// chunk is a Replace of group g; anchor, old, new and trailing as given.
func chunkOp(path string, line, g int, raw string, anchor, old, new, trailing []string) editcore.Op {
	return editcore.Op{Kind: editcore.Replace, Format: Name, Path: path, Line: line, Raw: raw, Group: g, InOrder: true,
		Anchor: anchor, Old: old, New: new, Trailing: trailing}
}

func malformed(path string, line int, raw, problem string) editcore.Op {
	return editcore.Op{Kind: editcore.Malformed, Format: Name, Path: path, Line: line, Raw: raw, Problem: problem}
}

func with(op editcore.Op, f func(*editcore.Op)) editcore.Op {
	f(&op)
	return op
}

func TestParse(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty response": {"", nil},
		"prose only":     {"Nothing here.\n*** not a patch\n", nil},
		"add file": {
			"*** Begin Patch\n*** Add File: a/b.txt\n+one\n+\n+three\n*** End Patch\n",
			[]editcore.Op{write("a/b.txt", 2, "*** Add File: a/b.txt\n+one\n+\n+three", "one\n\nthree\n")},
		},
		"add file with no lines is an empty file": {
			"*** Begin Patch\n*** Add File: empty.txt\n*** End Patch\n",
			[]editcore.Op{write("empty.txt", 2, "*** Add File: empty.txt", "")},
		},
		"blank lines inside an added file are lines, before a header separators": {
			"*** Begin Patch\n*** Add File: a.txt\n+one\n\n+two\n\n\n*** Delete File: b.txt\n*** End Patch\n",
			[]editcore.Op{write("a.txt", 2, "*** Add File: a.txt\n+one\n\n+two", "one\n\ntwo\n"), deleteOp("b.txt", 8)},
		},
		"update with context, scope and two chunks": {
			"*** Begin Patch\n*** Update File: m.py\n@@ class A:\n     def f(self):\n-        return 1\n+        return 2\n     x = 1\n@@ def g():\n-    pass\n+    return 3\n*** End Patch\n",
			[]editcore.Op{
				with(chunkOp("m.py", 3, -1, "*** Update File: m.py\n@@ class A:\n     def f(self):\n-        return 1\n+        return 2\n     x = 1",
					lines("    def f(self):"), lines("        return 1"), lines("        return 2"), lines("    x = 1")),
					func(op *editcore.Op) { op.Scope = lines("class A:") }),
				with(chunkOp("m.py", 8, -1, "*** Update File: m.py\n@@ def g():\n-    pass\n+    return 3",
					nil, lines("    pass"), lines("    return 3"), nil),
					func(op *editcore.Op) { op.Scope = lines("def g():") }),
			},
		},
		"several @@ lines narrow step by step": {
			"*** Begin Patch\n*** Update File: m.py\n@@ class A\n@@     def f():\n-x\n+y\n*** End Patch\n",
			[]editcore.Op{with(chunkOp("m.py", 3, -1, "*** Update File: m.py\n@@ class A\n@@     def f():\n-x\n+y",
				nil, lines("x"), lines("y"), nil), func(op *editcore.Op) { op.Scope = lines("class A", "    def f():") })},
		},
		"a unified diff hunk header narrows to its function text": {
			"*** Begin Patch\n*** Update File: m.c\n@@ -10,3 +10,4 @@ int main()\n-x\n+y\n*** End Patch\n",
			[]editcore.Op{with(chunkOp("m.c", 3, -1, "*** Update File: m.c\n@@ -10,3 +10,4 @@ int main()\n-x\n+y",
				nil, lines("x"), lines("y"), nil), func(op *editcore.Op) { op.Scope = lines("int main()") })},
		},
		"first chunk without @@": {
			"*** Begin Patch\n*** Update File: f.py\n import foo\n+bar\n*** End Patch\n",
			[]editcore.Op{chunkOp("f.py", 3, -1, "*** Update File: f.py\n import foo\n+bar", lines("import foo"), nil, lines("bar"), nil)},
		},
		"end of file": {
			"*** Begin Patch\n*** Update File: t.txt\n@@\n first\n-second\n+second updated\n*** End of File\n*** End Patch\n",
			[]editcore.Op{with(chunkOp("t.txt", 3, -1, "*** Update File: t.txt\n@@\n first\n-second\n+second updated\n*** End of File",
				lines("first"), lines("second"), lines("second updated"), nil), func(op *editcore.Op) { op.AtEOF = true })},
		},
		"pure addition appends": {
			"*** Begin Patch\n*** Update File: in.txt\n@@\n+a\n+b\n*** End Patch\n",
			[]editcore.Op{{Kind: editcore.ReplaceRange, Format: Name, Path: "in.txt", Line: 3, Group: -1, InOrder: true,
				Start: -1, New: lines("a", "b"), Raw: "*** Update File: in.txt\n@@\n+a\n+b"}},
		},
		"blank lines inside a chunk are empty context lines": {
			"*** Begin Patch\n*** Update File: a.txt\n@@\n a\n\n-b\n+c\n\n@@\n-d\n+e\n*** End Patch\n",
			[]editcore.Op{
				chunkOp("a.txt", 3, -1, "*** Update File: a.txt\n@@\n a\n\n-b\n+c", lines("a", ""), lines("b"), lines("c"), nil),
				chunkOp("a.txt", 9, -1, "*** Update File: a.txt\n@@\n-d\n+e", nil, lines("d"), lines("e"), nil),
			},
		},
		"move after the chunks, in their group": {
			"*** Begin Patch\n*** Update File: old/a.txt\n*** Move to: new/a.txt\n@@\n-x\n+y\n*** End Patch\n",
			[]editcore.Op{
				chunkOp("old/a.txt", 4, -1, "*** Update File: old/a.txt\n*** Move to: new/a.txt\n@@\n-x\n+y", nil, lines("x"), lines("y"), nil),
				{Kind: editcore.Move, Format: Name, From: "old/a.txt", Path: "new/a.txt", Group: -1, Line: 3,
					Raw: "*** Update File: old/a.txt\n*** Move to: new/a.txt"},
			},
		},
		"a pure rename": {
			"*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n*** End Patch\n",
			[]editcore.Op{{Kind: editcore.Move, Format: Name, From: "a.txt", Path: "b.txt", Group: -1, Line: 3,
				Raw: "*** Update File: a.txt\n*** Move to: b.txt"}},
		},
		"each updated file has its own group": {
			"*** Begin Patch\n*** Update File: a\n@@\n-1\n+2\n*** Update File: b\n@@\n-3\n+4\n*** End Patch\n",
			[]editcore.Op{
				chunkOp("a", 3, -1, "*** Update File: a\n@@\n-1\n+2", nil, lines("1"), lines("2"), nil),
				chunkOp("b", 7, -2, "*** Update File: b\n@@\n-3\n+4", nil, lines("3"), lines("4"), nil),
			},
		},
		"padded markers and headers": {
			" *** Begin Patch \n  *** Add File: a.txt  \n+x\n *** End Patch\n",
			[]editcore.Op{write("a.txt", 2, "  *** Add File: a.txt  \n+x", "x\n")},
		},
		"a context line that reads like a header is context": {
			"*** Begin Patch\n*** Update File: doc.md\n@@\n *** Update File: x\n-old\n+new\n*** End Patch\n",
			[]editcore.Op{chunkOp("doc.md", 3, -1, "*** Update File: doc.md\n@@\n *** Update File: x\n-old\n+new",
				lines("*** Update File: x"), lines("old"), lines("new"), nil)},
		},
		"added lines that read like markers are content": {
			"*** Begin Patch\n*** Add File: p.txt\n+*** Begin Patch\n+*** End Patch\n*** End Patch\n",
			[]editcore.Op{write("p.txt", 2, "*** Add File: p.txt\n+*** Begin Patch\n+*** End Patch", "*** Begin Patch\n*** End Patch\n")},
		},
		"two patches": {
			"*** Begin Patch\n*** Delete File: a\n*** End Patch\ntext\n*** Begin Patch\n*** Delete File: b\n*** End Patch\n",
			[]editcore.Op{deleteOp("a", 2), deleteOp("b", 6)},
		},
		"here-document form": {
			"```bash\napply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF\n```\n",
			[]editcore.Op{deleteOp("a", 4)},
		},
		"bare here-document lines, as Codex strips them": {
			"<<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF\n",
			[]editcore.Op{deleteOp("a", 3)},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, run(tt.text))
		})
	}
}

// Which lines the format claims: the patch and its wrapper, not the prose
// or the code fence around it.
func TestClaims(t *testing.T) {
	text := "Here:\n```\n$ apply_patch <<\"PATCH\"\n*** Begin Patch\n*** Delete File: a\n*** End Patch\n\nPATCH\n```\nDone.\n<<EOF\n"
	want := "--++++++--+"
	p := New()
	var got strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		claimed, _, _ := p.Line(i+1, line)
		if claimed {
			got.WriteByte('+')
		} else {
			got.WriteByte('-')
		}
	}
	assert.Equal(t, want, got.String())
	assert.Empty(t, p.End(), "a bare <<EOF with no patch is not reported")
}
