package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// A transcript that is not a regular file (standard input, a pipe such as
// "<(cat r.md)" or /dev/stdin, a FIFO, a character device) is read once,
// as a stream: its bytes are spooled as they arrive (input.open), never
// hashed or counted ahead, since reading it again would wait for bytes
// that will not come again. Opening and reading it wait for its writer,
// so both give way to an interrupt: ^C or SIGTERM ends the run with what
// was complete, never a process that waits on.

// isStream reports a transcript path that must be read as a stream.
func isStream(info os.FileInfo) bool {
	return !info.Mode().IsRegular() && !info.IsDir()
}

// streamLabel is the Aiedit-Transcript name of a stream: "stdin" for the
// names a shell gives standard input and process substitution, else the
// FIFO's own name.
func streamLabel(name string) string {
	clean := filepath.Clean(name)
	switch {
	case clean == "/dev/stdin", strings.HasPrefix(clean, "/dev/fd/"),
		strings.HasPrefix(clean, "/proc/self/fd/"), strings.HasPrefix(clean, "/proc/thread-self/fd/"):
		return "stdin"
	}
	return filepath.Base(clean)
}

// isStdinName reports a name of this process's standard input.
func isStdinName(name string) bool {
	switch filepath.Clean(name) {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0":
		return true
	}
	return false
}

// errInterruptedRead is a transcript read that the user interrupted: the
// run stops as at any interrupt and records what was complete.
var errInterruptedRead = fmt.Errorf("interrupted while the transcript was read: %w", errStopped)

// openStream opens a stream transcript, giving way to an interrupt: a
// FIFO's open waits until a writer opens it.
func openStream(intr context.Context, name string) (*os.File, error) {
	type result struct {
		f   *os.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := os.Open(name)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		return r.f, r.err
	case <-intr.Done():
		// The open goes on in its goroutine; a file it opens after all
		// is closed there.
		go func() {
			if r := <-done; r.f != nil {
				r.f.Close()
			}
		}()
		return nil, errInterruptedRead
	}
}

// interruptible returns a reader of r whose Read gives way to an
// interrupt even while r waits for bytes: the reads run in a goroutine
// that feeds a pipe, and an interrupt closes the pipe. stopFn stops it.
func interruptible(intr context.Context, r io.Reader) (rd io.Reader, stopFn func()) {
	pr, pw := io.Pipe()
	stop := make(chan struct{})
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				if _, werr := pw.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil {
				pw.CloseWithError(err)
				return
			}
		}
	}()
	go func() {
		select {
		case <-intr.Done():
			pw.CloseWithError(errInterruptedRead)
		case <-stop:
		}
	}()
	var once bool
	return pr, func() {
		if !once {
			once = true
			close(stop)
			pr.CloseWithError(io.ErrClosedPipe)
		}
	}
}

// lazyStream is a stream transcript opened at its first read, so that
// naming a FIFO waits for its writer only once the run reads it.
type lazyStream struct {
	name string
	intr context.Context
	f    *os.File
	err  error
}

func (l *lazyStream) Read(p []byte) (int, error) {
	if l.f == nil && l.err == nil {
		l.f, l.err = openStream(l.intr, l.name)
		if l.err != nil && !errors.Is(l.err, errStopped) {
			l.err = exitcode.UsageErrorf("cannot read transcript %s: %v", l.name, unwrapPath(l.err))
		}
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.f.Read(p)
}

func (l *lazyStream) close() {
	if l.f != nil {
		l.f.Close()
	}
}
