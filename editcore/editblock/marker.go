package editblock

import "strings"

// marker is what a line is to the state machine.
type marker uint8

const (
	content marker = iota
	gStart         // ««« EDIT
	gEq            // ═══════ REPL, or a bare ═══════ (v2)
	gDash          // ─────── (v2 anchor boundary)
	gEnd           // »»» EDIT END, or a bare »»» (v2)
	eStart         // 🟧🟧🟧 EDIT
	eRepl          // 🟨🟨🟨 REPL
	eEnd           // 🟩🟩🟩 END
)

// family tells the guillemet markers (v3 and v2) from the emoji ones. A
// block only reacts to markers of its own family: the other family's
// markers are content, which is what lets a model edit a file that holds
// edit blocks.
func (m marker) emoji() bool { return m >= eStart }

// worded reports whether a marker line carries its word ("REPL", "END").
// Bare box-drawing lines are too common in ordinary text to be reported
// when they stand outside a block.
func worded(line string) bool {
	return strings.HasSuffix(strings.TrimSpace(line), "REPL") ||
		strings.HasSuffix(strings.TrimSpace(line), "END")
}

const (
	startText = "««« EDIT"
	replText  = "═══════ REPL"
	dashText  = "───────"
	eqText    = "═══════"
	endText   = "»»» EDIT END"
	v2EndText = "»»»"
	eStartTxt = "🟧🟧🟧 EDIT"
	eReplText = "🟨🟨🟨 REPL"
	eEndText  = "🟩🟩🟩 END"
)

// classify says which marker a line is. A marker is a whole line: three or
// more of its symbol, then its word, with whitespace around ignored. The
// first byte decides almost every line (all markers start with a multi-byte
// character whose lead byte is 0xC2, 0xE2 or 0xF0), so prose and code cost
// one comparison.
func classify(line string) marker {
	i := indent(line)
	if i == len(line) {
		return content
	}
	switch line[i] {
	case 0xC2, 0xE2, 0xF0:
	default:
		return content
	}
	s := strings.TrimRight(line[i:], " \t")
	switch {
	case hasRun(s, "«"):
		if word(s, "«") == "EDIT" {
			return gStart
		}
	case hasRun(s, "═"):
		if w := word(s, "═"); w == "" || w == "REPL" {
			return gEq
		}
	case hasRun(s, "─"):
		if word(s, "─") == "" {
			return gDash
		}
	case hasRun(s, "»"):
		if w := word(s, "»"); w == "" || w == "EDIT END" || w == "END" {
			return gEnd
		}
	case hasRun(s, "🟧"):
		if word(s, "🟧") == "EDIT" {
			return eStart
		}
	case hasRun(s, "🟨"):
		if word(s, "🟨") == "REPL" {
			return eRepl
		}
	case hasRun(s, "🟩"):
		if w := word(s, "🟩"); w == "END" || w == "EDIT END" {
			return eEnd
		}
	}
	return content
}

// hasRun reports whether s starts with at least three copies of sym.
func hasRun(s, sym string) bool {
	return len(s) >= 3*len(sym) && s[:len(sym)] == sym &&
		s[len(sym):2*len(sym)] == sym && s[2*len(sym):3*len(sym)] == sym
}

// word is what follows the run of sym, without the spaces before it.
func word(s, sym string) string {
	for strings.HasPrefix(s, sym) {
		s = s[len(sym):]
	}
	return strings.TrimLeft(s, " \t")
}

// indent is the index of the first byte that is not a space or tab.
func indent(line string) int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// isBlank reports a line of only whitespace.
func isBlank(line string) bool { return indent(line) == len(line) }

// isFence reports a markdown code fence line (``` or ~~~, with or without
// an info string).
func isFence(line string) bool {
	s := line[indent(line):]
	return len(s) >= 3 && (s[0] == '`' || s[0] == '~') && s[1] == s[0] && s[2] == s[0]
}
