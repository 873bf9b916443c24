package check

import (
	"bytes"
	"path"
)

// PairMove gives f, when it is new, the content it had before a move,
// so that the syntax check does not blame a response for errors the file
// already had: f is taken to be the one file of removed with its content
// (or, failing that, its extension), moved.
func PairMove(f *File, removed []File) {
	if f.Before != nil || f.After == nil {
		return
	}
	var candidates []File
	for _, old := range removed {
		if bytes.Equal(old.Before, f.After) {
			candidates = []File{old}
			break
		}
		if path.Ext(old.Path) == path.Ext(f.Path) {
			candidates = append(candidates, old)
		}
	}
	if len(candidates) == 1 {
		f.Before = candidates[0].Before
	}
}
