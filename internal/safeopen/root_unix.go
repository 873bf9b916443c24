//go:build unix

package safeopen

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// openNonblock opens path for reading without waiting on a FIFO's writer
// or a device; blocking is set back for the read of a regular file.
func openNonblock(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err == nil && st.Mode&unix.S_IFMT == unix.S_IFREG {
		_ = unix.SetNonblock(fd, false)
	}
	return os.NewFile(uintptr(fd), path), nil
}

// dir is an open directory inside a root, reached without links.
type dir struct {
	fd   int
	path string // for messages
}

func (d dir) close() { unix.Close(d.fd) }

// split cleans rel and refuses one that leaves the root.
func split(root, rel string) (parts []string, err error) {
	rel = filepath.Clean(rel)
	if rel == "." || filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, &Error{Path: filepath.Join(root, rel), What: "not a path inside " + root}
	}
	return strings.Split(rel, string(filepath.Separator)), nil
}

// walk opens the directory that holds rel's last component, from root
// down, following no link. With create, missing directories are made
// (0o755 less the umask); without, a missing one is os.ErrNotExist.
func walk(root string, parts []string, create bool) (dir, error) {
	fd, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return dir{}, &os.PathError{Op: "open", Path: root, Err: err}
	}
	d := dir{fd: fd, path: root}
	for _, name := range parts[:len(parts)-1] {
		next := filepath.Join(d.path, name)
		fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err == unix.ENOENT && create {
			if err = unix.Mkdirat(d.fd, name, 0o755); err == nil || err == unix.EEXIST {
				fd, err = unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			}
		}
		if err != nil {
			refused := d.refusal(name, next, err)
			d.close()
			return dir{}, refused
		}
		d.close()
		d = dir{fd: fd, path: next}
	}
	return d, nil
}

// refusal turns a failed open of name in d into the error to show: what
// the entry is when it is not a directory or a regular file.
func (d dir) refusal(name, path string, err error) error {
	if err == unix.ELOOP || err == unix.ENOTDIR || err == unix.ENXIO || err == unix.EISDIR {
		if info, serr := d.lstat(name); serr == nil {
			if w := what(info); w != "" {
				return &Error{Path: path, What: w}
			}
		}
	}
	return &os.PathError{Op: "open", Path: path, Err: err}
}

// lstat is the mode of name in d, not following a link.
func (d dir) lstat(name string) (os.FileMode, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return 0, err
	}
	return modeOf(uint32(st.Mode)), nil
}

func modeOf(m uint32) os.FileMode {
	perm := os.FileMode(m & 0o777)
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return perm
	case unix.S_IFDIR:
		return perm | os.ModeDir
	case unix.S_IFLNK:
		return perm | os.ModeSymlink
	case unix.S_IFIFO:
		return perm | os.ModeNamedPipe
	case unix.S_IFSOCK:
		return perm | os.ModeSocket
	case unix.S_IFCHR:
		return perm | os.ModeDevice | os.ModeCharDevice
	case unix.S_IFBLK:
		return perm | os.ModeDevice
	}
	return perm | os.ModeIrregular
}

// CheckIn reports whether root/rel exists, refusing (an *Error) a link
// on the way or in its place and anything but a regular file there. A
// missing directory on the way is not an error: the file is absent.
func CheckIn(root, rel string) (perm os.FileMode, exists bool, err error) {
	parts, err := split(root, rel)
	if err != nil {
		return 0, false, err
	}
	d, err := walk(root, parts, false)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	defer d.close()
	name := parts[len(parts)-1]
	m, err := d.lstat(name)
	if errors.Is(err, unix.ENOENT) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, &os.PathError{Op: "lstat", Path: filepath.Join(root, rel), Err: err}
	}
	if w := what(m); w != "" {
		return 0, false, &Error{Path: filepath.Join(root, rel), What: w}
	}
	return m.Perm(), true, nil
}

// ReadIn reads root/rel whole (at most max bytes, max < 0 no bound),
// reached without links and only if it is a regular file. A missing
// file is an error satisfying errors.Is(err, os.ErrNotExist).
func ReadIn(root, rel string, max int64) ([]byte, error) {
	f, err := OpenIn(root, rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, f.Name(), max)
}

