package ownedtemp

import (
	"os"

	"golang.org/x/sys/unix"
)

// openUnnamed opens an O_TMPFILE file in dir; ok is false where the
// file system cannot make one (the caller then names and removes it).
func openUnnamed(dir string) (*os.File, bool) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, false
	}
	return os.NewFile(uintptr(fd), dir+"/(unnamed)"), true
}
