//go:build unix

package gitops

import (
	"os"
	"syscall"
)

// tryFlock takes an exclusive flock(2) on f without waiting; false when
// another process holds it. The kernel releases it if the process dies, so
// a killed run never leaves the queue stuck.
func tryFlock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == syscall.EWOULDBLOCK {
		return false, nil
	}
	return err == nil, err
}

func unflock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
