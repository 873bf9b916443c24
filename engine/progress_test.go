package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// TestProgressLine: on a terminal, the status line says which response of
// how many, and of which transcript; piped, the headings stay "response N".
func TestProgressLine(t *testing.T) {
	var reply strings.Builder
	for _, n := range []string{"one", "two", "three"} {
		reply.WriteString("## User\n\nEdit.\n\n## Assistant\n\nMake it " + n + ".\n\n" +
			n + ".txt\n««« EDIT\n═══════ REPL\n" + n + "\n»»» EDIT END\n\n")
	}
	for _, tty := range []bool{true, false} {
		t.Run(map[bool]string{true: "terminal", false: "piped"}[tty], func(t *testing.T) {
			gittest.Setenv(t)
			repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
			path := filepath.Join(t.TempDir(), "session.md")
			require.NoError(t, os.WriteFile(path, []byte(reply.String()), 0o644))
			s, _, _, stderr := iostreams.Test()
			s.SetTTY(false, tty)
			s.SetNoColor(true)
			require.NoError(t, runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, IO: s}))
			out := stderr.String()
			if tty {
				for _, want := range []string{"response 1/3 · session.md", "response 2/3 · session.md", "response 3/3 · session.md"} {
					assert.Contains(t, out, want)
				}
				return
			}
			assert.Contains(t, out, "response 3\n")
			assert.NotContains(t, out, "/3 ·")
		})
	}
}

// TestProgressLineLargeTranscript: a transcript too large to count first
// is counted beside the run (go test -race checks the sharing); the run
// does not wait for it, and every response is still shown.
func TestProgressLineLargeTranscript(t *testing.T) {
	defer func(n int64) { syncCount = n }(syncCount)
	syncCount = 0
	var reply strings.Builder
	for i := range 40 {
		n := fmt.Sprint(i)
		reply.WriteString("## User\n\nEdit.\n\n## Assistant\n\nAdd " + n + ".\n\nf" + n + ".txt\n««« EDIT\n═══════ REPL\n" + n + "\n»»» EDIT END\n\n")
	}
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"a.txt": "a\n"})
	path := filepath.Join(t.TempDir(), "big.md")
	require.NoError(t, os.WriteFile(path, []byte(reply.String()), 0o644))
	s, _, _, stderr := iostreams.Test()
	s.SetTTY(false, true)
	s.SetNoColor(true)
	require.NoError(t, runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, IO: s}))
	for i := 1; i <= 40; i++ {
		assert.Regexp(t, fmt.Sprintf(`response %d(/40)? · big\.md`, i), stderr.String())
	}
	assert.Contains(t, stderr.String(), "40 commits")
}
