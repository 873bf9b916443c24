package wholefile

import "strconv"

// numbered reports a block every non-blank line of which starts with a
// line number, counting up by one, then "→" (Claude Code's Read) or a tab
// after the number right-aligned in spaces (cat -n): a file as an agent's
// read tool showed it. That is what the file held, never what to write: a
// listing written as the file would put its numbers into it. (A data file
// whose rows start "1<tab>" has no padding, and is a file.)
func numbered(lines []string) bool {
	next := -1
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		i := 0
		for i < len(l) && l[i] == ' ' {
			i++
		}
		pad := i
		d := i
		for i < len(l) && l[i] >= '0' && l[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(l[d:i])
		if err != nil || next >= 0 && n != next {
			return false
		}
		next = n + 1
		rest := l[i:]
		arrow := len(rest) >= 3 && rest[:3] == "→"
		tab := len(rest) > 0 && rest[0] == '\t' && pad > 0
		if !arrow && !tab {
			return false
		}
	}
	return next >= 0
}
