package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// trimTranscript is one response that creates files in many directories,
// edits some of them, an existing file and a file emptied of its lines,
// and writes into a directory whose only file it moved away.
func trimTranscript(t *testing.T, files int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("## User\n\nGo.\n\n## Assistant\n\nCreate them.\n")
	create := func(p, text string) {
		fmt.Fprintf(&b, "\n%s\n««« EDIT\n═══════ REPL\n%s»»» EDIT END\n", p, text)
	}
	edit := func(p, old, text string) {
		fmt.Fprintf(&b, "\n%s\n««« EDIT\n%s═══════ REPL\n%s»»» EDIT END\n", p, old, text)
	}
	for i := range files {
		create(fmt.Sprintf("src/d%02d/f%05d.txt", i%37, i), fmt.Sprintf("file %d\n", i))
		if i%50 == 49 {
			edit(fmt.Sprintf("src/d%02d/f%05d.txt", (i-20)%37, i-20), fmt.Sprintf("file %d\n", i-20), "changed\nlines\n")
			edit("a.txt", "a\n", fmt.Sprintf("a\n%d\n", i))
			create(fmt.Sprintf("lone/%d/only.txt", i), "only\n")
		}
	}
	edit("lib/keep.txt", "keep\n", "kept\n")
	path := filepath.Join(t.TempDir(), "many.md")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// TestTrimSameCommit: a response that writes more files than the bound,
// trimmed every few operations, records the commit (tree, message and
// attribution note) one never trimmed records, and git fsck --strict
// passes; with -p too, blocks rejected between trims.
func TestTrimSameCommit(t *testing.T) {
	gittest.Setenv(t)
	path := trimTranscript(t, 1500)
	run := func(t *testing.T, bound int, patch bool) (commit, notes string, unreachable int) {
		defer func(b int) { trimBound = b }(trimBound)
		trimBound = bound
		repo := gittest.New(t, map[string]string{"a.txt": "a\n", "lib/keep.txt": "keep\n", "lib/x/y.txt": "y\n"})
		opts := &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "trim", Observer: Discard}
		if patch {
			answers := []ask.Answer{ask.Yes, ask.No, ask.Yes}
			for range 40 {
				answers = append(answers, ask.Yes, ask.Yes, ask.No)
			}
			opts.Patch, opts.Decider = true, &scripted{answers: append(answers, ask.All)}
		} else {
			opts.IO, _, _, _ = iostreams.Test()
		}
		rep, err := Run(context.Background(), opts)
		want := exitcode.OK
		if patch {
			want = exitcode.Partial // blocks rejected
		}
		require.Equal(t, want, exitcode.Of(err, -1), "%v", err)
		require.Len(t, rep.Responses, 1)
		require.Greater(t, len(rep.Responses[0].Blocks), 1500)
		repo.Git(t, "fsck", "--strict")
		notesRef := repo.Git(t, "for-each-ref", "--format=%(refname)", "refs/notes/")
		unreachable = strings.Count(repo.Git(t, "fsck", "--unreachable", "--no-reflogs"), "unreachable tree")
		return repo.Git(t, "rev-parse", "trim"), repo.Git(t, "rev-parse", notesRef+"^{tree}"), unreachable
	}
	for _, patch := range []bool{false, true} {
		t.Run(fmt.Sprintf("patch=%v", patch), func(t *testing.T) {
			wantCommit, wantNotes, none := run(t, 1<<30, patch)
			gotCommit, gotNotes, garbage := run(t, 16, patch)
			assert.Equal(t, wantCommit, gotCommit)
			assert.Equal(t, wantNotes, gotNotes)
			assert.Zero(t, none, "unreachable trees without trimming")
			assert.Positive(t, garbage, "nothing was trimmed: no tree written before the response's")
		})
	}
}

// A dry run trims its tree as a run does (what it writes goes to packs
// of its own), and leaves the repository as it was: its packs are
// removed when it ends, and every block validates as without trimming.
func TestTrimDryRunLeavesNothing(t *testing.T) {
	gittest.Setenv(t)
	path := trimTranscript(t, 1500)
	defer func(b int) { trimBound = b }(trimBound)
	trimBound = 16
	repo := gittest.New(t, map[string]string{"a.txt": "a\n", "lib/keep.txt": "keep\n", "lib/x/y.txt": "y\n"})
	objects := func() string {
		c := exec.Command("sh", "-c", "find .git/objects -type f | sort")
		c.Dir = repo.Dir
		out, err := c.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	before, had := repo.Snapshot(t), objects()
	s, _, _, _ := iostreams.Test()
	rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, DryRun: true, IO: s})
	require.NoError(t, err)
	require.Len(t, rep.Responses, 1)
	require.Greater(t, len(rep.Responses[0].Blocks), 1500)
	for _, b := range rep.Responses[0].Blocks {
		require.Equal(t, "validated", b.Status, "%+v", b)
	}
	assert.Equal(t, had, objects(), "the dry run left objects behind")
	assert.Equal(t, before, repo.Snapshot(t))
	repo.Git(t, "fsck", "--strict")
}