// OpenIn opens root/rel for reading, reached without links and only if it
// is a regular file.
func OpenIn(root, rel string) (*os.File, error) {
	return openIn(root, rel, unix.O_RDONLY, 0, false)
}

// AppendIn opens root/rel for appending, creating it (perm) and the
// directories on the way as needed, reached without links and only if it
// is a regular file.
func AppendIn(root, rel string, perm os.FileMode) (*os.File, error) {
	return openIn(root, rel, unix.O_WRONLY|unix.O_APPEND|unix.O_CREAT, perm, true)
}

func openIn(root, rel string, flags int, perm os.FileMode, create bool) (*os.File, error) {
	parts, err := split(root, rel)
	if err != nil {
		return nil, err
	}
	d, err := walk(root, parts, create)
	if err != nil {
		return nil, err
	}
	defer d.close()
	name, path := parts[len(parts)-1], filepath.Join(root, rel)
	// Looked at before the open too: opening a device can do something.
	if m, err := d.lstat(name); err == nil && what(m) != "" {
		return nil, &Error{Path: path, What: what(m)}
	}
	fd, err := unix.Openat(d.fd, name, flags|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, uint32(perm.Perm()))
	if err != nil {
		return nil, d.refusal(name, path, err)
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, &os.PathError{Op: "fstat", Path: path, Err: err}
	}
	if w := what(modeOf(uint32(st.Mode))); w != "" {
		unix.Close(fd)
		return nil, &Error{Path: path, What: w}
	}
	_ = unix.SetNonblock(fd, false)
	return os.NewFile(uintptr(fd), path), nil
}

// WriteIn replaces root/rel with data, creating the directories on the
// way (0o755 less the umask) as needed, reached without links. An
// existing file keeps its permissions; a new one gets perm. What is in
// rel's place must be a regular file or nothing: the new content goes to
// a temporary file in the same directory and is renamed over the name,
// so a link or device put there after the check is replaced, never
// written through.
func WriteIn(root, rel string, data []byte, perm os.FileMode) error {
	parts, err := split(root, rel)
	if err != nil {
		return err
	}
	d, err := walk(root, parts, true)
	if err != nil {
		return err
	}
	defer d.close()
	name, path := parts[len(parts)-1], filepath.Join(root, rel)
	switch m, err := d.lstat(name); {
	case err == nil && what(m) != "":
		return &Error{Path: path, What: what(m)}
	case err == nil:
		perm = m.Perm()
	case !errors.Is(err, unix.ENOENT):
		return &os.PathError{Op: "lstat", Path: path, Err: err}
	}
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := ".aiedit-" + hex.EncodeToString(rnd[:])
	fd, err := unix.Openat(d.fd, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return &os.PathError{Op: "create", Path: filepath.Join(d.path, tmp), Err: err}
	}
	f := os.NewFile(uintptr(fd), filepath.Join(d.path, tmp))
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm.Perm())
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if rerr := unix.Renameat(d.fd, tmp, d.fd, name); rerr != nil {
			err = &os.PathError{Op: "rename", Path: path, Err: rerr}
		}
	}
	if err != nil {
		_ = unix.Unlinkat(d.fd, tmp, 0)
		return err
	}
	return nil
}

// RemoveIn removes the regular file root/rel, reached without links; a
// missing one is not an error.
func RemoveIn(root, rel string) error {
	parts, err := split(root, rel)
	if err != nil {
		return err
	}
	d, err := walk(root, parts, false)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer d.close()
	name, path := parts[len(parts)-1], filepath.Join(root, rel)
	m, err := d.lstat(name)
	switch {
	case errors.Is(err, unix.ENOENT):
		return nil
	case err != nil:
		return &os.PathError{Op: "lstat", Path: path, Err: err}
	case what(m) != "":
		return &Error{Path: path, What: what(m)}
	}
	if err := unix.Unlinkat(d.fd, name, 0); err != nil && err != unix.ENOENT {
		return &os.PathError{Op: "remove", Path: path, Err: err}
	}
	return nil
}
