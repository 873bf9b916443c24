package gitops

import (
	"io"
	"os"
	"path"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// file is an open handle. Handles opened for writing share the node's
// content, so what they write is visible at once, like writes to an inode;
// a handle keeps writing to its content even if the path is later renamed
// or removed.
type file struct {
	fs                 *TreeFS
	name               string
	c                  *content
	pos                int64
	readable, writable bool
	append             bool
	closed             bool
	shared             bool // c is a node's (counted in TreeFS.shared)
}

func (f *file) Name() string { return f.name }

func (f *file) check(op string, wantWrite bool) error {
	switch {
	case f.closed:
		return errorf(op, f.name, os.ErrClosed)
	case wantWrite && !f.writable, !wantWrite && !f.readable:
		return errorf(op, f.name, os.ErrPermission)
	}
	return nil
}

func (f *file) Read(p []byte) (int, error) {
	n, err := f.ReadAt(p, f.pos)
	f.pos += int64(n)
	return n, err
}

func (f *file) ReadAt(p []byte, off int64) (int, error) {
	if err := f.check("read", false); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, errorf("read", f.name, os.ErrInvalid)
	}
	if off >= int64(len(f.c.b)) {
		return 0, io.EOF
	}
	n := copy(p, f.c.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *file) Write(p []byte) (int, error) {
	if err := f.check("write", true); err != nil {
		return 0, err
	}
	if f.append {
		f.pos = int64(len(f.c.b))
	}
	end := f.pos + int64(len(p))
	if end > int64(len(f.c.b)) {
		grown := make([]byte, end, max(end, 2*int64(cap(f.c.b))))
		copy(grown, f.c.b)
		f.c.b = grown
	}
	copy(f.c.b[f.pos:], p)
	f.c.sumSet = false
	f.pos = end
	return len(p), nil
}

func (f *file) Seek(offset int64, whence int) (int64, error) {
	if f.closed {
		return 0, errorf("seek", f.name, os.ErrClosed)
	}
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		pos = f.pos + offset
	case io.SeekEnd:
		pos = int64(len(f.c.b)) + offset
	default:
		return 0, errorf("seek", f.name, os.ErrInvalid)
	}
	if pos < 0 {
		return 0, errorf("seek", f.name, os.ErrInvalid)
	}
	f.pos = pos
	return pos, nil
}

func (f *file) Truncate(size int64) error {
	if err := f.check("truncate", true); err != nil {
		return err
	}
	if size < 0 {
		return errorf("truncate", f.name, os.ErrInvalid)
	}
	if size <= int64(len(f.c.b)) {
		f.c.b = f.c.b[:size]
	} else {
		grown := make([]byte, size)
		copy(grown, f.c.b)
		f.c.b = grown
	}
	f.c.sumSet = false
	return nil
}

func (f *file) Close() error {
	if f.closed {
		return errorf("close", f.name, os.ErrClosed)
	}
	f.closed = true
	if f.shared {
		f.fs.shared--
	}
	if f.writable {
		f.c.writers--
		if f.c.writers == 0 {
			f.fs.release(f.c, f.name)
		}
	}
	return nil
}

// Lock and Unlock do nothing: the overlay is private to one process.
func (f *file) Lock() error   { return nil }
func (f *file) Unlock() error { return nil }

// fileInfo describes an entry; Sys returns its git filemode.FileMode.
type fileInfo struct {
	name string
	mode filemode.FileMode
	size int64
}

func (fi *fileInfo) Name() string       { return path.Base("/" + fi.name) }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) ModTime() time.Time { return time.Time{} }
func (fi *fileInfo) IsDir() bool        { return fi.mode == filemode.Dir }
func (fi *fileInfo) Sys() any           { return fi.mode }

func (fi *fileInfo) Mode() os.FileMode {
	switch fi.mode {
	case filemode.Dir:
		return os.ModeDir | 0o755
	case filemode.Executable:
		return 0o755
	case filemode.Symlink:
		return os.ModeSymlink | 0o777
	case filemode.Submodule:
		return os.ModeIrregular
	}
	return 0o644
}
