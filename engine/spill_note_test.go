package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// A response that writes more files than the attribution tracker keeps
// in memory (16,384) records the same note as one that keeps them all:
// every file's line owned by the block that wrote it, and a file edited
// again after it was let go of owned by the later block.
func TestManyFilesNote(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 files: not in -short")
	}
	gittest.Setenv(t)
	const files = 20000
	dir := t.TempDir()
	var md strings.Builder
	md.WriteString("Create them, then change two.\n")
	for i := range files {
		fmt.Fprintf(&md, "\nsrc/d%03d/f%06d.txt\n««« EDIT\n═══════ REPL\nfile %d\nsecond\n»»» EDIT END\n", i/1000, i, i)
	}
	// Edits of files let go of long before: read back, their first line
	// keeps its block, the second is the new one's.
	for _, i := range []int{5, 17000} {
		fmt.Fprintf(&md, "\nsrc/d%03d/f%06d.txt\n««« EDIT\nsecond\n═══════ REPL\nSECOND\n»»» EDIT END\n", i/1000, i)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"commit", "-q", "--allow-empty", "-m", "base"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	transcript := filepath.Join(t.TempDir(), "many.md")
	require.NoError(t, os.WriteFile(transcript, []byte(md.String()), 0o644))
	s, _, _, _ := iostreams.Test()
	require.NoError(t, runErr(context.Background(), &Options{Dir: dir, Transcripts: []string{transcript}, IO: s, Quiet: true, Branch: "many"}))

	out, err := exec.Command("git", "-C", dir, "notes", "--ref", attrnote.Ref, "show", "many").Output()
	require.NoError(t, err)
	var note attrnote.Note
	require.NoError(t, json.Unmarshal(out, &note))
	require.Len(t, note.Files, files)
	for i, f := range note.Files {
		require.Equal(t, fmt.Sprintf("src/d%03d/f%06d.txt", i/1000, i), f.Path)
		want := []attrnote.Lines{{Start: 1, End: 2, Block: i + 1}}
		switch i {
		case 5:
			want = []attrnote.Lines{{Start: 1, End: 1, Block: 6}, {Start: 2, End: 2, Block: files + 1}}
		case 17000:
			want = []attrnote.Lines{{Start: 1, End: 1, Block: 17001}, {Start: 2, End: 2, Block: files + 2}}
		}
		require.Equal(t, want, f.Lines, f.Path)
	}
	fsck, err := exec.Command("git", "-C", dir, "fsck", "--strict").CombinedOutput()
	assert.NoError(t, err, "%s", fsck)
}
