package udiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sections cuts a diff's text into file sections as the parser does.
func sections(text string) []*fileDiff {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	nums := &numbering{}
	for i := range lines {
		nums.add(i + 1)
	}
	secs, _ := (&splitter{}).split(lines)
	var out []*fileDiff
	for _, s := range secs {
		out = append(out, &fileDiff{lines: lines, nums: nums, s: s})
	}
	return out
}

// checkFast holds the fast reader to go-gitdiff: what it accepts it reads
// exactly as go-gitdiff does, and what it rejects go-gitdiff does not read
// with every line accounted for.
func checkFast(t *testing.T, d *fileDiff) verdict {
	t.Helper()
	f, v := d.fast()
	g := d.gitdiffStrict()
	switch v {
	case accepted:
		require.NotNil(t, g, "fast accepted what go-gitdiff does not read:\n%s", d.raw(d.s.start, d.s.end))
		require.Equal(t, fromGitdiff(g), f, "fast and go-gitdiff differ on:\n%s", d.raw(d.s.start, d.s.end))
	case rejected:
		require.Nil(t, g, "fast rejected what go-gitdiff reads:\n%s", d.raw(d.s.start, d.s.end))
	}
	return v
}

// TestFastReadsGitOutput: every section of real `git diff` output (edits,
// new, deleted and empty files, a mode change, missing final newlines,
// zero-context hunks) is read by the fast reader, exactly as go-gitdiff
// reads it.
func TestFastReadsGitOutput(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return string(out)
	}
	write := func(name, content string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	var long strings.Builder
	for i := range 60 {
		long.WriteString("line " + strings.Repeat("x", i%7) + "\n")
	}
	git("init", "-q", "-b", "main")
	write("src/a.go", long.String())
	write("b.txt", "one\ntwo\nthree")
	write("gone.txt", "bye\n")
	write("run.sh", "echo hi\n")
	write("empty", "")
	git("add", ".")
	git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "base")

	edited := strings.Replace(long.String(), "line xx\n", "line XX\n", 2)
	write("src/a.go", edited+"tail\n")
	write("b.txt", "one\n2\nthree\nfour")
	require.NoError(t, os.Remove(filepath.Join(dir, "gone.txt")))
	require.NoError(t, os.Chmod(filepath.Join(dir, "run.sh"), 0o755))
	write("run.sh", "echo hello\n")
	write("empty", "now\n")
	write("new/file.md", "# new\n\ntext\n")
	git("add", "-A")

	for _, args := range [][]string{{"diff", "--cached"}, {"diff", "--cached", "-U0"}, {"diff", "--cached", "-U1"}} {
		out := git(args...)
		secs := sections(out)
		require.Len(t, secs, 6, out)
		for _, d := range secs {
			require.Equal(t, accepted, checkFast(t, d), "%v: not read by the fast reader:\n%s", args, d.raw(d.s.start, d.s.end))
		}
	}
}

// TestFastAgreesWithGitdiff: hand-made sections at the edges of what fast
// reads.
func TestFastAgreesWithGitdiff(t *testing.T) {
	for _, text := range fastSeeds {
		for _, d := range sections(text) {
			checkFast(t, d)
		}
	}
}

var fastSeeds = []string{
	"diff --git a/m b/m\n--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
	"--- m\n+++ m.orig\n@@ -1 +1 @@\n-a\n+b\n",
	"--- x/m\n+++ y/n\n@@ -1 +1 @@\n-a\n+b\n",
	"--- /dev/null\n+++ b/n\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
	"--- a/n\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n",
	"--- a/n\n+++ /dev/null\n@@ -1,2 +1,2 @@\n-a\n-b\n+c\n+d\n",
	"--- a/m\n+++ b/m\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n\n",
	"--- a/m\n+++ b/m\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n\n\n@@ -9 +9 @@\n-x\n+y\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n\\ No newline at end of file\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n+d\n",
	"--- a/m\n+++ b/m\n@@ -1,3 +1,2 @@\n a\n-b\n+c\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n b\n",
	"--- a/m\n+++ b/m\n@@ -0,0 +0,0 @@\n",
	"--- a/m\n+++ b/m\n@@ -+1,2 +1,2 @@\n a\n-b\n+c\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@ func x() {\n a\n-b\n+c\n",
	"--- a/m\n+++ b/m\n@@ -1,2 +1,2 @@\n a\n?b\n+c\n",
	"diff --git a/m b/m\nindex 1111111..2222222 100644\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n",
	"diff --git a/m b/m\nnew file mode 100755\nindex 0000000..2222222\n--- /dev/null\n+++ b/m\n@@ -0,0 +1 @@\n+a\n",
	"diff --git a/m b/m\ndeleted file mode 100644\nindex 1111111..0000000\n--- a/m\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n",
	"diff --git a/m b/m\nold mode 100644\nnew mode 100755\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n",
	"diff --git a/m b/m\n--- /dev/null\n+++ b/m\n@@ -0,0 +1 @@\n+a\n",
	"diff --git a/m b/m\n--- a/n\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n",
	"diff --git a/m b/m\nindex 1111111\n--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n",
	"diff --git a/a b/b\nsimilarity index 90%\nrename from a\nrename to b\n--- a/a\n+++ b/b\n@@ -1 +1 @@\n-x\n+y\n",
	"diff --git m m\n--- m\n+++ m\n@@ -1 +1 @@\n-x\n+y\n",
	"diff --git a/m b/m\nnew file mode 100644\n--- a/m\n+++ b/m\n@@ -0,0 +1 @@\n+a\n",
}

// FuzzFastMatchesGitdiff: on any text, the fast reader and go-gitdiff agree
// wherever the fast reader decides.
func FuzzFastMatchesGitdiff(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range sections(text) {
			checkFast(t, d)
		}
	})
}
