package gitops

import (
	"bytes"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/helper/chroot"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

var _ billy.Filesystem = (*TreeFS)(nil)

// Capabilities: files are in memory; there is nothing to lock.
func (fs *TreeFS) Capabilities() billy.Capability {
	return billy.WriteCapability | billy.ReadCapability | billy.ReadAndWriteCapability |
		billy.SeekCapability | billy.TruncateCapability
}

// Create creates or truncates a file, opened for reading and writing.
func (fs *TreeFS) Create(filename string) (billy.File, error) {
	return fs.OpenFile(filename, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// Open opens a file for reading.
func (fs *TreeFS) Open(filename string) (billy.File, error) {
	return fs.OpenFile(filename, os.O_RDONLY, 0)
}

// OpenFile opens a file. With os.O_CREATE, missing parent directories are
// created (as billy's osfs does). A file replacing an existing one keeps its
// mode (100644 or 100755); a new file is 100644, whatever perm says.
func (fs *TreeFS) OpenFile(filename string, flag int, _ os.FileMode) (billy.File, error) {
	const op = "open"
	parts, err := fs.split(op, filename)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return nil, errorf(op, filename, syscall.EISDIR)
	}
	writable := flag&(os.O_WRONLY|os.O_RDWR) != 0
	create := flag&os.O_CREATE != 0
	chain, err := fs.walk(op, filename, parts, create)
	if err != nil {
		return nil, err
	}
	dir, name := chain[len(chain)-1], parts[len(parts)-1]
	n := dir.entries[name]
	fresh := n == nil
	switch {
	case n == nil && !create:
		return nil, errorf(op, filename, os.ErrNotExist)
	case n == nil:
		n = &node{mode: filemode.Regular}
		n.data = &content{owner: n}
		dir.entries[strings.Clone(name)] = n // a copy: a name cut from a reply would keep its text alive
		fs.made++
		markDirty(chain)
	case create && flag&os.O_EXCL != 0:
		return nil, errorf(op, filename, os.ErrExist)
	case n.mode == filemode.Dir:
		return nil, errorf(op, filename, syscall.EISDIR)
	default:
		if err := refuseSpecial(filename, n); err != nil {
			return nil, err
		}
	}
	f := &file{fs: fs, name: filename, readable: flag&os.O_WRONLY == 0, writable: writable, append: flag&os.O_APPEND != 0}
	switch {
	case writable && flag&os.O_TRUNC != 0:
		n.data = &content{owner: n}
		if !fresh {
			fs.made++ // new content: it is held until written
		}
		markDirty(chain)
	case writable && n.data == nil:
		b, err := fs.blob(n)
		if err != nil {
			return nil, err
		}
		n.data = &content{b: b, owner: n}
		fs.made++
		markDirty(chain)
	}
	if n.data != nil {
		f.c, f.shared = n.data, true
		fs.shared++
		if writable {
			f.c.writers++
		}
	} else {
		b, err := fs.blob(n)
		if err != nil {
			return nil, err
		}
		f.c = &content{b: b}
	}
	return f, nil
}

// Stat describes a path without following symbolic links (there is no
// file system to follow them into): it is Lstat.
func (fs *TreeFS) Stat(filename string) (os.FileInfo, error) {
	return fs.Lstat(filename)
}

// Lstat describes a path. Symbolic links have os.ModeSymlink, submodules
// os.ModeIrregular; Sys() returns the git filemode.FileMode.
func (fs *TreeFS) Lstat(filename string) (os.FileInfo, error) {
	n, last, err := fs.find("lstat", filename)
	if err != nil {
		return nil, err
	}
	return fs.info(last, n)
}

func (fs *TreeFS) info(name string, n *node) (os.FileInfo, error) {
	fi := &fileInfo{name: name, mode: n.mode}
	switch n.mode {
	case filemode.Dir, filemode.Submodule:
	default:
		if n.data != nil {
			fi.size = int64(len(n.data.b))
		} else if n.size > 0 {
			fi.size = n.size
		} else {
			size, err := fs.repo.objects.size(n.hash)
			if err != nil {
				return nil, err
			}
			// Known now: a response's thousand edits to one file read
			// the blob once, not once each.
			fi.size, n.size = size, size
		}
	}
	return fi, nil
}

// ReadDir lists a directory, sorted by name.
func (fs *TreeFS) ReadDir(dirname string) ([]os.FileInfo, error) {
	n, _, err := fs.find("readdir", dirname)
	if err != nil {
		return nil, err
	}
	if n.mode != filemode.Dir {
		if err := refuseSpecial(dirname, n); err != nil {
			return nil, err
		}
		return nil, errorf("readdir", dirname, syscall.ENOTDIR)
	}
	if err := fs.load(n.dir); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(n.dir.entries))
	for name := range n.dir.entries {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]os.FileInfo, 0, len(names))
	for _, name := range names {
		fi, err := fs.info(name, n.dir.entries[name])
		if err != nil {
			return nil, err
		}
		out = append(out, fi)
	}
	return out, nil
}

