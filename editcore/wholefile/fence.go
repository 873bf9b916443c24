package wholefile

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
)

// fence is an opening ``` or ~~~ fence.
type fence struct{ mdfence.Fence }

// openFence recognises an opening fence line. Tag fences (<source>) are
// SEARCH/REPLACE's: a whole file is a Markdown code block.
func openFence(line string) (fence, bool) {
	f, ok := mdfence.Open(line)
	return fence{f}, ok && f.Tag == ""
}

// mayOpen is openFence's first test, without building a fence: nearly
// every line fails it.
func mayOpen(line string) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i < len(line) && (line[i] == '`' || line[i] == '~')
}

// strip removes up to the fence's indentation from a content line.
func (f fence) strip(line string) string {
	for i := 0; i < f.Indent && len(line) > 0 && (line[0] == ' ' || line[0] == '\t'); i++ {
		line = line[1:]
	}
	return line
}

// isBlank is strings.TrimSpace(line) == "" without trimming: the first
// ASCII byte that is no blank decides, and a line past ASCII blanks that
// is not ASCII goes to strings.TrimSpace (it trims Unicode spaces too).
func isBlank(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		default:
			if c >= 0x80 {
				return strings.TrimSpace(line[i:]) == ""
			}
			return false
		}
	}
	return true
}
