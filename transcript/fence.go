package transcript

import "strings"

// fence tracks CommonMark code fences, so that role headings and other
// markers inside code are not taken for structure.
type fence struct {
	char byte
	n    int
}

func (f *fence) open() bool { return f.n > 0 }

// step feeds a line; it reports whether the line is a fence line and, for an
// opening one, its info string.
func (f *fence) step(line string) (isFence bool, info string) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return false, ""
	}
	c := t[0]
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 {
		return false, ""
	}
	rest := strings.TrimSpace(t[n:])
	if f.open() {
		if c == f.char && n >= f.n && rest == "" {
			*f = fence{}
			return true, ""
		}
		return false, ""
	}
	if c == '`' && strings.Contains(rest, "`") {
		return false, "" // inline code, not a fence
	}
	*f = fence{char: c, n: n}
	return true, rest
}
