//go:build unix

package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is a bytes.Buffer a process writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestInterruptLongResponse: ^C or SIGTERM while a long response is
// applied stops the run at the next operation: the response in progress
// is dropped whole, the one before it is committed, exit 130. Before, the
// long response was applied to its end and recorded (48 s after ^C).
// The signal is sent once apply says it has applied the long response's
// first block, whatever the machine's speed; the run must then end well
// before the response could have.
func TestInterruptLongResponse(t *testing.T) {
	const blocks = 40000
	var file, chat strings.Builder
	for i := range blocks {
		fmt.Fprintf(&file, "line %d\n", i)
	}
	chat.WriteString("## User\n\nFirst.\n\n## Assistant\n\nFirst fix.\n\nfirst.txt\n««« EDIT\none\n═══════ REPL\nONE\n»»» EDIT END\n\n")
	chat.WriteString("## User\n\nAll of them.\n\n## Assistant\n\nEvery line.\n\n")
	for i := range blocks {
		fmt.Fprintf(&chat, "big.txt\n««« EDIT\nline %d\n═══════ REPL\nLINE %d\n»»» EDIT END\n\n", i, i)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			r := newProcRepo(t, map[string]string{"first.txt": "one\n", "big.txt": file.String()})
			p := writeTranscript(t, "chat.md", chat.String())
			c := r.aiedit("apply", "-b", "aiedit/long", p)
			var out lockedBuffer
			c.Stdout, c.Stderr = &out, &out
			require.NoError(t, c.Start())
			done := make(chan error, 1)
			go func() { done <- c.Wait() }()
			require.Eventually(t, func() bool { return strings.Contains(out.String(), "applied         big.txt:1\n") },
				2*time.Minute, time.Millisecond, "the long response never started: %s", out.String())
			require.NoError(t, c.Process.Signal(sig))
			select {
			case err := <-done:
				assert.Equal(t, 130, r.exitCode(err), tail(out.String(), 2000))
			case <-time.After(time.Minute):
				_ = c.Process.Kill()
				t.Fatalf("apply did not stop on %v: %s", sig, tail(out.String(), 2000))
			}
			applied := strings.Count(out.String(), "applied         big.txt:")
			assert.Less(t, applied, blocks, "the long response was applied to its end")
			assert.Equal(t, "1/2", r.git("log", "-1", "--format=%(trailers:key=Aiedit-Response,valueonly)", "aiedit/long"))
			assert.Equal(t, "1", r.git("rev-list", "--count", "main..aiedit/long"))
			assert.Equal(t, "line 0", strings.SplitN(r.gitRaw("show", "aiedit/long:big.txt"), "\n", 2)[0])
			r.fsck()
		})
	}
}
