package udiff_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// FuzzUdiff: parsing never panics, feeding a response in chunks of any size
// yields exactly the operations parsing it whole yields, and applying them
// to a small tree never panics.
func FuzzUdiff(f *testing.F) {
	for _, seed := range []string{
		"diff --git a/m b/m\n--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
		"```diff\n--- a/x.py\n+++ b/x.py\n@@ ... @@\n def f():\n-    pass\n+    return 1\n\n```\n",
		"--- x\n+++ x\n@@\n-1\n+2\n\n- bullet\n",
		"diff --git a/a b/b\nsimilarity index 90%\nrename from a\nrename to b\n--- a/a\n+++ b/b\n@@ -1 +1 @@\n-x\n+y\n",
		"diff --git a/t b/t\nold mode 100644\nnew mode 100755\n",
		"diff --git a/p b/p\nGIT binary patch\nliteral 5\nMcmZ?wbYx)Q0000\n\nliteral 0\nHcmV?d00001\n\n",
		"```patch\n@@ -0,0 +1 @@\n+x\n```\n",
		"   ```diff\n   --- a/m\n   +++ b/m\n   -a\n   +b\n   ```\n",
		"--- a/q\n+++ b/q\n@@ -9223372036854775803,7 +1 @@\n-a\n",
		"```diff\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b",
	} {
		f.Add(seed, uint8(3))
	}
	if patches, _ := filepath.Glob(filepath.Join(conformanceDir, "text_*.patch")); len(patches) > 0 {
		for _, p := range patches[:min(len(patches), 6)] {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b), uint8(7))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string, chunk uint8) {
		whole := parseAll(text, 0)
		chunked := parseAll(text, int(chunk%64)+1)
		require.Equal(t, whole, chunked)
		fs := newFS()
		require.NoError(t, writeFS(fs, "m", "a\nb\nc\n"))
		results := applyAll(editcore.NewSession(fs, editcore.Options{}), whole)
		require.Len(t, results, len(whole))
	})
}
