package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// BenchmarkManyCreates applies one response that creates many small files.
//
//	go test ./engine -run '^$' -bench ManyCreates -benchtime 1x -memprofile mem.prof
func BenchmarkManyCreates(b *testing.B) {
	const files = 50000
	gittest.Setenv(b)
	dir := b.TempDir()
	var md strings.Builder
	md.WriteString("Create them.\n")
	for i := range files {
		fmt.Fprintf(&md, "\nsrc/d%03d/f%06d.txt\n««« EDIT\n═══════ REPL\nfile %d\n»»» EDIT END\n", i/1000, i, i)
	}
	cmd := exec.Command("git", "-C", dir, "init", "-q", "-b", "main")
	require.NoError(b, cmd.Run())
	require.NoError(b, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644))
	for _, args := range [][]string{{"add", "a.txt"}, {"commit", "-qm", "base"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(b, err, "%s", out)
	}
	transcript := filepath.Join(b.TempDir(), "many.md")
	require.NoError(b, os.WriteFile(transcript, []byte(md.String()), 0o644))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s, _, _, _ := iostreams.Test()
		err := runErr(context.Background(), &Options{Dir: dir, Transcripts: []string{transcript}, IO: s, Quiet: true,
			Branch: fmt.Sprintf("bench/many-%d", i)})
		require.NoError(b, err)
	}
}
