package gitops

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTakeKeep: a .keep left by a run that was killed is taken over at
// once (a killed `land --rebase` left one per commit, and the next run
// waited five seconds on each); one a live run holds is waited for; one
// this tool did not make is used as it is and never removed.
func TestTakeKeep(t *testing.T) {
	host, _ := os.Hostname()
	// The wait runs on a fake clock that moves only when takeKeep
	// sleeps: whether it waited, and for how long, is counted, not timed.
	var now time.Time
	var slept time.Duration
	var sub *testing.T // the subtest that waits
	defer func(n func() time.Time, s func(time.Duration)) { keepNow, keepSleep = n, s }(keepNow, keepSleep)
	keepNow = func() time.Time { return now }
	keepSleep = func(d time.Duration) {
		now, slept = now.Add(d), slept+d
		if slept > 2*keepWait {
			sub.Fatalf("takeKeep still waiting after %v: the wait never gives up", slept)
		}
	}
	// A process that has ended: its id names nobody now (or, reused, a
	// process that started later).
	gone := exec.Command("true")
	require.NoError(t, gone.Run())
	deadPid := gone.ProcessState.Pid()
	tests := map[string]struct {
		content string
		age     time.Duration
		taken   bool // the run owns it afterwards
		removed bool // removeDeadKeeps removes it
		slow    bool // takeKeep waits keepWait first
	}{
		"killed run": {content: fmt.Sprintf("%s (pid %d started 1 on %s)\n", keepPrefix, deadPid, host), taken: true, removed: true},
		"live run":   {content: keepContent(), slow: true},
		"live run, id reused": {
			content: fmt.Sprintf("%s (pid %d started 1 on %s)\n", keepPrefix, os.Getpid(), host), taken: true, removed: true},
		"another host, fresh": {content: keepPrefix + " (pid 1 started 1 on elsewhere.example)\n", slow: true},
		"another host, old":   {content: keepPrefix + " (pid 1 started 1 on elsewhere.example)\n", age: 2 * keepAge, taken: true, removed: true},
		"an older version's":  {content: keepPrefix + "\n", slow: true},
		"git's own":           {content: "receive-pack 12345 on " + host + "\n"},
		"the user's, empty":   {content: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			if name == "live run, id reused" && selfStart() == startUnknown {
				t.Skip("no process start times here")
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "pack-1234.keep")
			write := func() {
				require.NoError(t, os.WriteFile(path, []byte(tt.content), 0o644))
				at := time.Now().Add(-tt.age)
				require.NoError(t, os.Chtimes(path, at, at))
			}
			write()
			removeDeadKeeps(dir)
			_, err := os.Stat(path)
			assert.Equal(t, tt.removed, os.IsNotExist(err), "removeDeadKeeps")

			write()
			slept, sub = 0, t
			got, err := takeKeep(path)
			require.NoError(t, err)
			if tt.slow {
				assert.GreaterOrEqual(t, slept, keepWait, "waited keepWait")
				assert.LessOrEqual(t, slept, keepWait+10*time.Millisecond, "and gave up within a poll of it")
			} else {
				assert.Zero(t, slept, "did not wait")
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err, "a .keep is there afterwards")
			if tt.taken {
				assert.Equal(t, path, got)
				assert.Equal(t, keepContent(), string(data))
			} else {
				assert.Empty(t, got, "not this run's to remove")
				assert.Equal(t, tt.content, string(data))
			}
		})
	}
}
