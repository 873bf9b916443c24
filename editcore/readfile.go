package editcore

import (
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
