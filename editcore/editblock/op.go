package editblock

import (
	"github.com/git-aiedit/git-aiedit/editcore"
)

// fillV3 sets a v3 (or emoji) block's operation: an empty EDIT section
// creates the file; otherwise the anchor is the longest common prefix of
// whole lines of the two sections and the
// rest are the old and new lines.
func fillV3(op *editcore.Op, edit, repl []string) {
	if len(edit) == 0 {
		op.Kind, op.Content = editcore.Create, editcore.FileContent(repl)
		return
	}
	k := 0
	for k < len(edit) && k < len(repl) && edit[k] == repl[k] {
		k++
	}
	op.Kind = editcore.Replace
	op.Anchor, op.Old, op.New = sec(edit[:k]), sec(edit[k:]), sec(repl[k:])
}

// fillV2 sets a v2 block's operation from its explicit sections. With no
// anchors and no old lines it creates the file ("all sections
// empty except new").
func fillV2(op *editcore.Op, secs [4][]string) {
	if len(secs[0]) == 0 && len(secs[1]) == 0 && len(secs[3]) == 0 {
		op.Kind, op.Content = editcore.Create, editcore.FileContent(secs[2])
		return
	}
	op.Kind = editcore.Replace
	op.Anchor, op.Old, op.New, op.Trailing = sec(secs[0]), sec(secs[1]), sec(secs[2]), sec(secs[3])
}

// sec returns nil for no lines, and otherwise a slice whose capacity ends
// at its length, so appending to one section never writes into another.
func sec(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	return l[:len(l):len(l)]
}
