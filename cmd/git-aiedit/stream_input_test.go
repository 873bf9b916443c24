//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const streamReply = "Fix.\n\na.txt\n««« EDIT\none\n═══════ REPL\nONE\n»»» EDIT END\n"

// aiedit runs the built command directly (no git in between, so that a
// signal reaches it as a user's ^C would).
func (r *procRepo) aiedit(args ...string) *exec.Cmd {
	bin, err := binDir()
	require.NoError(r.t, err)
	c := exec.Command(filepath.Join(bin, "git-aiedit"), args...)
	c.Dir, c.Env = r.dir, r.env
	return c
}

// TestStreamTranscripts: a transcript that is no regular file (a FIFO,
// /dev/stdin, a process substitution's /dev/fd/N) is read once, as a
// stream, and its edits are recorded as with "-".
func TestStreamTranscripts(t *testing.T) {
	t.Parallel()
	t.Run("fifo", func(t *testing.T) {
		r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
		fifo := filepath.Join(t.TempDir(), "reply.md")
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		// apply waits for the writer: the writer comes once apply has the
		// FIFO open to read, not after a guess at when that is (until
		// then an open for writing without blocking fails, ENXIO).
		applied := make(chan struct{})
		go func() {
			for {
				if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.WriteString(streamReply)
					f.Close()
					return
				}
				select {
				case <-applied:
					return
				case <-time.After(10 * time.Millisecond):
				}
			}
		}()
		out, err := runWithin(t, r.aiedit("apply", "-q", "-b", "aiedit/f", fifo), time.Minute)
		close(applied)
		require.NoError(t, err, out)
		assert.Equal(t, "ONE", r.git("show", "aiedit/f:a.txt"))
		assert.Contains(t, r.git("log", "-1", "--format=%(trailers:key=Aiedit-Transcript,valueonly)", "aiedit/f"), "reply.md sha256:")
		r.fsck()
	})
	t.Run("dev stdin", func(t *testing.T) {
		r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
		c := r.aiedit("apply", "-q", "-b", "aiedit/s", "/dev/stdin")
		c.Stdin = strings.NewReader(streamReply)
		out, err := runWithin(t, c, time.Minute)
		require.NoError(t, err, out)
		assert.Equal(t, "ONE", r.git("show", "aiedit/s:a.txt"))
		assert.Contains(t, r.git("log", "-1", "--format=%(trailers:key=Aiedit-Transcript,valueonly)", "aiedit/s"), "stdin sha256:")
	})
	t.Run("process substitution", func(t *testing.T) {
		r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
		pr, pw, err := os.Pipe()
		require.NoError(t, err)
		go func() {
			pw.WriteString(streamReply)
			pw.Close()
		}()
		c := r.aiedit("apply", "-q", "/dev/fd/3")
		c.ExtraFiles = []*os.File{pr}
		out, err := runWithin(t, c, time.Minute)
		pr.Close()
		require.NoError(t, err, out)
		// Named as standard input is: the branch is not aiedit/3.
		assert.Equal(t, "ONE", r.git("show", "aiedit/stdin:a.txt"))
	})
	t.Run("standard input twice", func(t *testing.T) {
		r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
		c := r.aiedit("apply", "-", "/dev/stdin")
		c.Stdin = strings.NewReader(streamReply)
		out, err := runWithin(t, c, time.Minute)
		assert.Equal(t, 2, r.exitCode(err), out)
		assert.Contains(t, out, "standard input (-) can be named only once")
	})
}

// TestStreamNotText: /dev/zero is refused at once (exit 2), also when the
// user says it is a raw reply.
func TestStreamNotText(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	for _, args := range [][]string{{"apply", "/dev/zero"}, {"apply", "--from", "raw", "/dev/zero"}} {
		out, err := runWithin(t, r.aiedit(args...), time.Minute)
		assert.Equal(t, 2, r.exitCode(err), "%v: %s", args, out)
	}
	assert.Empty(t, r.git("for-each-ref", "refs/heads/aiedit/"))
}

