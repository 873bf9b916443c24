//go:build unix

package gitops

import (
	"os"
	"syscall"
)

// openNoBlock opens name for reading without waiting for a writer, as
// opening a FIFO would.
func openNoBlock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
