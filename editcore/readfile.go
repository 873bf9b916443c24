package editcore

import (
	"os"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/util"
)

// fileReader is a filesystem that hands out a file's bytes as a slice of
// the caller's own, without reading them through a handle into a second
// copy (gitops.TreeFS: a blob read from the object store).
type fileReader interface {
	ReadFile(name string) ([]byte, error)
}

// ReadFile reads a whole file of fsys, the caller's to keep and change.
func ReadFile(fsys billy.Basic, name string) ([]byte, error) {
	if r, ok := fsys.(fileReader); ok {
		return r.ReadFile(name)
	}
	return util.ReadFile(fsys, name)
}

// sharedReader is a filesystem that can hand out a file's bytes without
// a copy when it never changes them (gitops.TreeFS: a blob of the object
// cache).
type sharedReader interface {
	ReadFileShared(name string) ([]byte, error)
}

// ReadFileShared reads a whole file of fsys for the caller to keep but
// never change: the bytes may be the filesystem's own.
func ReadFileShared(fsys billy.Basic, name string) ([]byte, error) {
	if r, ok := fsys.(sharedReader); ok {
		return r.ReadFileShared(name)
	}
	return ReadFile(fsys, name)
}

// fileWriter is a filesystem that stores a whole file from a slice it does
// not keep (gitops.TreeFS: a large file goes to the object store at once,
// not into a copy first).
type fileWriter interface {
	WriteFile(name string, data []byte, perm os.FileMode) error
}

// WriteFile writes a whole file of fsys as util.WriteFile does.
func WriteFile(fsys billy.Basic, name string, data []byte, perm os.FileMode) error {
	if w, ok := fsys.(fileWriter); ok {
		return w.WriteFile(name, data, perm)
	}
	return util.WriteFile(fsys, name, data, perm)
}
