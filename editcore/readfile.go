package editcore

import (
	"errors"
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

// ReadRegular reads a regular file as ReadFileShared does; anything
// else (a directory, a symbolic link, a submodule) is an error.
func ReadRegular(fsys billy.Filesystem, name string) ([]byte, error) {
	if r, ok := fsys.(sharedReader); ok {
		return r.ReadFileShared(name) // refuses all but regular files
	}
	info, err := fsys.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: name, Err: errNotRegular}
	}
	return ReadFile(fsys, name)
}

var errNotRegular = errors.New("not a regular file")

// viewer is a filesystem that shows a file's bytes without a copy, to be
// looked at before anything changes (gitops.TreeFS).
type viewer interface {
	ViewFile(name string) ([]byte, error)
}

// ViewFile reads a regular file for a caller that looks at it at once and
// keeps nothing: the bytes may be the filesystem's own, valid until the
// file next changes.
func ViewFile(fsys billy.Filesystem, name string) ([]byte, error) {
	if v, ok := fsys.(viewer); ok {
		return v.ViewFile(name)
	}
	return ReadRegular(fsys, name)
}

// fileWriter is a filesystem that stores a whole file from a slice it does
// not keep (gitops.TreeFS: a large file goes to the object store at once,
// not into a copy first), and that keeps an existing file's mode, whatever
// perm says.
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
