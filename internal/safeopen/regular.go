package safeopen

import (
	"os"
)

// Regular opens path for reading, following links, only if it is a
// regular file. It never blocks on a FIFO or a device: the open does not
// wait for a writer (O_NONBLOCK, cleared again for reading), and the
// type is taken from the file opened, not from the name, so nothing can
// be put in its place between the check and the read.
func Regular(path string) (*os.File, error) {
	f, err := openNonblock(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if w := what(info.Mode()); w != "" {
		f.Close()
		return nil, &Error{Path: path, What: w}
	}
	return f, nil
}

// ReadRegular reads the regular file at path whole, refusing one larger
// than max bytes (a *TooLarge) and anything but a regular file (an
// *Error).
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := Regular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, path, max)
}
