package searchreplace

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/mdfence"
)

// marker is what a line is to the state machine.
type marker uint8

const (
	content marker = iota
	start          // <<<<<<< SEARCH, ------- SEARCH
	divider        // =======
	end            // >>>>>>> REPLACE, +++++++ REPLACE
)

const (
	startText   = "<<<<<<< SEARCH"
	dividerText = "======="
	endText     = ">>>>>>> REPLACE"
)

// classify says which marker a line is. Almost every line is decided by its
// first non-blank byte.
func classify(line string) marker {
	if plainFirst(line) {
		return content
	}
	return classifyTrimmed(line)
}

// classifyTrimmed is classify without its first-byte shortcut: the line
// trimmed, then its marker.
func classifyTrimmed(line string) marker {
	s := strings.TrimSpace(line)
	if len(s) < 5 {
		return content
	}
	switch s[0] {
	case '<', '-':
		if worded(s, "SEARCH") {
			return start
		}
	case '>', '+':
		if worded(s, "REPLACE") {
			return end
		}
	case '=':
		if n := run(s); n == len(s) && n <= 9 {
			return divider
		}
	}
	return content
}

// worded reports whether s is 5 to 9 copies of its first byte, blanks,
// then word with an optional ">" (aider accepts "<<<<<<< SEARCH>").
func worded(s, word string) bool {
	n := run(s)
	if n < 5 || n > 9 || n == len(s) || (s[n] != ' ' && s[n] != '\t') {
		return false
	}
	w := strings.TrimLeft(s[n:], " \t")
	return w == word || w == word+">"
}

// run is the length of the run of s[0] that starts s.
func run(s string) int {
	n := 0
	for n < len(s) && s[n] == s[0] {
		n++
	}
	return n
}

// fence reports whether line opens or closes a code block (see mdfence),
// and returns what follows an opening (a language, a path, or both).
func fence(line string) (info string, ok bool) {
	if f, ok := mdfence.Open(line); ok {
		return f.Info, true
	}
	return "", mdfence.CloseTag(line)
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

// plainFirst reports a line whose first byte past ASCII blanks is ASCII
// and starts no marker: classify's answer without trimming the line.
func plainFirst(line string) bool {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
		case '<', '-', '>', '+', '=':
			return false
		default:
			return c < 0x80 // past it, strings.TrimSpace may trim more
		}
	}
	return false
}
