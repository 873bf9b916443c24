//go:build unix

package gitops

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// mapFile maps a file read-only. The mapping outlives the file's name: a
// pack a concurrent gc deletes stays readable, as it does for git.
func mapFile(path string) ([]byte, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 {
		return nil, func() {}, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}

// dropMapped tells the kernel the process is done with b's pages for
// now: they leave its resident memory (they stay in the page cache, and
// are read again from there when touched).
func dropMapped(b []byte) {
	if len(b) > 0 {
		_ = unix.Madvise(b, unix.MADV_DONTNEED)
	}
}
