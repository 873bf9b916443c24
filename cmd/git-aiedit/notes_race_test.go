package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNotesPushRace has two clones of one bare remote record sessions and
// run `git aiedit notes push` at the same instant, round after round, as
// two real processes. Whichever loses a race fetches, merges and pushes
// again: both exit 0 every time, and the remote ends with the note of
// every commit either clone recorded.
func TestNotesPushRace(t *testing.T) {
	t.Parallel()
	ada := newProcRepo(t, map[string]string{"README": "base\n"})
	remote := filepath.Join(t.TempDir(), "remote.git")
	ada.git("init", "-q", "--bare", "-b", "main", remote)
	ada.git("remote", "add", "origin", remote)
	ada.git("push", "-q", "origin", "main")
	bob := &procRepo{t: t, dir: filepath.Join(t.TempDir(), "bob"), env: ada.env}
	ada.git("clone", "-q", remote, bob.dir)

	clones := map[string]*procRepo{"ada": ada, "bob": bob}
	noted := map[string]bool{} // every commit a clone recorded a note for
	again := 0                 // pushes that lost a race and merged again
	const rounds = 6
	for round := range rounds {
		for name, r := range clones {
			branch := fmt.Sprintf("aiedit/%s-%d", name, round)
			tr := writeTranscript(t, fmt.Sprintf("%s-%d.md", name, round),
				fmt.Sprintf("Add a file.\n\n%s", createBlock(fmt.Sprintf("%s%d.txt", name, round), fmt.Sprintf("%s %d\n", name, round))))
			r.git("aiedit", "apply", "-q", "-b", branch, tr)
			noted[r.git("rev-parse", branch)] = true
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		out := map[string]string{}
		code := map[string]int{}
		var mu sync.Mutex
		for name, r := range clones {
			c := r.cmd("aiedit", "notes", "push")
			wg.Go(func() {
				<-start
				b, err := c.CombinedOutput()
				mu.Lock()
				defer mu.Unlock()
				out[name], code[name] = string(b), r.exitCode(err)
			})
		}
		close(start)
		wg.Wait()
		for name := range clones {
			require.Equal(t, 0, code[name], "round %d, %s: %s", round, name, out[name])
			again += strings.Count(out[name], "merging again")
		}
	}
	// Each clone pulls; the remote and both clones hold every note.
	for _, r := range clones {
		r.git("aiedit", "notes", "pull")
	}
	for _, where := range []*procRepo{ada, bob, {t: t, dir: remote, env: ada.env}} {
		list := where.git("notes", "--ref=aiedit", "list")
		for c := range noted {
			assert.Contains(t, list, " "+c, "%s lacks the note of %s", where.dir, c)
		}
		assert.Equal(t, len(noted), strings.Count(list, "\n")+1, "%s: one note per recorded commit", where.dir)
	}
	ada.fsck()
	bob.fsck()
	t.Logf("%d rounds of two simultaneous pushes; %d push(es) lost a race and merged again", rounds, again)
}
