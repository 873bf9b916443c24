package check

import (
	"bytes"
	"path"
)

// PairMoves gives a new file the content it had before a move, so that
// the syntax check does not blame a response for errors the file already
// had: a new file with the content (or, failing that, the extension) of
// exactly one removed file is taken to be that file, moved.
func PairMoves(files []File) {
	var removed []File
	for _, f := range files {
		if f.After == nil && f.Before != nil {
			removed = append(removed, f)
		}
	}
	if len(removed) == 0 {
		return
	}
	for i := range files {
		PairMove(&files[i], removed)
	}
}

// PairMove gives f, when it is new, the content of the one file of
// removed it was moved from (PairMoves), if one is.
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
