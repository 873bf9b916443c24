//go:build unix

package hook

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on path, waiting for another run of the
// same session to finish. The kernel releases it if the process dies.
// unlock(true) removes the file first (a session with nothing recorded
// leaves nothing behind); a run that was waiting on the removed file sees
// that path no longer names what it locked, and locks afresh.
func lockFile(path string) (unlock func(remove bool), err error) {
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
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
