package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConcurrentApplies starts 8 applies on one branch at once. The ref
// moves by compare-and-swap: every run that exits 0 has its commit on the
// branch, runs that lose twice exit 3 and leave nothing, no commit is
// lost, and the repository stays consistent.
func TestConcurrentApplies(t *testing.T) {
	r := newProcRepo(t, map[string]string{"README": "base\n"})
	const n = 8
	transcripts := make([]string, n)
	for i := range transcripts {
		transcripts[i] = writeTranscript(t, fmt.Sprintf("t%d.md", i),
			fmt.Sprintf("Add file %d.\n\n%s", i, createBlock(fmt.Sprintf("f%d.txt", i), fmt.Sprintf("file %d\n", i))))
	}
	codes := make([]int, n)
	outputs := make([]string, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := r.cmd("aiedit", "apply", "-q", "-b", "aiedit/race", transcripts[i])
			<-start
			out, err := c.CombinedOutput()
			codes[i], outputs[i] = r.exitCode(err), string(out)
		}()
	}
	close(start)
	wg.Wait()

	files := r.git("ls-tree", "--name-only", "aiedit/race")
	log := r.git("log", "--format=%(trailers:key=Aiedit-Transcript,valueonly)", "main..aiedit/race")
	won := 0
	for i, code := range codes {
		name := fmt.Sprintf("t%d.md", i)
		switch code {
		case 0:
			won++
			assert.Contains(t, log, name, "run %d exited 0 but its commit is not on the branch", i)
			assert.Contains(t, files, fmt.Sprintf("f%d.txt", i))
		case 3:
			assert.Contains(t, outputs[i], "moved twice")
			assert.NotContains(t, log, name, "run %d exited 3 but left a commit", i)
		default:
			t.Errorf("run %d: exit %d:\n%s", i, code, outputs[i])
		}
	}
	require.Positive(t, won)
	assert.Equal(t, fmt.Sprint(won), r.git("rev-list", "--count", "main..aiedit/race"), "one commit per successful run")
	assert.Equal(t, won, strings.Count("\n"+files, "\nf"), "exactly the successful runs' files are in the tree")
	r.fsck()
}
