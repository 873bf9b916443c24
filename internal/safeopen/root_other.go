//go:build !unix

package safeopen

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Without openat, each component is looked at (Lstat) before it is used:
// the same refusals, without the guarantee against a race.

func openNonblock(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if w := what(info.Mode()); w != "" {
		return nil, &Error{Path: path, What: w}
	}
	return os.Open(path)
}

// check walks root/rel's directories (making them with create) and
// returns the file's path and its mode (0 and no error when absent).
func check(root, rel string, create bool) (string, fs.FileMode, bool, error) {
	rel = filepath.Clean(rel)
	if rel == "." || filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", 0, false, &Error{Path: filepath.Join(root, rel), What: "not a path inside " + root}
	}
	parts := strings.Split(rel, string(filepath.Separator))
	p := root
	for _, name := range parts[:len(parts)-1] {
		p = filepath.Join(p, name)
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) && create {
			if err = os.Mkdir(p, 0o755); err == nil {
				continue
			}
		}
		if err != nil {
			return "", 0, false, err
		}
		if !info.IsDir() {
			return "", 0, false, &Error{Path: p, What: what(info.Mode())}
		}
	}
	p = filepath.Join(p, parts[len(parts)-1])
	info, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return p, 0, false, nil
	}
	if err != nil {
		return "", 0, false, err
	}
	if w := what(info.Mode()); w != "" {
		return "", 0, false, &Error{Path: p, What: w}
	}
	return p, info.Mode().Perm(), true, nil
}

func CheckIn(root, rel string) (os.FileMode, bool, error) {
	_, perm, exists, err := check(root, rel, false)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	return perm, exists, err
}

func ReadIn(root, rel string, max int64) ([]byte, error) {
	f, err := OpenIn(root, rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, f.Name(), max)
}

func OpenIn(root, rel string) (*os.File, error) {
	p, _, exists, err := check(root, rel, false)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(root, rel), Err: fs.ErrNotExist}
	}
	return os.Open(p)
}

func AppendIn(root, rel string, perm os.FileMode) (*os.File, error) {
	p, _, _, err := check(root, rel, true)
	if err != nil {
		return nil, err
	}
	return os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
}

func WriteIn(root, rel string, data []byte, perm os.FileMode) error {
	p, old, exists, err := check(root, rel, true)
	if err != nil {
		return err
	}
	if exists {
		perm = old
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".aiedit-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func RemoveIn(root, rel string) error {
	p, _, exists, err := check(root, rel, false)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !exists) {
		return nil
	}
	if err != nil {
		return err
	}
	return os.Remove(p)
}
