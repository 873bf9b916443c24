package land

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// TestLandDuringGC lands while `git gc --prune=now` runs in a loop. The
// trees git merge-tree writes, and the commits land writes, are
// unreachable until main moves: each trial ends with main at a complete
// commit (or unchanged, with an error saying so) and fsck --strict clean.
// Both places main can be: checked out here, and not checked out; and
// each way land goes: a squash, a rebase onto a main that moved on, a
// fast-forward. Each way runs 8 trials with AIEDIT_STRESS=1 (CI sets it),
// else 2, and more, up to 8, until one landed; AIEDIT_GC_TRIALS=N runs N
// trials of each.
func TestLandDuringGC(t *testing.T) {
	trials, most := 2, 8
	if os.Getenv("AIEDIT_STRESS") == "1" {
		trials = 8
	}
	if n, err := strconv.Atoi(os.Getenv("AIEDIT_GC_TRIALS")); err == nil && n > 0 {
		trials, most = n, n
	}
	for _, mode := range []struct {
		name     string
		squash   bool
		checkout bool
		ff       bool // main has not moved: the commits themselves land
	}{
		{name: "squash, main not checked out", squash: true},
		{name: "rebase, main not checked out"},
		{name: "fast-forward, main not checked out", ff: true},
		{name: "squash, main checked out", squash: true, checkout: true},
		{name: "rebase, main checked out", checkout: true},
		{name: "fast-forward, main checked out", ff: true, checkout: true},
	} {
		t.Run(mode.name, func(t *testing.T) {
			landed, i := 0, 0
			for ; i < trials || i < most && landed == 0; i++ {
				r, _ := historytest.Review(t)
				// main gains a commit: land must merge, so git merge-tree
				// writes trees that nothing names yet.
				if !mode.ff {
					r.Write(t, "more/main.txt", "main moves on\n")
					r.Git(t, "add", "more")
					r.Git(t, "commit", "-qm", "main moves on")
				}
				before := r.Git(t, "rev-parse", "main")
				if !mode.checkout {
					r.Git(t, "switch", "-q", "--detach")
				}
				stop := gcLoop(t, r.Dir)
				io, _, _, errOut := iostreams.Test()
				err := Run(context.Background(), &Options{IO: io, Dir: r.Dir, Branch: "review", Onto: "main", Squash: mode.squash})
				stop()
				if err == nil {
					landed++
					require.Contains(t, errOut.String(), "landed", "trial %d", i)
					// "landed" is true: main holds what review changed.
					assert.NotEqual(t, before, r.Git(t, "rev-parse", "main"), "trial %d", i)
					assert.Empty(t, r.Git(t, "diff", "--name-only", "review", "main", "--", ".", ":(exclude)more"), "trial %d: main lacks review's changes", i)
				} else {
					assert.Equal(t, before, r.Git(t, "rev-parse", "main"), "trial %d: main moved, yet land failed", i)
					// Giving up is allowed, never a wrong "landed".
					assert.Equal(t, exitcode.Repo, exitcode.Of(err, -1), "trial %d: %v", i, err)
					assert.Contains(t, err.Error(), "nothing was changed", "trial %d", i)
					t.Logf("trial %d: %v", i, err)
				}
				fsckStrict(t, r, i)
				// main is a complete commit: every object of its tree is there.
				r.Git(t, "ls-tree", "-r", "main")
				if mode.checkout {
					assert.Empty(t, r.Git(t, "status", "--porcelain", "--untracked-files=all"), "trial %d: the files follow main", i)
				}
			}
			assert.Positive(t, landed, "no trial landed: the loop of gc left land no chance")
			t.Logf("%d of %d trials landed; the others stopped with nothing changed", landed, i)
		})
	}
}

// gcLoop runs `git gc --prune=now` in dir again and again until stop is
// called.
func gcLoop(t *testing.T, dir string) (stop func()) {
	t.Helper()
	done := make(chan struct{})
	// One gc has started before land does: the first is started here,
	// not given a moment to start.
	first := exec.Command("git", "-C", dir, "gc", "--prune=now", "-q")
	require.NoError(t, first.Start())
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = first.Wait()
		for {
			select {
			case <-done:
				return
			default:
			}
			// Failures are expected (a lock held by land's own writes).
			_ = exec.Command("git", "-C", dir, "gc", "--prune=now", "-q").Run()
		}
	})
	return func() { close(done); wg.Wait() }
}

func fsckStrict(t *testing.T, r *gittest.Repo, trial int) {
	t.Helper()
	out, err := exec.Command("git", "-C", r.Dir, "fsck", "--strict", "--no-dangling", "--no-progress").CombinedOutput()
	require.NoError(t, err, "trial %d: fsck: %s", trial, out)
	require.False(t, strings.Contains(string(out), "broken") || strings.Contains(string(out), "missing"), fmt.Sprintf("trial %d: fsck: %s", trial, out))
}
