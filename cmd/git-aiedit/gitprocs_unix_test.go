//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The update-ref that moves the refs starts while git discovers the
// repository, and discovery starts while the program is initialized; no
// git outlives apply: a dry run starts no update-ref, an apply outside a
// repository ends the one it started (and waits for config), one that
// stops at a usage error ends the discovery it started, and one whose
// early discovery is not what it would ask for (here $PWD names the
// directory another way) ends that one and starts its own. No ref moves.
func TestApplyLeavesNoGitBehind(t *testing.T) {
	t.Parallel()
	real, err := exec.LookPath("git")
	require.NoError(t, err)
	r := newProcRepo(t, map[string]string{"calc.py": "def add(a, b):\n    return a - b\n"})
	shim := t.TempDir()
	log := filepath.Join(shim, "log")
	// Each git logs its process id and arguments, then becomes the real
	// git under the same id.
	require.NoError(t, os.WriteFile(filepath.Join(shim, "git"),
		[]byte("#!/bin/sh\nprintf '%s %s\\n' \"$$\" \"$*\" >>'"+log+"'\nexec '"+real+"' \"$@\"\n"), 0o755))
	tr := writeTranscript(t, "fix.md", "calc.py\n```python\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n>>>>>>> REPLACE\n```\n")
	bin, err := binDir()
	require.NoError(t, err)
	notRepo := t.TempDir()

	for _, tc := range []struct {
		name     string
		dir      string
		args     []string
		env      []string
		status   int
		updateRf int // update-ref processes started
	}{
		{name: "dry run", dir: r.dir, args: []string{"apply", "--dry-run", "-q", "-b", "dry", tr}, status: 0, updateRf: 0},
		{name: "no repository", dir: notRepo, args: []string{"apply", "-q", "-b", "nowhere", tr}, status: 3, updateRf: 1},
		// Discovery starts before the arguments are read.
		{name: "usage error", dir: r.dir, args: []string{"apply", "-q", "-b", "none"}, status: 2, updateRf: 0},
		{name: "early discovery refused", dir: r.dir, env: []string{"PWD=" + r.dir + "/."},
			args: []string{"apply", "--dry-run", "-q", "-b", "dry", tr}, status: 0, updateRf: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_ = os.Remove(log)
			refs := r.git("for-each-ref")
			c := exec.Command(filepath.Join(bin, "git-aiedit"), tc.args...)
			c.Dir = tc.dir
			c.Env = append(r.env, "PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"), "GIT_CEILING_DIRECTORIES="+filepath.Dir(notRepo))
			c.Env = append(c.Env, tc.env...)
			out, err := c.CombinedOutput()
			require.Equal(t, tc.status, r.exitCode(err), "%s", out)
			// Where the system lists processes: none runs in the directory.
			assert.Empty(t, procsMentioning(tc.dir), "processes after apply exited")
			data, err := os.ReadFile(log)
			if os.IsNotExist(err) {
				// Killed (ended as unneeded) before the shim could log.
				data, err = nil, nil
			}
			require.NoError(t, err)
			var started int
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				if line == "" {
					continue
				}
				pid, args, _ := strings.Cut(line, " ")
				if strings.Contains(args, "update-ref") {
					started++
				}
				n, err := strconv.Atoi(pid)
				require.NoError(t, err, line)
				// Gone, not even a zombie: apply waited for it.
				require.ErrorIs(t, syscall.Kill(n, 0), syscall.ESRCH, "git %s still there after apply exited", args)
			}
			assert.Equal(t, tc.updateRf, started, "update-ref processes:\n%s", data)
			assert.Equal(t, refs, r.git("for-each-ref"), "no ref moved")
		})
	}
}

// procsMentioning lists the command lines, as /proc has them (none where
// there is no /proc), of the processes that name s in their arguments.
func procsMentioning(s string) []string {
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var out []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if line := strings.ReplaceAll(string(b), "\x00", " "); strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}
