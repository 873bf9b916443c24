package wholefile

import "strings"

// fence is an opening code fence.
type fence struct {
	char   byte // '`' or '~'
	n      int  // length of the run
	indent int  // leading spaces, removed from the content lines
	info   string
}

// openFence recognises an opening fence line.
func openFence(line string) (fence, bool) {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if i >= len(line) || (line[i] != '`' && line[i] != '~') {
		return fence{}, false
	}
	c := line[i]
	j := i
	for j < len(line) && line[j] == c {
		j++
	}
	if j-i < 3 {
		return fence{}, false
	}
	info := strings.TrimSpace(line[j:])
	if c == '`' && strings.IndexByte(info, '`') >= 0 {
		return fence{}, false // inline code, not a fence
	}
	return fence{char: c, n: j - i, indent: i, info: info}, true
}

// closes reports whether line closes f: a run of f's character at least as
// long, and nothing else but white space.
func (f fence) closes(line string) bool {
	t := strings.TrimSpace(line)
	if len(t) < f.n {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] != f.char {
			return false
		}
	}
	return true
}

// strip removes up to the fence's indentation from a content line.
func (f fence) strip(line string) string {
	for i := 0; i < f.indent && len(line) > 0 && line[0] == ' '; i++ {
		line = line[1:]
	}
	return line
}