// TestLargeFileNotText: a large regular file of zeros is refused from its
// head, before it is hashed to its end (18 s for 3 GB before); with
// --from raw it is read, and ^C stops that at once.
func TestLargeFileNotText(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	p := filepath.Join(t.TempDir(), "zeros.md")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(3<<30)) // sparse: no disk used
	require.NoError(t, f.Close())

	// Hashing 3 GB costs seconds of CPU (and reading it as much again in
	// the kernel); its head, a fraction of one. CPU time, not the clock,
	// so that a loaded machine cannot fail the test.
	c := r.aiedit("apply", p)
	out, err := runWithin(t, c, time.Minute)
	assert.Equal(t, 2, r.exitCode(err), out)
	assert.Contains(t, out, "zeros.md is not a transcript: it looks like binary data")
	assert.Less(t, cpuTime(c), hashCPU, "refused only after reading the whole file")

	c, out, err = interrupt(t, syscall.SIGINT, func() *exec.Cmd { return r.aiedit("apply", "--from", "raw", p) }, nil)
	assert.Equal(t, 130, r.exitCode(err), out)
	assert.Less(t, cpuTime(c), hashCPU, "stopped only after reading the whole file")
	assert.Empty(t, r.git("for-each-ref", "refs/heads/aiedit/"))
}

// hashCPU is less CPU time than reading and hashing 3 GB takes, and far
// more than a run that stops at the file's head takes under -race.
const hashCPU = 3 * time.Second

// cpuTime is the user and system time the exited process c took.
func cpuTime(c *exec.Cmd) time.Duration {
	return c.ProcessState.UserTime() + c.ProcessState.SystemTime()
}

// interrupt starts the command made by mk, lets it run a moment (after
// started, when not nil, has returned), and sends it sig. A process that
// died of the signal itself had not installed its handler yet (a slow
// start on a loaded machine): it is run again, waiting twice as long,
// so that only a command that never handles sig fails.
func interrupt(t *testing.T, sig syscall.Signal, mk func() *exec.Cmd, started func()) (*exec.Cmd, string, error) {
	t.Helper()
	wait := 300 * time.Millisecond
	for try := 1; ; try++ {
		c := mk()
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		require.NoError(t, c.Start())
		if started != nil {
			started()
		}
		time.Sleep(wait)
		require.NoError(t, c.Process.Signal(sig))
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Minute):
			c.Process.Kill()
			<-done
			t.Fatalf("%v did not stop on %v: %s", c.Args, sig, out.String())
		}
		if ws, ok := c.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == sig && try < 6 {
			t.Logf("%v: %v came before its handler; again, after %v", c.Args, sig, 2*wait)
			wait *= 2
			continue
		}
		return c, out.String(), err
	}
}

// TestStreamInterrupt: ^C or SIGTERM stops a run that waits for a FIFO's
// writer, or for more of a stream that stays open, at once (exit 130),
// and leaves no lock file.
func TestStreamInterrupt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		sig    syscall.Signal
		writer bool // a writer holds the FIFO open after one response
	}{
		{"no writer, SIGTERM", syscall.SIGTERM, false},
		{"no writer, SIGINT", syscall.SIGINT, false},
		{"idle writer, SIGINT", syscall.SIGINT, true},
		{"idle writer, SIGTERM", syscall.SIGTERM, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
			var fifo string
			mk := func() *exec.Cmd {
				fifo = filepath.Join(t.TempDir(), "reply.md")
				require.NoError(t, syscall.Mkfifo(fifo, 0o600))
				return r.aiedit("apply", "-b", "aiedit/i", fifo)
			}
			var started func()
			if tc.writer {
				started = func() {
					w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
					require.NoError(t, err)
					t.Cleanup(func() { w.Close() })
					_, err = w.WriteString(streamReply)
					require.NoError(t, err)
				}
			}
			_, out, err := interrupt(t, tc.sig, mk, started)
			assert.Equal(t, 130, r.exitCode(err), out)
			locks, _ := filepath.Glob(filepath.Join(r.dir, ".git", "*.lock"))
			refLocks, _ := filepath.Glob(filepath.Join(r.dir, ".git", "refs", "heads", "*", "*.lock"))
			assert.Empty(t, append(locks, refLocks...))
			r.fsck()
		})
	}
}

// runWithin runs c and fails the test if it takes longer than limit: a
// guard against a run that never ends (a minute, which no loaded machine
// needs), not a measure of speed.
func runWithin(t *testing.T, c *exec.Cmd, limit time.Duration) (string, error) {
	t.Helper()
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	require.NoError(t, c.Start())
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		return out.String(), err
	case <-time.After(limit):
		c.Process.Kill()
		<-done
		t.Fatalf("%v still running after %v: %s", c.Args, limit, out.String())
		return "", nil
	}
}
