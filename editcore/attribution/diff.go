package attribution

import udiff "github.com/aymanbagabas/go-udiff"

// lineEdit replaces bytes start..end of the old text (at line
// boundaries) with text.
type lineEdit struct {
	start, end int
	text       string
}

func lineEdits(before, after string) []lineEdit {
	if before == after {
		return nil
	}
	edits := udiff.Lines(before, after)
	out := make([]lineEdit, len(edits))
	for i, e := range edits {
		out[i] = lineEdit{e.Start, e.End, e.New}
	}
	return out
}
