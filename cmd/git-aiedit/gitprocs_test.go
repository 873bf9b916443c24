package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestApplyGitProcesses counts the git processes one apply starts, through
// a git on PATH that logs each invocation and runs the real one. Each
// costs about 10 ms on a small machine: discovery, config and the move of
// the branch with its notes are one process each (the target allows 4).
// (A new file named by a bare name, "notes.txt", costs one ls-tree more:
// the model may mean src/notes.txt.)
func TestApplyGitProcesses(t *testing.T) {
	t.Parallel()
	real, err := exec.LookPath("git")
	require.NoError(t, err)
	r := newProcRepo(t, map[string]string{"calc.py": "def add(a, b):\n    return a - b\n", "README.md": "calc\n"})
	shim := t.TempDir()
	log := filepath.Join(shim, "log")
	require.NoError(t, os.WriteFile(filepath.Join(shim, "git"),
		[]byte("#!/bin/sh\nprintf '%s\\n' \"$*\" >>'"+log+"'\nexec '"+real+"' \"$@\"\n"), 0o755))
	tr := writeTranscript(t, "fix.md", "calc.py\n```python\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n>>>>>>> REPLACE\n```\n\n"+
		createBlock("docs/notes.txt", "new file\n"))

	bin, err := binDir()
	require.NoError(t, err)
	// The same apply twice, to two branches: the second finds its objects
	// packed by the first (a run packs what it wrote) and must not pay a
	// process for that.
	for _, branch := range []string{"fix", "again"} {
		_ = os.Remove(log) // each apply counted alone
		c := exec.Command(filepath.Join(bin, "git-aiedit"), "apply", "-q", "-b", branch, tr)
		c.Dir = r.dir
		c.Env = append(r.env, "PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := c.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Equal(t, "def add(a, b):\n    return a + b\n", r.gitRaw("show", branch+":calc.py"))

		data, err := os.ReadFile(log)
		require.NoError(t, err)
		calls := strings.Split(strings.TrimSpace(string(data)), "\n")
		// Discovery and the config, and one transaction moving the
		// branch and its attribution notes, all started at once:
		// objects are read and written in-process.
		require.Len(t, calls, 3, "git processes of apply -b %s:\n%s", branch, data)
		var tx int
		for _, c := range calls {
			if strings.Contains(c, "update-ref") {
				tx++
			}
		}
		require.Equal(t, 1, tx, "one update-ref:\n%s", data)
		require.Contains(t, r.gitRaw("notes", "--ref=aiedit", "show", branch), `"block"`)
	}
	r.fsck()
}

// TestLogGitProcesses: log starts discovery's two git processes during
// initialization (package prestart) and takes their answers: two in all,
// not two ended unused and two more.
func TestLogGitProcesses(t *testing.T) {
	real, err := exec.LookPath("git")
	require.NoError(t, err)
	r := newProcRepo(t, map[string]string{"README.md": "calc\n"})
	shim := t.TempDir()
	log := filepath.Join(shim, "log")
	require.NoError(t, os.WriteFile(filepath.Join(shim, "git"),
		[]byte("#!/bin/sh\nprintf '%s\\n' \"$*\" >>'"+log+"'\nexec '"+real+"' \"$@\"\n"), 0o755))
	bin, err := binDir()
	require.NoError(t, err)
	c := exec.Command(filepath.Join(bin, "git-aiedit"), "log")
	c.Dir = r.dir
	c.Env = append(r.env, "PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, _ := c.CombinedOutput()
	data, err := os.ReadFile(log)
	require.NoError(t, err, "%s", out)
	calls := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, calls, 2, "git processes of log:\n%s", data)
}
