//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// waitSignals makes the run's waits say so on the returned channel
// (without blocking: one signal is kept) before they sleep, for the rest
// of the test: a run that sends has opened the lock file and found the
// lock held.
func waitSignals(t *testing.T) chan struct{} {
	waiting := make(chan struct{}, 1)
	sleep := pause
	t.Cleanup(func() { pause = sleep })
	pause = func(d time.Duration) {
		select {
		case waiting <- struct{}{}:
		default:
		}
		sleep(d)
	}
	return waiting
}

// A run that waited on a lock file the holder removed locks a file that
// path names again, so two runs never both hold the session.
func TestLockFileRemoved(t *testing.T) {
	waiting := waitSignals(t)
	path := filepath.Join(t.TempDir(), "s.lock")
	unlockA, err := lockFile(path)
	require.NoError(t, err)

	got := make(chan func(bool))
	go func() {
		unlockB, err := lockFile(path)
		if err != nil {
			close(got)
			return
		}
		got <- unlockB
	}()
	select {
	case <-waiting: // B opened the file A holds, and waits
	case <-got:
		t.Fatal("B locked while A held the lock")
	}
	unlockA(true)
	unlockB, ok := <-got
	require.True(t, ok)
	require.FileExists(t, path, "B locked the file path names")
	select {
	case <-waiting: // B's last waits: B sleeps no more
	default:
	}

	// A third run must wait for B.
	third := make(chan struct{})
	go func() {
		if u, err := lockFile(path); err == nil {
			u(false)
		}
		close(third)
	}()
	select {
	case <-waiting: // the third run found B's lock held
	case <-third:
		t.Fatal("a third run locked while B held the lock")
	}
	unlockB(false)
	<-third
	_, err = os.Stat(path)
	require.NoError(t, err, "unlock(false) keeps the file")
}

// A run gives up waiting for the session after lockWait, with a reason,
// so that a hook returns within the agent's budget (Claude Code stops a
// hook after 60 s). The wait runs on a fake clock: the run waits all of
// lockWait and gives up within a poll (100 ms at most) of it, however
// slow the machine.
func TestLockFileBounded(t *testing.T) {
	clock := useFakeClock(t, 2*lockWait)
	path := filepath.Join(t.TempDir(), "s.lock")
	unlock, err := lockFile(path)
	require.NoError(t, err)
	defer unlock(false)
	_, err = lockFile(path)
	require.ErrorIs(t, err, errLockBusy)
	n, slept := clock.Waited()
	require.GreaterOrEqual(t, slept, lockWait, "gave up after %d polls", n)
	require.LessOrEqual(t, slept, lockWait+100*time.Millisecond, "gave up after %d polls", n)
	require.Less(t, lockWait+100*time.Millisecond, 60*time.Second, "within Claude Code's hook budget")
}
