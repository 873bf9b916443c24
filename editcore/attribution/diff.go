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
func lineEdits(before, after string) []lineEdit { return edits(before, after, true) }

// edits is lineEdits, with or without the one-line shortcut.
func edits(before, after string, shortcut bool) []lineEdit {
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
	if b == "" || a == "" || shortcut && disjoint(b, a) {
		return []lineEdit{{p, p + len(b), a}}
	}
	return diffLines(p, b, a)
}

// diffLines is the line diff of the middles b and a, which start at
// offset p of the old text.
func diffLines(p int, b, a string) []lineEdit {
	edits := udiff.Lines(b, a)
	out := make([]lineEdit, len(edits))
	for i, e := range edits {
		out[i] = lineEdit{p + e.Start, p + e.End, e.New}
	}
	return out
}

// disjoint reports middles that share no line when one of them is a
// single line the other does not hold: the diff replaces the whole
// middle, as the usual edit block's one changed line does, and the line
// diff (the larger part of attributing a small edit) is not needed.
func disjoint(b, a string) bool {
	return oneLine(b) && !hasLine(a, b) || oneLine(a) && !hasLine(b, a)
}

// oneLine reports s is one line, with or without its newline.
func oneLine(s string) bool {
	i := strings.IndexByte(s, '\n')
	return i < 0 || i == len(s)-1
}

// hasLine reports whether line (with its newline, if it has one) is one
// of the lines of text.
func hasLine(text, line string) bool {
	for text != "" {
		i := strings.IndexByte(text, '\n')
		l := text
		if i >= 0 {
			l, text = text[:i+1], text[i+1:]
		} else {
			text = ""
		}
		if l == line {
			return true
		}
	}
	return false
}
