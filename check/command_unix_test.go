//go:build unix

package check

import (
	"fmt"
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

// TestCommandTimeoutKillsGroup: a command out of time is killed with
// everything it started, so that no child of `sh -c` outlives the check.
// Its shell opens the write end of a FIFO before it starts a child, which
// inherits it: once Run returns, the FIFO reads end of file only if no
// process of the command holds it any more, dead even if no one has
// reaped it yet. Only a run whose child started before the kill shows
// anything, so the timeout doubles until one does: how long the shell
// takes to start never decides the outcome.
func TestCommandTimeoutKillsGroup(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "checkout")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	fifo := filepath.Join(t.TempDir(), "held")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	// Opened first, without waiting for a writer, so that the command's
	// open does not wait either.
	rd, err := syscall.Open(fifo, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	require.NoError(t, err)
	defer syscall.Close(rd)

	for timeout := 200 * time.Millisecond; ; timeout *= 2 {
		started := filepath.Join(t.TempDir(), "started")
		c := Command{Command: fmt.Sprintf(`exec 3>'%s'; sleep 600 & echo $! >'%s'; wait`, fifo, started), Timeout: timeout}
		o := runWithin(t, c, dir)
		assert.Equal(t, Broken, o.Status, "output: %s", o.Detail)
		assert.Equal(t, "timed out after "+timeout.String(), o.Message)
		b, _ := os.ReadFile(started)
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			// Killed before its child started: try again with longer.
			require.Less(t, 2*timeout, time.Minute, "the command never started its child")
			continue
		}
		t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) }) // should the test fail
		var buf [1]byte
		n, err := syscall.Read(rd, buf[:])
		require.NoError(t, err, "the command's child (pid %d) still holds the FIFO: it outlived the timeout", pid)
		require.Zero(t, n, "end of file: no process of the command is left")
		return
	}
}
