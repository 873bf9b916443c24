// Package safeopen opens files the tool did not create without being
// led elsewhere by what it finds on the way.
//
// Two kinds of file, two rules:
//
//   - A file the tool writes inside a root it names (a repository's
//     working tree, its git directory) is reached from that root one
//     component at a time without following any symbolic link, as git
//     itself refuses to write through a link in a working tree
//     (has_symlink_leading_path): a repository can commit a link, and a
//     clone must not be able to turn "write .claude/settings.json" into
//     "write ~/bin/ls". The file itself must be a regular file, or
//     absent. Writes go through a temporary file and a rename in the
//     same directory, so the name is replaced, never what it led to.
//     (ReadIn, WriteIn, RemoveIn, AppendIn, CheckIn.)
//   - A file the tool only reads (a session file, an editor's result) may
//     be reached through links, but is opened without blocking and read
//     only if it is a regular file: a FIFO or /dev/zero in its place
//     would otherwise hang the tool or grow its memory without end; and
//     it is read only up to a bound. (Regular, ReadRegular.)
package safeopen

import (
	"fmt"
	"io"
	"os"
)

// Error says why a path was refused: what it is instead of a regular
// file or a directory.
type Error struct {
	Path string
	What string // "a symbolic link", "a FIFO", "a device", ...
}

func (e *Error) Error() string { return e.Path + " is " + e.What }

// TooLarge is a file past the bound a reader set.
type TooLarge struct {
	Path string
	Max  int64
}

func (e *TooLarge) Error() string {
	return fmt.Sprintf("%s is larger than %d bytes", e.Path, e.Max)
}

// what names a file's type for an Error ("" for a regular file).
func what(m os.FileMode) string {
	switch {
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	case !m.IsRegular():
		return "not a regular file"
	}
	return ""
}

// readBounded reads f whole, refusing past max bytes (max < 0: no bound).
func readBounded(f *os.File, path string, max int64) ([]byte, error) {
	if max < 0 {
		return io.ReadAll(f)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &TooLarge{Path: path, Max: max}
	}
	return data, nil
}