// MkdirAll creates a directory and its parents. Git records no empty
// directories: one still empty at WriteTree leaves no trace.
func (fs *TreeFS) MkdirAll(filename string, _ os.FileMode) error {
	const op = "mkdir"
	if n, _, err := fs.find(op, filename); err == nil && n.mode == filemode.Dir {
		return nil // there already, the usual case: no chain to make
	}
	parts, err := fs.split(op, filename)
	if err != nil || len(parts) == 0 {
		return err
	}
	chain, err := fs.walk(op, filename, parts, true)
	if err != nil {
		return err
	}
	dir, name := chain[len(chain)-1], parts[len(parts)-1]
	switch n := dir.entries[name]; {
	case n == nil:
		if err := checkDir(filename, name); err != nil {
			return err
		}
		dir.entries[strings.Clone(name)] = &node{mode: filemode.Dir, dir: &dirNode{dirty: true, entries: map[string]*node{}}}
		fs.made++
		markDirty(chain)
	case n.mode != filemode.Dir:
		if err := refuseSpecial(filename, n); err != nil {
			return err
		}
		return errorf(op, filename, syscall.ENOTDIR)
	}
	return nil
}

// Remove removes a file, symbolic link or submodule entry, or a directory
// with everything below it (as `git rm -r` does).
func (fs *TreeFS) Remove(filename string) error {
	_, chain, last, err := fs.lookup("remove", filename)
	if err != nil {
		return err
	}
	if chain == nil {
		return errorf("remove", filename, syscall.EINVAL) // the top itself
	}
	delete(chain[len(chain)-1].entries, last)
	fs.shape++ // the paths below it walked through it
	markDirty(chain)
	return nil
}

// Rename moves a file or a directory with everything below it, creating
// the new parent directories. An existing file at newpath is replaced; an
// existing directory only when it is empty. Submodules are not moved (that
// would need .gitmodules to change too).
func (fs *TreeFS) Rename(oldpath, newpath string) error {
	const op = "rename"
	n, oldChain, oldName, err := fs.lookup(op, oldpath)
	if err != nil {
		return err
	}
	if oldChain == nil {
		return errorf(op, oldpath, syscall.EINVAL)
	}
	if n.mode == filemode.Submodule {
		return &UnsafePathError{Path: oldpath, Reason: "submodule"}
	}
	oldParts, _ := fs.split(op, oldpath)
	newParts, err := fs.split(op, newpath)
	if err != nil {
		return err
	}
	if len(newParts) == 0 {
		return errorf(op, newpath, syscall.EEXIST)
	}
	oldClean, newClean := strings.Join(oldParts, "/"), strings.Join(newParts, "/")
	if oldClean == newClean {
		return nil
	}
	if strings.HasPrefix(newClean, oldClean+"/") {
		return errorf(op, newpath, syscall.EINVAL) // into itself
	}
	newChain, err := fs.walk(op, newpath, newParts, true)
	if err != nil {
		return err
	}
	dir, name := newChain[len(newChain)-1], newParts[len(newParts)-1]
	if existing := dir.entries[name]; existing != nil {
		if err := fs.replaceable(op, newpath, n, existing); err != nil {
			return err
		}
	}
	if err := fs.checkMoved(newClean, n); err != nil {
		return err
	}
	delete(oldChain[len(oldChain)-1].entries, oldName)
	dir.entries[strings.Clone(name)] = n
	fs.shape++ // the paths below either end walked through what was there
	markDirty(oldChain)
	markDirty(newChain)
	return nil
}

// replaceable says whether a rename of n may overwrite existing (POSIX
// rename rules).
func (fs *TreeFS) replaceable(op, name string, n, existing *node) error {
	switch {
	case existing.mode == filemode.Submodule:
		return &UnsafePathError{Path: name, Reason: "submodule"}
	case existing.mode == filemode.Dir && n.mode != filemode.Dir:
		return errorf(op, name, syscall.EISDIR)
	case existing.mode != filemode.Dir && n.mode == filemode.Dir:
		return errorf(op, name, syscall.ENOTDIR)
	case existing.mode == filemode.Dir:
		if err := fs.load(existing.dir); err != nil {
			return err
		}
		if len(existing.dir.entries) > 0 {
			return errorf(op, name, syscall.ENOTEMPTY)
		}
	}
	return nil
}

// Join joins path elements with "/".
func (fs *TreeFS) Join(elem ...string) string { return path.Join(elem...) }

// TempFile creates a new file with a unique name in dir. It is part of the
// tree like any other file: remove it before WriteTree if it should not be.
func (fs *TreeFS) TempFile(dir, prefix string) (billy.File, error) {
	for {
		fs.tempSeq++
		name := path.Join(dir, prefix+strconv.Itoa(fs.tempSeq))
		f, err := fs.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if os.IsExist(err) {
			continue
		}
		return f, err
	}
}

