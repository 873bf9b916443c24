package editcore

import (
	"errors"
	"io/fs"
	"syscall"
)

// ioErrorType says why writing a file failed, from the error the
// filesystem gave: a file standing where a directory is needed (or the
// reverse) is file_exists, a missing parent file_not_found, a refusal of
// the tree (a symbolic link, a submodule) unsafe_path; anything else is
// write_failed, never a guess at another cause.
func ioErrorType(err error) ErrorType {
	switch {
	case errors.Is(err, fs.ErrExist), errors.Is(err, syscall.ENOTDIR), errors.Is(err, syscall.EISDIR):
		return FileExists
	case errors.Is(err, fs.ErrNotExist):
		return FileNotFound
	case errors.Is(err, fs.ErrPermission):
		return UnsafePath
	}
	return WriteFailed
}

// ioHint is what to do about such a failure, when there is something to
// say; it follows the filesystem's words in the block's message.
func ioHint(err error) string {
	switch {
	case errors.Is(err, syscall.ENOTDIR):
		return "; a file stands where the path needs a directory: check the path"
	case errors.Is(err, syscall.EISDIR):
		return "; a directory stands where the path names a file: check the path"
	}
	return ""
}
