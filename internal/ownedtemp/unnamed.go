package ownedtemp

import "os"

// Unnamed makes a temporary file for this process alone, which no kill
// can leave behind: where the system makes files without a name
// (O_TMPFILE on Linux) it has none from the start; elsewhere its name,
// which says who owns it, is removed at once, and the next run sweeps one
// left by a kill between the two.
func Unnamed(prefix string) (*os.File, error) {
	if f, ok := openUnnamed(os.TempDir()); ok {
		return f, nil
	}
	f, err := CreateTemp(prefix, "")
	if err != nil {
		return nil, err
	}
	_ = os.Remove(f.Name())
	return f, nil
}
