package syntax

import "bytes"

// Introduced returns the errors of after that before did not have: an
// error counts as old when before had one with the same message at the
// corresponding line (lines above and below the changed region map to
// each other), or, failing that, one with the same message anywhere that
// after no longer has at its place (the error moved). So a file that was
// already broken is not blamed on an edit, while a second error of a kind
// the file already had is still reported. ok is as for Check.
func Introduced(name string, before, after []byte) (errs []Error, ok bool) {
	now, ok := Check(name, after)
	if !ok || len(now) == 0 || before == nil {
		// A new file (nil before) had no errors: read as an empty file,
		// its JSON's "unexpected end of input" would excuse the same
		// error in what the response wrote.
		return now, ok
	}
	was, _ := Check(name, before)
	if len(was) == 0 {
		return now, true
	}
	at := lineMap(before, after)
	used := make([]bool, len(was))
	old := make([]bool, len(now))
	for i, e := range now {
		for j, w := range was {
			if !used[j] && w.Msg == e.Msg {
				if l, ok := at(w.Line); ok && l == e.Line {
					used[j], old[i] = true, true
					break
				}
			}
		}
	}
	for i, e := range now {
		if old[i] {
			continue
		}
		best := -1
		for j, w := range was {
			if used[j] || w.Msg != e.Msg {
				continue
			}
			if best < 0 || abs(w.Line-e.Line) < abs(was[best].Line-e.Line) {
				best = j
			}
		}
		if best >= 0 {
			used[best], old[i] = true, true
		}
	}
	for i, e := range now {
		if !old[i] {
			errs = append(errs, e)
		}
	}
	return errs, true
}

// lineMap maps a line of before to the same line in after, for lines in
// the common head and tail of the two; lines in between changed.
func lineMap(before, after []byte) func(line int) (int, bool) {
	b, a := bytes.SplitAfter(before, []byte("\n")), bytes.SplitAfter(after, []byte("\n"))
	head := 0
	for head < len(b) && head < len(a) && bytes.Equal(b[head], a[head]) {
		head++
	}
	tail := 0
	for tail < len(b)-head && tail < len(a)-head && bytes.Equal(b[len(b)-1-tail], a[len(a)-1-tail]) {
		tail++
	}
	return func(line int) (int, bool) {
		switch {
		case line >= 1 && line <= head:
			return line, true
		case line > len(b)-tail && line <= len(b):
			return line + len(a) - len(b), true
		}
		return 0, false
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
