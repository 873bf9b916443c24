package check

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommandRun(t *testing.T) {
	tests := map[string]struct {
		cmd     Command
		status  Status
		message string // prefix
		detail  string // substring
	}{
		"passes":                 {cmd: Command{Command: "test -f main.go"}, status: Passed},
		"fails":                  {cmd: Command{Command: "echo 'main.go:3: bad' >&2; echo more; exit 2"}, status: Failed, message: "main.go:3: bad", detail: "more"},
		"silent fail":            {cmd: Command{Command: "exit 1"}, status: Failed, message: "exit status 1"},
		"colours dropped":        {cmd: Command{Command: `printf '\033[31mFAIL\033[0m: x\r\n'; exit 1`}, status: Failed, message: "FAIL: x", detail: "FAIL: x\n"},
		"runs in the checkout":   {cmd: Command{Command: "pwd; exit 3"}, status: Failed, detail: "checkout"},
		"not found":              {cmd: Command{Command: "no-such-tool-aiedit --x"}, status: Broken, message: "cannot run: "},
		"timeout":                {cmd: Command{Command: "sleep 600 & sleep 600; wait", Timeout: 200 * time.Millisecond}, status: Broken, message: "timed out after 200ms"},
		"changed paths and name": {cmd: Command{Name: "n", Command: `test "$AIEDIT_CHANGED" = "$(printf 'a.go\nb.go')" && test "$AIEDIT_CHECK" = n`}, status: Passed},
		"no repository":          {cmd: Command{Command: "git rev-parse --git-dir"}, status: Failed, message: "fatal: not a git repository"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "checkout")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644))
			// A repository the environment points at: the command must not see it.
			elsewhere := t.TempDir()
			require.NoError(t, exec.Command("git", "init", "-q", elsewhere).Run())
			t.Setenv("GIT_DIR", filepath.Join(elsewhere, ".git"))
			o := runWithin(t, tc.cmd, dir)
			assert.Equal(t, tc.status, o.Status, "output: %s", o.Detail)
			assert.True(t, strings.HasPrefix(o.Message, tc.message), "message %q", o.Message)
			assert.Contains(t, o.Detail, tc.detail)
		})
	}
}

// runWithin runs c in dir, failing the test if it is still running after
// a minute: a guard against a hang, not a measure of speed. A command
// that would outlast it (sleep 600) shows that a timeout kills it.
func runWithin(t *testing.T, c Command, dir string) Outcome {
	t.Helper()
	done := make(chan Outcome, 1)
	go func() { done <- c.Run(context.Background(), dir, Changed{Lines: "a.go\nb.go"}) }()
	select {
	case o := <-done:
		return o
	case <-time.After(time.Minute):
		t.Fatalf("%q still running after a minute", c.Command)
		return Outcome{}
	}
}

func TestCappedOutput(t *testing.T) {
	c := &capped{max: 4}
	n, err := c.Write([]byte("abcdef"))
	require.NoError(t, err)
	assert.Equal(t, 6, n)
	_, _ = c.Write([]byte("gh"))
	assert.Equal(t, "abcd\n[… 4 more bytes]", c.String())
}
