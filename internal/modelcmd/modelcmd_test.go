//go:build unix

package modelcmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunAnswers(t *testing.T) {
	dir := t.TempDir()
	out, err := Run(context.Background(), Request{
		Command: `printf 'dir=%s\n' "$(pwd)"; printf 'round=%s branch=%s repo=%s\n' "$AIEDIT_ROUND" "$AIEDIT_BRANCH" "$AIEDIT_REPO"; ` +
			`printf 'file=%s\n' "$(cat "$AIEDIT_PROMPT_FILE")"; printf 'stdin=%s\n' "$(cat)"`,
		Prompt: "fix it", Dir: dir, Round: 2, Branch: "aiedit/x", Repo: dir,
	})
	require.NoError(t, err)
	real, _ := filepath.EvalSymlinks(dir)
	got := string(out)
	assert.Contains(t, got, "round=2 branch=aiedit/x repo="+dir+"\n")
	assert.Contains(t, got, "file=fix it\n")
	assert.Contains(t, got, "stdin=fix it\n")
	assert.True(t, strings.Contains(got, "dir="+dir+"\n") || strings.Contains(got, "dir="+real+"\n"), got)
}

func TestRunPromptFileRemoved(t *testing.T) {
	out, err := Run(context.Background(), Request{Command: `printf %s "$AIEDIT_PROMPT_FILE"`, Prompt: "p", Dir: t.TempDir()})
	require.NoError(t, err)
	_, statErr := os.Stat(string(out))
	assert.True(t, os.IsNotExist(statErr), "prompt file %s left behind", out)
}

func TestRunFailures(t *testing.T) {
	tests := map[string]struct {
		cmd     string
		timeout time.Duration
		kind    Kind
		status  int
		tail    string
		msg     string
	}{
		"exit status and stderr tail": {
			cmd:  `for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "line $i" >&2; done; exit 7`,
			kind: Exited, status: 7, tail: "line 3\nline 4", msg: "exited with status 7; its standard error ended with:\nline 3",
		},
		"not found": {cmd: `no-such-model-cli-xyz`, kind: Exited, status: 127, tail: "not found"},
		"signal":    {cmd: `kill -KILL $$`, kind: Signaled, msg: "killed by signal killed"},
		"timeout":   {cmd: `echo working >&2; sleep 600`, timeout: 200 * time.Millisecond, kind: TimedOut, tail: "working", msg: "did not finish within 200ms"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			// Under a hang guard of a minute, not a measure of speed: the
			// timeout case's command would sleep ten, so returning at all
			// shows the timeout stopped it.
			done := make(chan error, 1)
			req := Request{Command: tt.cmd, Dir: t.TempDir(), Timeout: tt.timeout}
			go func() { _, err := Run(context.Background(), req); done <- err }()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				t.Fatalf("%q still running after a minute", tt.cmd)
			}
			var f *Failure
			require.True(t, errors.As(err, &f), "%v", err)
			assert.Equal(t, tt.kind, f.Kind)
			if tt.kind == Exited {
				assert.Equal(t, tt.status, f.ExitStatus)
			}
			assert.Contains(t, f.StderrTail, tt.tail)
			if tt.kind == Exited && tt.status == 7 {
				assert.NotContains(t, f.StderrTail, "line 2\n", "only the last lines")
			}
			assert.Contains(t, f.Error(), tt.msg)
		})
	}
}

// A timeout stops the command's whole process group: a grandchild that
// would outlive the shell is gone too.
func TestRunKillsGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	for _, stop := range []string{"timeout", "interrupt"} {
		t.Run(stop, func(t *testing.T) {
			var f *Failure
			// On a loaded machine the shell may not have started the
			// grandchild before a short timeout: then the timeout is
			// longer, until it has.
			for _, timeout := range []time.Duration{300 * time.Millisecond, time.Second, 5 * time.Second, 20 * time.Second, time.Minute} {
				os.Remove(pidFile)
				ctx, cancel := context.WithCancel(context.Background())
				req := Request{Command: `sleep 600 & echo $! > pid; wait`, Dir: dir}
				if stop == "timeout" {
					req.Timeout = timeout
				} else {
					go func() {
						// Interrupted once the grandchild runs.
						for i := 0; i < 1500; i++ {
							if _, err := os.Stat(pidFile); err == nil {
								break
							}
							time.Sleep(20 * time.Millisecond)
						}
						cancel()
					}()
				}
				_, err := Run(ctx, req)
				cancel()
				require.True(t, errors.As(err, &f))
				if _, err := os.Stat(pidFile); err == nil {
					break
				}
			}
			if stop == "timeout" {
				assert.Equal(t, TimedOut, f.Kind)
			} else {
				assert.Equal(t, Interrupted, f.Kind)
			}
			data, err := os.ReadFile(pidFile)
			require.NoError(t, err, "the shell never started its grandchild")
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			require.NoError(t, err)
			t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) }) // should the test fail
			// Killed, the grandchild is a zombie until init reaps it, and a
			// zombie still answers kill 0: one counts as gone. Waited for
			// up to a minute, a hang guard; a live grandchild sleeps ten
			// and is still there at its end.
			gone := false
			for deadline := time.Now().Add(time.Minute); !gone && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				gone = syscall.Kill(pid, 0) != nil || zombie(pid)
			}
			assert.True(t, gone, "grandchild %d still running", pid)
			os.Remove(pidFile)
		})
	}
}

// zombie reports whether pid is a process that has died and not been
// reaped, where /proc says (Linux); elsewhere, false.
func zombie(pid int) bool {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// pid (comm) state …: comm may hold spaces and parentheses.
	i := strings.LastIndexByte(string(stat), ')')
	return i >= 0 && strings.HasPrefix(string(stat[i+1:]), " Z")
}

func TestRunOutputTooLarge(t *testing.T) {
	defer func(m int) { maxOutput = m }(maxOutput)
	maxOutput = 1000
	_, err := Run(context.Background(), Request{Command: `head -c 5000 /dev/zero`, Dir: t.TempDir()})
	var f *Failure
	require.True(t, errors.As(err, &f), "%v", err)
	assert.Equal(t, TooLarge, f.Kind)
}
