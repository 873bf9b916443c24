package attribution

import (
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// lineEdit replaces bytes start..end of the old text (at line
// boundaries) with text.
type lineEdit struct {
	start, end int
	text       string
}

// lineEdits is the line diff of before and after. The lines both share
// at their start and end are left out of the diff first: an edit block
// changes a few lines of a file, and the diff of those is all there is
// to make.
func lineEdits(before, after string) []lineEdit {
	if before == after {
		return nil
	}
	// Longest common prefix and suffix, at line boundaries, not
	// overlapping.
	p := 0
	for p < len(before) && p < len(after) && before[p] == after[p] {
		p++
	}
	p = strings.LastIndexByte(before[:p], '\n') + 1
	s := 0
	for s < len(before)-p && s < len(after)-p && before[len(before)-1-s] == after[len(after)-1-s] {
		s++
	}
	// The suffix starts a line in both texts (or where the prefix ends).
	boundary := func(t string) bool { i := len(t) - s; return i == p || t[i-1] == '\n' }
	for s > 0 && !(boundary(before) && boundary(after)) {
		s--
	}
	b, a := before[p:len(before)-s], after[p:len(after)-s]
	if b == "" || a == "" {
		return []lineEdit{{p, p + len(b), a}}
	}
	edits := udiff.Lines(b, a)
	out := make([]lineEdit, len(edits))
	for i, e := range edits {
		out[i] = lineEdit{p + e.Start, p + e.End, e.New}
	}
	return out
}
