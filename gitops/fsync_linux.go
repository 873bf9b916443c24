package gitops

import (
	"os"

	"golang.org/x/sys/unix"
)

// writeout starts writing f's dirty pages and waits for those already
// under way, without a device flush: git's writeout-only method.
func writeout(f *os.File) error {
	return unix.SyncFileRange(int(f.Fd()), 0, 0, unix.SYNC_FILE_RANGE_WAIT_BEFORE|unix.SYNC_FILE_RANGE_WRITE)
}
