package wholefile

// numbered reports a block every non-blank line of which starts with a
// line number and a tab or "→": a file as an agent's read tool showed it
// (cat -n; Claude Code's Read pads the number to six and adds "→"). That
// is what the file held, never what to write: a listing written as the
// file would put its numbers into it.
func numbered(lines []string) bool {
	seen := false
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		i := 0
		for i < len(l) && l[i] == ' ' {
			i++
		}
		d := i
		for i < len(l) && l[i] >= '0' && l[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
		rest := l[i:]
		if len(rest) == 0 || rest[0] != '\t' && (len(rest) < 3 || rest[:3] != "→") {
			return false
		}
		seen = true
	}
	return seen
}
