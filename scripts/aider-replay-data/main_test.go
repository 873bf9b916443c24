package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore/replay"
)

// aiderRepo is a small repository shaped as aider's history is: commits
// aider made from replies, and a chat log under tests/fixtures that names
// them as aider prints them.
type aiderRepo struct {
	t   *testing.T
	dir string
}

func (r aiderRepo) git(args ...string) string {
	r.t.Helper()
	c := exec.Command("git", args...)
	c.Dir = r.dir
	c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+r.dir,
		"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com",
		"GIT_COMMITTER_NAME=A", "GIT_COMMITTER_EMAIL=a@example.com")
	out, err := c.CombinedOutput()
	require.NoError(r.t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

func (r aiderRepo) commit(msg string, files map[string]string) string {
	r.t.Helper()
	for p, text := range files {
		require.NoError(r.t, os.MkdirAll(filepath.Join(r.dir, filepath.Dir(p)), 0o755))
		require.NoError(r.t, os.WriteFile(filepath.Join(r.dir, p), []byte(text), 0o644))
		r.git("add", p)
	}
	r.git("commit", "-qm", msg)
	return r.git("rev-parse", "--short=7", "HEAD")
}

// TestRebuildCases: the script turns each reply whose first commit changed
// exactly the files aider applied it to into a case the replay tests load;
// a reply whose commit holds more, a reply without a commit and one
// without a SEARCH/REPLACE block give none.
func TestRebuildCases(t *testing.T) {
	r := aiderRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	r.commit("base", map[string]string{"app.py": "def greet():\n    print(\"hi\")\n", "notes.txt": "one\n"})
	hello := r.commit("feat: Say hello", map[string]string{"app.py": "def greet():\n    print(\"hello\")\n"})
	lint := r.commit("style: Format", map[string]string{"app.py": "def greet():\n    print('hello')\n"})
	both := r.commit("feat: Say bye", map[string]string{"app.py": "def greet():\n    print('bye')\n", "notes.txt": "two\n"})
	log := "\n# aider chat started at 2024-05-01 10:00:00\n\n" +
		"> aider app.py  \n> Added app.py to the chat.  \n\n" +
		"#### Make greet say hello.  \n\n" +
		"I'll change the greeting.\n\napp.py\n```python\n<<<<<<< SEARCH\n    print(\"hi\")\n=======\n    print(\"hello\")\n>>>>>>> REPLACE\n```\n\n" +
		"> Tokens: 1.2k sent, 80 received.  \n> Applied edit to app.py  \n> Commit " + hello + " feat: Say hello  \n> Commit " + lint + " style: Format  \n\n" +
		"#### Now say bye.  \n\n" +
		"app.py\n```python\n<<<<<<< SEARCH\n    print('hello')\n=======\n    print('bye')\n>>>>>>> REPLACE\n```\n\n" +
		"> Applied edit to app.py  \n> Commit " + both + " feat: Say bye  \n\n" +
		"#### What does notes.txt hold?  \n\n" +
		"It holds one line.\n\n> Tokens: 1k sent, 10 received.  \n"
	r.commit("add the chat log", map[string]string{"tests/fixtures/chat-history.md": log})

	out := filepath.Join(t.TempDir(), "cases")
	require.NoError(t, run(r.dir, "HEAD", out))

	cases, err := replay.Load(out)
	require.NoError(t, err, "the replay tests read what the script writes")
	require.Len(t, cases, 1, "only the reply whose commit changed exactly what aider applied it to")
	c := cases[0]
	assert.Equal(t, "001", c.Name)
	assert.Equal(t, "exact", c.Kind)
	assert.Equal(t, []string{"app.py"}, c.Changed)
	assert.Equal(t, "def greet():\n    print(\"hi\")\n", string(c.Before["app.py"]))
	assert.Equal(t, "def greet():\n    print(\"hello\")\n", string(c.After["app.py"]), "the reply's own commit, not the linter's after it")
	assert.Contains(t, string(c.Response), "<<<<<<< SEARCH\n    print(\"hi\")")
	assert.NotContains(t, string(c.Response), "> Applied edit", "aider's own lines are not the reply")
}

// TestRebuildRefusesAnOtherRepository: a folder that is not aider's
// history is said to be so, and nothing is written.
func TestRebuildRefusesAnOtherRepository(t *testing.T) {
	r := aiderRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	r.commit("base", map[string]string{"a.txt": "a\n"})
	out := filepath.Join(t.TempDir(), "cases")
	err := run(r.dir, pin, out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "a full clone of aider?")
	assert.NoDirExists(t, out)
}
