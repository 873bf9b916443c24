package searchreplace

import "strings"

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

// fenceTags are the HTML-like tags aider may use as fences (its
// <source>, <code>, <pre>, <codeblock>, <sourcecode> fences), and Cline's
// <diff> wrapper.
var fenceTags = []string{"source", "code", "pre", "codeblock", "sourcecode", "diff"}

// fence reports whether line opens or closes a code block: ``` or ~~~ (three
// or more), or a fence tag, and returns what follows the opening (a
// language, a path, or both).
func fence(line string) (info string, ok bool) {
	s := strings.TrimSpace(line)
	if len(s) >= 3 && (s[0] == '`' || s[0] == '~') && run(s) >= 3 {
		return strings.TrimSpace(s[run(s):]), true
	}
	if len(s) < 3 || s[0] != '<' {
		return "", false
	}
	closing := s[1] == '/'
	t := s[1:]
	if closing {
		t = s[2:]
	}
	for _, tag := range fenceTags {
		if rest, found := strings.CutPrefix(t, tag+">"); found {
			if closing {
				return "", strings.TrimSpace(rest) == ""
			}
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }
