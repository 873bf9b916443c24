//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A run that waited on a lock file the holder removed locks a file that
// path names again, so two runs never both hold the session.
func TestLockFileRemoved(t *testing.T) {
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
	time.Sleep(50 * time.Millisecond) // B opens the file and waits
	select {
	case <-got:
		t.Fatal("B locked while A held the lock")
	default:
	}
	unlockA(true)
	unlockB, ok := <-got
	require.True(t, ok)
	require.FileExists(t, path, "B locked the file path names")

	// A third run must wait for B.
	third := make(chan struct{})
	go func() {
		if u, err := lockFile(path); err == nil {
			u(false)
		}
		close(third)
	}()
	select {
	case <-third:
		t.Fatal("a third run locked while B held the lock")
	case <-time.After(50 * time.Millisecond):
	}
	unlockB(false)
	<-third
	_, err = os.Stat(path)
	require.NoError(t, err, "unlock(false) keeps the file")
}

// A run gives up waiting for the session after lockWait, with a reason,
// so that a hook returns within the agent's budget.
func TestLockFileBounded(t *testing.T) {
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = 200 * time.Millisecond
	path := filepath.Join(t.TempDir(), "s.lock")
	unlock, err := lockFile(path)
	require.NoError(t, err)
	defer unlock(false)
	start := time.Now()
	_, err = lockFile(path)
	require.ErrorIs(t, err, errLockBusy)
	require.Less(t, time.Since(start), 2*time.Second)
}