// Symlink records a symbolic link entry; its target is not checked.
func (fs *TreeFS) Symlink(target, link string) error {
	const op = "symlink"
	parts, err := fs.split(op, link)
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return errorf(op, link, syscall.EEXIST)
	}
	chain, err := fs.walk(op, link, parts, true)
	if err != nil {
		return err
	}
	dir, name := chain[len(chain)-1], parts[len(parts)-1]
	if dir.entries[name] != nil {
		return errorf(op, link, os.ErrExist)
	}
	// The name as the tree holds it: ".GITMODULES/." is .GITMODULES.
	if err := checkEntry(strings.Join(parts, "/"), filemode.Symlink); err != nil {
		return err
	}
	dir.entries[strings.Clone(name)] = &node{mode: filemode.Symlink, data: &content{b: []byte(target)}}
	fs.made++
	markDirty(chain)
	return nil
}

// Readlink returns a symbolic link's target.
func (fs *TreeFS) Readlink(link string) (string, error) {
	n, _, err := fs.find("readlink", link)
	if err != nil {
		return "", err
	}
	if n.mode != filemode.Symlink {
		return "", errorf("readlink", link, syscall.EINVAL)
	}
	b, err := fs.blob(n)
	return string(b), err
}

// Chroot returns a view of the subtree at dir, sharing this overlay.
func (fs *TreeFS) Chroot(dir string) (billy.Filesystem, error) {
	parts, err := fs.split("chroot", dir)
	if err != nil {
		return nil, err
	}
	return chroot.New(fs, "/"+strings.Join(parts, "/")), nil
}

// Root is the top of the tree.
func (fs *TreeFS) Root() string { return "/" }

// ReadFile returns a regular file's bytes, the caller's to keep and
// change: a file this view has not changed is read from the object store
// straight into the slice returned, not through a handle into a copy.
func (fs *TreeFS) ReadFile(name string) ([]byte, error) {
	return fs.readFile(name, false)
}

// ReadFileShared reads a whole file for a caller that keeps the bytes
// but never changes them: an unchanged file's blob is the object cache's
// own, not a copy (a changed file's bytes may still change, and are).
func (fs *TreeFS) ReadFileShared(name string) ([]byte, error) {
	return fs.readFile(name, true)
}

// ViewFile returns a regular file's bytes to look at at once: they are
// the view's own, valid until the file next changes.
func (fs *TreeFS) ViewFile(name string) ([]byte, error) {
	n, err := fs.regular(name)
	if err != nil {
		return nil, err
	}
	return fs.view(n)
}

// regular finds the regular file name, for reading it.
func (fs *TreeFS) regular(name string) (*node, error) {
	n, _, err := fs.find("read", name)
	if err != nil {
		return nil, err
	}
	if n.mode == filemode.Dir {
		return nil, errorf("read", name, syscall.EISDIR)
	}
	if err := refuseSpecial(name, n); err != nil {
		return nil, err
	}
	return n, nil
}

func (fs *TreeFS) readFile(name string, shared bool) ([]byte, error) {
	n, err := fs.regular(name)
	if err != nil {
		return nil, err
	}
	if n.data != nil {
		return bytes.Clone(n.data.b), nil
	}
	if shared {
		return fs.repo.objects.view(plumbing.BlobObject, n.hash)
	}
	return fs.repo.readObject(plumbing.BlobObject, n.hash)
}

// WriteFile writes a whole file as util.WriteFile does (created if
// missing, truncated if not; an existing file keeps its mode). A large
// regular file goes to the object store straight from data, which is
// not kept: no copy of it is made in the view first.
func (fs *TreeFS) WriteFile(name string, data []byte, perm os.FileMode) error {
	if storedAtOnce(filemode.Regular, name, len(data)) {
		if done, err := fs.storeWhole(name, data); done || err != nil {
			return err
		}
	}
	f, err := fs.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// storeWhole makes name a regular file holding data, stored as a blob;
// done is false when name is not a plain file (WriteFile's usual path
// says why).
func (fs *TreeFS) storeWhole(name string, data []byte) (done bool, err error) {
	const op = "open"
	parts, err := fs.split(op, name)
	if err != nil || len(parts) == 0 {
		return false, nil
	}
	chain, err := fs.walk(op, name, parts, true)
	if err != nil {
		return false, nil
	}
	dir, base := chain[len(chain)-1], parts[len(parts)-1]
	n := dir.entries[base]
	if n != nil && !storedAtOnce(n.mode, name, len(data)) {
		return false, nil
	}
	h, err := fs.repo.writeObject(plumbing.BlobObject, data)
	if err != nil {
		return true, errorf("write", name, err)
	}
	if n == nil {
		n = &node{mode: filemode.Regular}
		dir.entries[strings.Clone(base)] = n
		fs.made++
	}
	// Handles open on the old content keep it, as after O_TRUNC.
	n.stored(h, len(data))
	markDirty(chain)
	return true, nil
}
