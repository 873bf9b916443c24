//go:build unix

package gitops

import (
	"os"
	"syscall"
	"time"
)

// holdPending marks a pending pack as in use for as long as this process
// has it open: the lock goes with the process, however it ends.
func holdPending(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// abandoned reports whether a pending pack's run is gone: nobody holds
// its lock.
func abandoned(path string, _ time.Time) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
