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

// BenchmarkLongFile applies one response of many blocks to one long file:
// each block's cost should be its own and its match search's, not the
// whole file's (4,000 blocks on 160,000 lines took 219 s, growing with
// blocks × lines).
//
//	go test ./engine -run '^$' -bench LongFile -benchtime 1x
func BenchmarkLongFile(b *testing.B) {
	for _, tc := range []struct{ blocks, lines int }{{1000, 40000}, {2000, 80000}} {
		b.Run(fmt.Sprintf("%dblocks_%dlines", tc.blocks, tc.lines), func(b *testing.B) {
			benchLongFile(b, tc.blocks, tc.lines)
		})
	}
}

func benchLongFile(b *testing.B, blocks, lines int) {
	gittest.Setenv(b)
	dir := b.TempDir()
	var file, md strings.Builder
	for i := range lines {
		fmt.Fprintf(&file, "line %d\n", i)
	}
	md.WriteString("Change every line.\n")
	step := lines / blocks
	for i := range blocks {
		fmt.Fprintf(&md, "\nbig.txt\n««« EDIT\nline %d\n═══════ REPL\nLINE %d\n»»» EDIT END\n", i*step, i*step)
	}
	git := func(stdin string, args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		require.NoError(b, err, "%s", out)
	}
	git("", "init", "-q", "-b", "main")
	content := file.String()
	git(fmt.Sprintf("commit refs/heads/main\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 5\nbase\nM 100644 inline big.txt\ndata %d\n%s\n", len(content), content), "fast-import", "--quiet")
	transcript := filepath.Join(b.TempDir(), "long.md")
	require.NoError(b, os.WriteFile(transcript, []byte(md.String()), 0o644))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s, _, _, _ := iostreams.Test()
		err := runErr(context.Background(), &Options{Dir: dir, Transcripts: []string{transcript}, IO: s, Quiet: true,
			Branch: fmt.Sprintf("bench/long-%d", i)})
		require.NoError(b, err)
	}
	b.ReportMetric(float64(blocks), "blocks/op")
}
