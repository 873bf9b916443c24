package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// TestSpoolReadAgain: standard input is read again from its spool when
// the branch moved while it was applied, though the spool's name was
// removed as soon as it was made (nothing of it is left in TMPDIR, even
// while the run lives).
func TestSpoolReadAgain(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	repo := gittest.New(t, map[string]string{"a.txt": "one\n", "c.txt": "three\n"})
	repo.Git(t, "branch", "review")
	pr, pw := io.Pipe()
	var stderr syncBuffer
	done := make(chan error)
	go func() {
		done <- runErr(context.Background(), &Options{
			Dir: repo.Dir, Transcripts: []string{"-"}, Branch: "review",
			IO: &iostreams.IOStreams{In: pr, Out: io.Discard, ErrOut: &stderr},
		})
	}()
	_, err := io.WriteString(pw, "First.\n\na.txt\n««« EDIT\none\n═══════ REPL\nONE\n»»» EDIT END\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "applied         a.txt:1") },
		2*time.Minute, 10*time.Millisecond) // a hang guard
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, entries, "the spool has a name in TMPDIR")

	// Another writer moves the branch: the run builds again on its tip,
	// reading the transcript from the spool.
	repo.Git(t, "switch", "-q", "review")
	repo.Write(t, "c.txt", "THREE\n")
	repo.Git(t, "commit", "-qam", "moved meanwhile")
	repo.Git(t, "switch", "-q", "main")
	require.NoError(t, pw.Close())
	require.NoError(t, <-done)
	assert.Equal(t, "ONE", strings.TrimSpace(repo.Git(t, "show", "review:a.txt")))
	assert.Equal(t, "THREE", strings.TrimSpace(repo.Git(t, "show", "review:c.txt")))
	assert.Equal(t, "moved meanwhile", repo.Git(t, "log", "-1", "--format=%s", "review~1"))
}

// TestSpoolBounded: an endless stream (here blank lines, which no reader
// refuses as too long) is stopped once the spool would pass maxSpool,
// with exit 2 and what to do; nothing is left in TMPDIR.
func TestSpoolBounded(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(old int64) { maxSpool = old }(maxSpool)
	maxSpool = 1 << 20
	repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
	for _, from := range []string{"markdown", "aider", "raw"} {
		t.Run(from, func(t *testing.T) {
			err := runErr(context.Background(), &Options{
				Dir: repo.Dir, Transcripts: []string{"-"}, From: from,
				IO: &iostreams.IOStreams{In: endless{}, Out: io.Discard, ErrOut: io.Discard},
			})
			require.Error(t, err)
			assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
			assert.Contains(t, err.Error(), "cannot read transcript standard input: line 1048577: it goes on past 1 MiB, the most apply keeps of a stream to read it again; save it to a file and name the file")
			entries, err := os.ReadDir(tmp)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}

// endless is a stream of blank lines that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	return len(p), nil
}

// TestBlockSpillBounded: the results of one response's blocks past the
// first 4,096 go to TMPDIR up to maxBlockSpill; past it the run stops
// with exit 2 and what to do, commits nothing, and leaves TMPDIR empty.
func TestBlockSpillBounded(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(old int64) { maxBlockSpill = old }(maxBlockSpill)
	maxBlockSpill = 1 << 20
	repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
	var md strings.Builder
	md.WriteString("## User\n\nGo.\n\n## Assistant\n\n")
	for i := range keptBlocks + 20000 {
		fmt.Fprintf(&md, "a.txt\n```\n<<<<<<< SEARCH\nnot there %d\n=======\nx\n>>>>>>> REPLACE\n```\n\n", i)
	}
	path := filepath.Join(t.TempDir(), "blocks.md")
	require.NoError(t, os.WriteFile(path, []byte(md.String()), 0o644))
	err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "b",
		IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}})
	require.Error(t, err)
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
	assert.Contains(t, err.Error(), "they pass 1 MiB, the most apply keeps of one response in the temporary folder")
	_, gone := exec.Command("git", "-C", repo.Dir, "rev-parse", "--verify", "-q", "refs/heads/b").Output()
	assert.Error(t, gone, "nothing committed")
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, entries)
}
