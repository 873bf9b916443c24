package applypatch

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// What cannot be read is one Malformed op per file section, with a problem
// that says what is wrong; the sections around it keep their operations.
func TestParseMalformed(t *testing.T) {
	tests := map[string]struct {
		text string
		want []editcore.Op
	}{
		"empty patch": {
			"*** Begin Patch\n*** End Patch\n",
			[]editcore.Op{malformed("", 1, "*** Begin Patch\n*** End Patch",
				"empty patch: no *** Add File:, *** Delete File: or *** Update File: between *** Begin Patch and *** End Patch")},
		},
		"unknown header, the next section is read": {
			"*** Begin Patch\n*** Frobnicate File: foo\n+x\n*** Delete File: b\n*** End Patch\n",
			[]editcore.Op{
				malformed("", 2, "*** Frobnicate File: foo\n+x", `line 2: "*** Frobnicate File: foo" is not a valid header; a file section starts with *** Add File:, *** Delete File: or *** Update File: followed by a path`),
				deleteOp("b", 4),
			},
		},
		"a section before an unknown header keeps its operation": {
			"*** Begin Patch\n*** Delete File: b\n*** Frobnicate File: foo\n*** End Patch\n",
			[]editcore.Op{
				deleteOp("b", 2),
				malformed("", 3, "*** Frobnicate File: foo", `line 3: "*** Frobnicate File: foo" is not a valid header; a file section starts with *** Add File:, *** Delete File: or *** Update File: followed by a path`),
			},
		},
		"update with no chunks": {
			"*** Begin Patch\n*** Update File: foo.txt\n*** End Patch\n",
			[]editcore.Op{malformed("foo.txt", 2, "*** Update File: foo.txt",
				"*** Update File: foo.txt has no changes: give @@ and the ' ', '-' and '+' lines of each change")},
		},
		"chunk with no lines": {
			"*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n@@ def f():\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Update File: a\n@@\n-x\n+y\n@@ def f():", "the @@ at line 6 has no lines after it")},
		},
		"a line that is not a chunk line": {
			"*** Begin Patch\n*** Update File: a.go\n@@\n-x\n\tfoo()\n+y\n*** Delete File: b\n*** End Patch\n",
			[]editcore.Op{
				malformed("a.go", 2, "*** Update File: a.go\n@@\n-x\n\tfoo()\n+y",
					`line 5: "\tfoo()" is not a chunk line: in *** Update File: every line starts with ' ' (context), '-' (removed) or '+' (added), or is an @@ line`),
				deleteOp("b", 7),
			},
		},
		"added line without +": {
			"*** Begin Patch\n*** Add File: a\n+x\ny\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Add File: a\n+x\ny", `line 4: "y" does not start with '+'; every line of a file added with *** Add File: does`)},
		},
		"delete with lines": {
			"*** Begin Patch\n*** Delete File: a\n-x\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Delete File: a\n-x", `line 3: "-x" follows *** Delete File:, which takes no lines`)},
		},
		"header with no path": {
			"*** Begin Patch\n*** Add File:\n+x\n*** End Patch\n",
			[]editcore.Op{malformed("", 2, "*** Add File:\n+x", `line 2: "*** Add File:" names no file`)},
		},
		"lines before the first header": {
			"*** Begin Patch\n@@\n-x\n*** End Patch\n",
			[]editcore.Op{malformed("", 2, "@@\n-x", `line 2: expected a file header (*** Add File:, *** Delete File: or *** Update File:) after *** Begin Patch, found "@@"`)},
		},
		"move after a chunk": {
			"*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n*** Move to: b\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Update File: a\n@@\n-x\n+y\n*** Move to: b",
				"line 6: *** Move to: must come right after *** Update File:, before the first chunk")},
		},
		"end of file with no lines": {
			"*** Begin Patch\n*** Update File: a\n@@\n*** End of File\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Update File: a\n@@\n*** End of File", "line 4: *** End of File follows no chunk lines")},
		},
		"never ended: the sections before keep their ops": {
			"*** Begin Patch\n*** Delete File: a\n*** Update File: b\n@@\n-x\n+y\n",
			[]editcore.Op{deleteOp("a", 2), malformed("b", 3, "*** Update File: b\n@@\n-x\n+y",
				"the patch has no *** End Patch: the response ended")},
		},
		"never ended, no section": {
			"*** Begin Patch\n",
			[]editcore.Op{malformed("", 1, "*** Begin Patch", "the patch has no *** End Patch: the response ended")},
		},
		"closed by a fence": {
			"```\n*** Begin Patch\n*** Add File: a\n+x\n```\nprose\n",
			[]editcore.Op{malformed("a", 3, "*** Add File: a\n+x", "the patch has no *** End Patch: the code fence at line 5 closed the block")},
		},
		"closed by the here-document's delimiter": {
			"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\nEOF\n",
			[]editcore.Op{malformed("a", 3, "*** Add File: a\n+x", "the patch has no *** End Patch: the here-document ended at line 5")},
		},
		"a new patch begins": {
			"*** Begin Patch\n*** Add File: a\n+x\n*** Begin Patch\n*** Delete File: b\n*** End Patch\n",
			[]editcore.Op{malformed("a", 2, "*** Add File: a\n+x", "the patch has no *** End Patch: a new *** Begin Patch came at line 4"), deleteOp("b", 5)},
		},
		"a problem and no end": {
			"*** Begin Patch\n*** Add File: a\nx\n",
			[]editcore.Op{malformed("a", 2, "*** Add File: a\nx", `line 3: "x" does not start with '+'; every line of a file added with *** Add File: does`)},
		},
		"apply_patch with no patch after it": {
			"apply_patch <<'EOF'\nhello\nEOF\n",
			[]editcore.Op{{Kind: editcore.Malformed, Format: Name, Line: 1, Raw: "apply_patch <<'EOF'",
				Problem: `"apply_patch <<'EOF'" is not followed by *** Begin Patch`}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, run(tt.text))
		})
	}
}
