package gitops

import (
	"os"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Chmod sets a regular file's executable bit, the only mode git records
// for files: any execute bit in mode makes it 100755, none 100644
// (billy.Change, for diffs that change modes).
func (fs *TreeFS) Chmod(name string, mode os.FileMode) error {
	const op = "chmod"
	n, chain, _, err := fs.lookup(op, name)
	if err != nil {
		return err
	}
	if chain == nil || (n.mode != filemode.Regular && n.mode != filemode.Executable) {
		return errorf(op, name, syscall.EINVAL)
	}
	want := filemode.Regular
	if mode&0o111 != 0 {
		want = filemode.Executable
	}
	if n.mode != want {
		n.mode = want
		markDirty(chain)
	}
	return nil
}

// Lchown is not recorded by git; it does nothing.
func (fs *TreeFS) Lchown(string, int, int) error { return nil }

// Chown is not recorded by git; it does nothing.
func (fs *TreeFS) Chown(string, int, int) error { return nil }

// Chtimes is not recorded by git; it does nothing.
func (fs *TreeFS) Chtimes(string, time.Time, time.Time) error { return nil }
