package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConcurrentApplies starts n applies on one branch at once (16, and
// 64 with AIEDIT_STRESS=1). The ref moves by compare-and-swap and a run
// that loses rebuilds on the new tip (jittered back-off, bounded at
// 30 s): every run exits 0, the branch holds exactly one commit per run,
// and fsck --strict is clean.
func TestConcurrentApplies(t *testing.T) {
	for _, n := range []int{16, 64} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if n > 16 && testing.Short() {
				t.Skip("64 processes")
			}
			if n > 16 {
				skipUnlessStress(t, "64 processes")
			}
			contend(t, n, nil)
		})
	}
}

// TestConcurrentAppliesUnderPrune is the same race with `git gc
// --prune=now` and `git prune --expire=now` running in a loop meanwhile:
// they delete every unreachable loose object they see, which is what a
// run's objects are until its branch moves. A run packs what it wrote
// into a kept pack before the move (ProtectWritten) and builds again when
// a prune took something first: every run still lands, and the branch
// and the notes ref name only objects that exist.
func TestConcurrentAppliesUnderPrune(t *testing.T) {
	contend(t, 16, func(ctx context.Context, r *procRepo) {
		for i := 0; ctx.Err() == nil; i++ {
			args := []string{"gc", "-q", "--prune=now"}
			if i%2 == 1 {
				args = []string{"prune", "--expire=now"}
			}
			_ = r.cmd(args...).Run() // a gc that loses a race of its own is fine
		}
	})
}

func contend(t *testing.T, n int, background func(context.Context, *procRepo)) {
	r := newProcRepo(t, map[string]string{"README": "base\n"})
	transcripts := make([]string, n)
	for i := range transcripts {
		transcripts[i] = writeTranscript(t, fmt.Sprintf("t%d.md", i),
			fmt.Sprintf("Add file %d.\n\n%s", i, createBlock(fmt.Sprintf("f%d.txt", i), fmt.Sprintf("file %d\n", i))))
	}
	ctx, stop := context.WithTimeout(context.Background(), time.Minute)
	defer stop()
	var bg sync.WaitGroup
	if background != nil {
		bg.Go(func() { background(ctx, r) })
	}
	codes := make([]int, n)
	outputs := make([]string, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	t0 := time.Now()
	for i := range n {
		wg.Go(func() {
			c := r.cmd("aiedit", "apply", "-q", "-b", "aiedit/race", transcripts[i])
			<-start
			out, err := c.CombinedOutput()
			codes[i], outputs[i] = r.exitCode(err), string(out)
		})
	}
	close(start)
	wg.Wait()
	took := time.Since(t0)
	stop()
	bg.Wait()

	files := r.git("ls-tree", "--name-only", "aiedit/race")
	log := r.git("log", "--format=%(trailers:key=Aiedit-Transcript,valueonly)", "main..aiedit/race")
	for i, code := range codes {
		if !assert.Equal(t, 0, code, "run %d:\n%s", i, outputs[i]) {
			continue
		}
		assert.Contains(t, log, fmt.Sprintf("t%d.md", i), "run %d exited 0 but its commit is not on the branch", i)
		assert.Contains(t, files, fmt.Sprintf("f%d.txt", i))
	}
	assert.Equal(t, fmt.Sprint(n), r.git("rev-list", "--count", "main..aiedit/race"), "one commit per run")
	assert.Equal(t, n, strings.Count("\n"+files, "\nf"), "every run's file is in the tree")
	// Every object the branch names is there (a prune may have raced).
	out, err := r.cmd("rev-list", "--objects", "--missing=print", "aiedit/race").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, "\n"+string(out), "\n?", "the branch names pruned objects")
	r.fsck()
	t.Logf("%d concurrent applies landed in %v", n, took)
}
