//go:build unix

package hook

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lockWait bounds how long a run waits for another run of the same
// session: a hook must return within the agent's budget (Claude Code
// stops a hook after 60 s) whatever holds the lock. The run that holds it
// records the turns it finds, and the session's next event the rest.
var lockWait = 30 * time.Second

// errLockBusy is a session another run held for all of lockWait.
var errLockBusy = errors.New("another run is still recording this session; its next event records what this one would have")

// lockFile takes an exclusive lock on path, waiting (up to lockWait) for
// another run of the same session to finish. The kernel releases it if
// the process dies.
// unlock(true) removes the file first, so that no lock file outlives a
// run; a run that was waiting on the removed file sees that path no
// longer names what it locked, and locks afresh.
func lockFile(path string) (unlock func(remove bool), err error) {
	deadline := timeNow().Add(lockWait)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		if err := flockWithin(f, deadline); err != nil {
			f.Close()
			return nil, err
		}
		if names(path, f) {
			return func(remove bool) {
				if remove {
					_ = os.Remove(path)
				}
				_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}

// names reports whether path is still the file f has open.
func names(path string, f *os.File) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Stat(path)
	return err == nil && os.SameFile(held, now)
}

// flockWithin takes f's exclusive lock, polling until deadline.
func flockWithin(f *os.File, deadline time.Time) error {
	wait := 5 * time.Millisecond
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if timeNow().After(deadline) {
			return errLockBusy
		}
		pause(wait)
		wait = min(2*wait, 100*time.Millisecond)
	}
}
