package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow the test runs.
type workflow struct {
	Jobs map[string]struct {
		Steps []struct {
			Uses string `yaml:"uses"`
			Run  string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestRelinkRecipe runs the workflow docs/attribution.md gives for
// relinking on every push to main, as a runner would after checkout, in
// a fresh clone of a bare remote on which a hosting site squash-merged a
// review branch (git merge --squash, as the site does): the remote then
// has the squash's note, and a developer's blame names the response.
func TestRelinkRecipe(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "attribution.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```yaml\n(# .github/workflows/aiedit-relink.yml\n.*?)```").FindSubmatch(doc)
	require.NotNil(t, m, "docs/attribution.md has the relink workflow")
	var wf workflow
	require.NoError(t, yaml.Unmarshal(m[1], &wf))
	require.Contains(t, wf.Jobs, "relink")

	dev := newProcRepo(t, map[string]string{"app.py": "def f():\n    return 1\n"})
	bare := filepath.Join(t.TempDir(), "remote.git")
	dev.git("init", "-q", "--bare", "-b", "main", bare)
	dev.git("remote", "add", "origin", bare)
	dev.git("push", "-q", "origin", "main")
	transcript := filepath.Join(t.TempDir(), "fix.md")
	require.NoError(t, os.WriteFile(transcript, []byte("## Assistant (gpt-4o)\n\nReturn 2.\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n"), 0o644))
	dev.git("aiedit", "apply", "-q", "-b", "aiedit/fix", transcript)
	dev.git("push", "-q", "origin", "aiedit/fix")
	dev.git("aiedit", "notes", "push")

	// The hosting site's "Squash and merge".
	site := &procRepo{t: t, dir: filepath.Join(t.TempDir(), "site"), env: dev.env}
	dev.git("clone", "-q", bare, site.dir)
	site.git("merge", "-q", "--squash", "origin/aiedit/fix")
	site.git("commit", "-qm", "Return 2 (#1)")
	site.git("push", "-q", "origin", "main")
	squash := site.git("rev-parse", "HEAD")

	// The runner: actions/checkout with fetch-depth 0 is a clone; the
	// install steps are the test binary on PATH.
	ci := &procRepo{t: t, dir: filepath.Join(t.TempDir(), "ci"), env: dev.env}
	dev.git("clone", "-q", bare, ci.dir)
	ran := 0
	for _, step := range wf.Jobs["relink"].Steps {
		if step.Uses != "" || step.Run == "" || strings.HasPrefix(step.Run, "go install") {
			continue
		}
		cmd := exec.Command("bash", "-e", "-c", step.Run)
		cmd.Dir, cmd.Env = ci.dir, ci.env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "step:\n%s\n%s", step.Run, out)
		assert.Contains(t, string(out), "relinked "+squash[:8])
		ran++
	}
	require.Equal(t, 1, ran)

	out, err := exec.Command("git", "--git-dir", bare, "notes", "--ref=aiedit", "show", squash).CombinedOutput()
	require.NoError(t, err, "the squash's note is on the remote: %s", out)
	dev.git("pull", "-q", "--ff-only", "origin", "main")
	dev.git("aiedit", "notes", "pull")
	assert.Regexp(t, `(?m)^[0-9a-f]{8} ai 1/1 b1 gpt-4o\s+2\)     return 2$`, dev.git("aiedit", "blame", "app.py"))
}
