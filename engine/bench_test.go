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

// BenchmarkWideResponse applies one response that edits every file of a
// 10,000-file repository (the wide response; scripts/bench times
// the same through the binary against git's plumbing). Its allocations
// per run are the figure to watch: they are steady where CPU time moves
// with the machine.
//
//	go test ./engine -run '^$' -bench WideResponse -benchmem -benchtime 5x
func BenchmarkWideResponse(b *testing.B) {
	const files = 10000
	gittest.Setenv(b)
	dir := b.TempDir()
	path := func(i int) string {
		d := i / 16
		return fmt.Sprintf("src/d%02d/d%02d/f%06d.txt", d/100, d%100, i)
	}
	var imp, md strings.Builder
	imp.WriteString("commit refs/heads/main\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 5\nbase\n")
	md.WriteString("Double every function's result.\n")
	for i := range files {
		content := fmt.Sprintf("package d%02d\n\n// file %d\nfunc F%d() int {\n\treturn %d\n}\n", i/16%100, i, i, i)
		fmt.Fprintf(&imp, "M 100644 inline %s\ndata %d\n%s\n", path(i), len(content), content)
		fmt.Fprintf(&md, "\n%s\n««« EDIT\n\treturn %d\n═══════ REPL\n\treturn %d * 2\n»»» EDIT END\n", path(i), i, i)
	}
	git := func(stdin string, args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		require.NoError(b, err, "%s", out)
	}
	git("", "init", "-q", "-b", "main")
	git(imp.String(), "fast-import", "--quiet")
	transcript := filepath.Join(b.TempDir(), "wide.md")
	require.NoError(b, os.WriteFile(transcript, []byte(md.String()), 0o644))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s, _, _, _ := iostreams.Test()
		err := runErr(context.Background(), &Options{Dir: dir, Transcripts: []string{transcript}, IO: s, Quiet: true,
			Branch: fmt.Sprintf("bench/wide-%d", i)})
		require.NoError(b, err)
	}
	b.ReportMetric(files, "files/op")
}
