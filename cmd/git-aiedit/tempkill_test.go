//go:build linux

package main

import (
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

// TestKilledReadLeavesNoTemp: apply reading an endless stream (blank
// lines, as `yes ""` writes) spools it to TMPDIR, to read it again on a
// retry; killed with SIGKILL while it does, it leaves nothing there, since
// the spool's name is removed as soon as it is made.
func TestKilledReadLeavesNoTemp(t *testing.T) {
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	tmp := t.TempDir()
	c := r.aiedit("apply", "--from", "markdown", "-")
	c.Env = append(c.Env, "TMPDIR="+tmp)
	c.Stdin = blankLines{}
	require.NoError(t, c.Start())
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	// Killed once the spool is open, whatever the machine's speed.
	fdDir := "/proc/" + strconv.Itoa(c.Process.Pid) + "/fd"
	require.Eventually(t, func() bool {
		fds, _ := os.ReadDir(fdDir)
		for _, fd := range fds {
			if target, err := os.Readlink(filepath.Join(fdDir, fd.Name())); err == nil && strings.HasPrefix(target, tmp) {
				return true
			}
		}
		return false
	}, 60*time.Second, time.Millisecond, "apply never opened its spool")
	require.NoError(t, c.Process.Signal(syscall.SIGKILL))
	<-done
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Empty(t, names, "a killed apply left these in TMPDIR")
}

// TestEndlessLineStops: a text transcript that is one endless line
// (/dev/zero read as markdown, aider or SpecStory) is refused once the
// line passes the limit, not read for ever; nothing is left in TMPDIR.
func TestEndlessLineStops(t *testing.T) {
	for _, from := range []string{"markdown", "aider", "specstory"} {
		t.Run(from, func(t *testing.T) {
			r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
			tmp := t.TempDir()
			c := r.aiedit("apply", "--from", from, "/dev/zero")
			c.Env = append(c.Env, "TMPDIR="+tmp)
			out, err := runWithin(t, c, 120*time.Second)
			require.Error(t, err)
			assert.Equal(t, 2, c.ProcessState.ExitCode(), out)
			assert.Contains(t, out, "cannot read transcript /dev/zero: line 1: line longer than the limit (64 MiB)")
			entries, err := os.ReadDir(tmp)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}

// blankLines is an endless stream of blank lines.
type blankLines struct{}

func (blankLines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	return len(p), nil
}
