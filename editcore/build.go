package editcore

import "strings"

// SetReplace makes op a Replace of the lines old by new. The lines both
// share at their start become Anchor and those at their end Trailing (never
// overlapping): they locate the edit and decide already_applied. Each part
// is its own slice, so appending to one never writes into another.
func (op *Op) SetReplace(old, new []string) {
	k := 0
	for k < len(old) && k < len(new) && old[k] == new[k] {
		k++
	}
	m := 0
	for m < len(old)-k && m < len(new)-k && old[len(old)-1-m] == new[len(new)-1-m] {
		m++
	}
	op.Kind = Replace
	op.Anchor, op.Old = part(old[:k]), part(old[k:len(old)-m])
	op.New, op.Trailing = part(new[k:len(new)-m]), part(old[len(old)-m:])
}

// part returns nil for no lines, and otherwise a copy of l.
func part(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	return append([]string(nil), l...)
}

// FileContent is the content of a file made of lines: each ends in a
// newline. No lines is an empty file.
func FileContent(lines []string) []byte {
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}
