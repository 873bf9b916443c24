//go:build unix

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKilledApply kills `git aiedit apply` with SIGKILL at random points of
// a long run, many times (25 with AIEDIT_STRESS=1, else 8 or until one
// left a pending pack). Afterwards the branch does not exist or points
// at a complete commit, fsck is clean, the checkout is untouched, and
// running the same command again finishes the job.
func TestKilledApply(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("kills processes many times")
	}
	files := map[string]string{}
	for i := range 50 {
		files[fmt.Sprintf("pkg%d/file%d.txt", i%7, i)] = fmt.Sprintf("line one %d\nline two %d\n", i, i)
	}
	r := newProcRepo(t, files)
	// A markdown conversation of 60 responses, each one commit.
	var b strings.Builder
	for i := range 60 {
		f := i % 50
		fmt.Fprintf(&b, "## User\n\nchange %d\n\n## Assistant\n\nChange file %d, round %d.\n\npkg%d/file%d.txt\n««« EDIT\nline one %d\n═══════ REPL\nline one %d\nround %d\n»»» EDIT END\n\n",
			i, f, i, f%7, f, f, f, i)
	}
	transcript := writeTranscript(t, "long.md", b.String())
	before := r.git("status", "--porcelain", "--untracked-files=all") + r.git("rev-parse", "HEAD") + r.git("ls-files", "-s")

	// Time one full run (on another branch) so that kills land inside runs.
	t0 := time.Now()
	out, err := r.cmd("aiedit", "apply", "-q", "-b", "aiedit/probe", transcript).CombinedOutput()
	require.NoError(t, err, "%s", out)
	full := time.Since(t0)

	rng := rand.New(rand.NewPCG(1, 2))
	// The check of pending packs below needs a kill that left one. The
	// kills at random points of the timed run may all land before any
	// object is written when the machine got busier after the timing: then
	// the next kills (up to the full run's 25) come when the run's pending
	// pack appears, an event rather than a guess, until one is left.
	pending := func() bool {
		left, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "aiedit-pending-*"))
		return len(left) > 0
	}
	completed, kills, random := 0, 0, rounds(8, 25)
	for i := 0; i < random || i < 25 && !pending(); i++ {
		kills++
		// Every run starts a fresh branch, so every kill lands in real work.
		branch := fmt.Sprintf("aiedit/long-%d", i)
		c := r.cmd("aiedit", "apply", "-q", "-b", branch, transcript)
		// Its own process group, so the kill takes git children with it.
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		require.NoError(t, c.Start())
		exited := make(chan struct{})
		go func() { _ = c.Wait(); close(exited) }()
		if i < random {
			time.Sleep(time.Duration(rng.Int64N(int64(full))))
		} else {
		wait:
			for !pending() {
				select {
				case <-exited:
					break wait
				case <-time.After(time.Millisecond):
				}
			}
		}
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		<-exited

		// One look at the ref: the move a killed run had handed to git may
		// still land a moment later (git's update-ref outlives a kill of
		// apply's process group, as it does ^C), whole or not at all.
		out, _ := r.cmd("for-each-ref", "--format=%(objectname)", "refs/heads/"+branch).Output()
		if tip := strings.TrimSpace(string(out)); tip != "" {
			completed++
			assert.Equal(t, "60", r.git("rev-list", "--count", "main.."+tip), "iteration %d: a branch only ever holds a whole run", i)
			// The branch points at a complete commit whose tree is readable.
			r.git("ls-tree", "-r", tip)
		}
		r.fsck()
		after := r.git("status", "--porcelain", "--untracked-files=all") + r.git("rev-parse", "HEAD") + r.git("ls-files", "-s")
		require.Equal(t, before, after, "iteration %d: checkout changed", i)
		// A killed ref update may leave its locks, as with git itself: the
		// branch's, and the notes ref's that moves with it.
		for _, ref := range []string{"refs/heads/" + branch, "refs/notes/aiedit"} {
			lock := r.git("rev-parse", "--git-path", ref+".lock")
			_ = os.Remove(r.dir + "/" + lock)
		}
	}

	// Killed runs left their pending packs; a later run removes those a
	// minute old (a younger one may be a run that is just starting).
	left, err := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "aiedit-pending-*"))
	require.NoError(t, err)
	require.NotEmpty(t, left, "no kill left a pending pack: the check below proves nothing")
	for _, p := range left {
		old := time.Now().Add(-2 * time.Minute)
		require.NoError(t, os.Chtimes(p, old, old))
	}

	// Started again, the run completes: 60 responses, each recorded once.
	out, err = r.cmd("aiedit", "apply", "-q", "-b", "aiedit/long-0", transcript).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "60", r.git("rev-list", "--count", "main..aiedit/long-0"))
	seen := map[string]bool{}
	for _, resp := range strings.Split(r.git("log", "--format=%(trailers:key=Aiedit-Response,valueonly)", "main..aiedit/long-0"), "\n") {
		if resp == "" {
			continue
		}
		require.False(t, seen[resp], "response %s recorded twice", resp)
		seen[resp] = true
	}
	assert.Len(t, seen, 60)
	// What the killed runs left in objects/pack is gone once a run writes
	// objects (the one above may have found everything recorded).
	out, err = r.cmd("aiedit", "apply", "-q", "-b", "aiedit/after", transcript).CombinedOutput()
	require.NoError(t, err, "%s", out)
	left, err = filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "aiedit-pending-*"))
	require.NoError(t, err)
	assert.Empty(t, left)
	r.fsck()
	t.Logf("a full run takes %v; %d of %d runs finished before the kill", full, completed, kills)
}
