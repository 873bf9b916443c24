package engine

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// syncBuffer is a bytes.Buffer safe to read while Run writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStdinStreams: with "-", each block is applied and reported as soon
// as it is complete, while standard input is still open.
func TestStdinStreams(t *testing.T) {
	for _, from := range []string{"raw", ""} {
		t.Run("from="+from, func(t *testing.T) { testStdinStreams(t, from) })
	}
}

func testStdinStreams(t *testing.T, from string) {
	repo := gittest.New(t, map[string]string{"a.txt": "one\n", "b.txt": "two\n"})
	pr, pw := io.Pipe()
	var stderr syncBuffer
	done := make(chan error)
	go func() {
		done <- runErr(context.Background(), &Options{
			Dir: repo.Dir, Transcripts: []string{"-"}, From: from,
			IO: &iostreams.IOStreams{In: pr, Out: io.Discard, ErrOut: &stderr},
		})
	}()

	_, err := io.WriteString(pw, "First.\n\na.txt\n««« EDIT\none\n═══════ REPL\nONE\n»»» EDIT END\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "applied         a.txt:1") },
		2*time.Minute, 10*time.Millisecond, "the first block is reported before the input ends") // a hang guard
	assert.NotContains(t, stderr.String(), "b.txt")

	_, err = io.WriteString(pw, "\nb.txt\n««« EDIT\ntwo\n═══════ REPL\nTWO\n»»» EDIT END\n")
	require.NoError(t, err)
	require.NoError(t, pw.Close())
	assert.NoError(t, <-done)
	assert.Contains(t, stderr.String(), "applied         b.txt:1")
	assert.Equal(t, "ONE", strings.TrimSpace(repo.Git(t, "show", "aiedit/stdin:a.txt")))
	assert.Equal(t, "TWO", strings.TrimSpace(repo.Git(t, "show", "aiedit/stdin:b.txt")))
}
