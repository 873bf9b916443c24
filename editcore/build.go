package editcore

import (
	"fmt"
	"strings"
)

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
	// One allocation of the exact size: a file may be hundreds of MB.
	n := len(lines)
	for _, l := range lines {
		n += len(l)
	}
	b := make([]byte, 0, n)
	for _, l := range lines {
		b = append(append(b, l...), '\n')
	}
	return b
}

// MaxRaw bounds the text an Op keeps of its block (Op.Raw), which only
// reports quote: a block that writes a file of hundreds of MB keeps its
// first and last lines.
const MaxRaw = 1 << 20

// RawText joins a block's lines as Op.Raw keeps them: whole up to
// MaxRaw bytes, else the lines up to half of it from each end around a
// line saying how many were left out.
func RawText(lines []string) string {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	if n <= MaxRaw {
		return strings.Join(lines, "\n")
	}
	head, size := 0, 0
	for head < len(lines) && size+len(lines[head]) < MaxRaw/2 {
		size += len(lines[head]) + 1
		head++
	}
	tail, size := len(lines), 0
	for tail > head && size+len(lines[tail-1]) < MaxRaw/2 {
		size += len(lines[tail-1]) + 1
		tail--
	}
	return strings.Join(lines[:head], "\n") + "\n" + Omitted(tail-head) + "\n" + strings.Join(lines[tail:], "\n")
}

// Omitted is the line Op.Raw has in place of n lines it does not keep.
func Omitted(n int) string { return fmt.Sprintf("[… %d lines not kept …]", n) }
