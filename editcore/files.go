package editcore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/util"
)

// remove deletes p, a file or (when recursive) a directory.
func (s *Session) remove(r *Result, p string, recursive bool) {
	info, err := s.fs.Lstat(p)
	if err != nil {
		r.fail(FileNotFound, "cannot delete "+p+": no such file in the tree")
		return
	}
	if info.IsDir() && !recursive {
		r.fail(FileNotFound, "not removing directory "+p+" without -r")
		return
	}
	if err := removeAll(s.fs, p); err != nil {
		r.fail(ioErrorType(err), fmt.Sprintf("cannot delete %s: %v", p, err))
		return
	}
	r.Status = Applied
}

// move renames from to to. Into an existing directory, the source keeps its
// name. overwrite allows replacing an existing file.
func (s *Session) move(r *Result, from, to string, overwrite bool) {
	info, err := s.fs.Lstat(from)
	if err != nil {
		r.fail(FileNotFound, "cannot move "+from+": no such file in the tree")
		return
	}
	if dst, err := s.fs.Lstat(to); err == nil {
		switch {
		case dst.IsDir():
			to = path.Join(to, path.Base(from))
			if _, err := s.fs.Lstat(to); err == nil {
				r.fail(FileExists, "cannot move "+from+": "+to+" already exists")
				return
			}
		case !overwrite || info.IsDir():
			r.fail(FileExists, "cannot move "+from+" to "+to+": the destination already exists")
			return
		default:
			if err := s.fs.Remove(to); err != nil {
				r.fail(FileExists, fmt.Sprintf("cannot replace %s: %v", to, err))
				return
			}
		}
	}
	if from == to || isBelow(to, from) {
		r.fail(FileExists, "cannot move "+from+" into itself")
		return
	}
	if dir := path.Dir(to); dir != "." {
		if err := s.fs.MkdirAll(dir, 0o755); err != nil {
			r.fail(FileExists, fmt.Sprintf("cannot create directory %s: %v", dir, err))
			return
		}
	}
	if err := s.fs.Rename(from, to); err != nil {
		r.fail(ioErrorType(err), fmt.Sprintf("cannot move %s to %s: %v", from, to, err))
		return
	}
	r.Path = to
	r.Status, r.Line = Applied, 0
}

func isBelow(p, dir string) bool {
	return len(p) > len(dir) && p[:len(dir)] == dir && p[len(dir)] == '/'
}

// removeAll removes p and everything below it.
func removeAll(fsys billy.Filesystem, p string) error {
	err := util.RemoveAll(fsys, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// chmod sets a file's mode where the filesystem can record modes.
func (s *Session) chmod(r *Result, p string, mode os.FileMode) {
	info, err := s.fs.Lstat(p)
	if err != nil {
		r.fail(FileNotFound, "cannot change the mode of "+p+": no such file in the tree")
		return
	}
	if info.Mode().Perm() == mode.Perm() {
		if r.Status == "" {
			r.Status = AlreadyApplied
		}
		return
	}
	ch, ok := s.fs.(billy.Change)
	if !ok {
		r.fail(FileNotFound, "cannot change the mode of "+p+": the filesystem records no modes")
		return
	}
	if err := ch.Chmod(p, mode); err != nil {
		r.fail(ioErrorType(err), fmt.Sprintf("cannot change the mode of %s: %v", p, err))
		return
	}
	r.Status = Applied
}
