package match

import (
	"fmt"
	"strconv"
	"strings"
)

// The messages of Ambiguous and NotFound are written for the model that
// wrote the block, which sees them verbatim in a retry prompt; they carry
// no package prefix for that reason.

// maxListed caps the line numbers an Ambiguous message lists.
const maxListed = 10

// Ambiguous is returned when a step of the ladder finds the pattern at two
// or more places; it maps to ambiguous_anchor.
type Ambiguous struct {
	Step  Step
	Len   int   // lines in the pattern
	Lines []int // 1-based first line of every candidate, ascending
}

func (e *Ambiguous) Error() string {
	const advice = "include more distinctive lines so that it matches only one place"
	switch e.Step {
	case Exact:
		return fmt.Sprintf("edit location is ambiguous: the %s matches at lines %s; %s", block(e.Len), listLines(e.Lines), advice)
	case Fuzzy:
		return fmt.Sprintf("edit location is ambiguous: the %s resembles the lines at %s about equally; %s", block(e.Len), listLines(e.Lines), advice)
	}
	return fmt.Sprintf("edit location is ambiguous: the %s matches (%s) at lines %s; %s", block(e.Len), stepPhrase(e.Step), listLines(e.Lines), advice)
}

func stepPhrase(s Step) string {
	switch s {
	case TrailingWS:
		return "ignoring trailing whitespace"
	case Indent:
		return "ignoring indentation"
	case Unicode:
		return "ignoring whitespace and typographic punctuation"
	case BlankLines:
		return "ignoring blank lines"
	}
	return string(s)
}

func listLines(lines []int) string {
	shown := lines[:min(len(lines), maxListed)]
	parts := make([]string, len(shown))
	for i, l := range shown {
		parts[i] = strconv.Itoa(l)
	}
	switch {
	case len(lines) > len(shown):
		return strings.Join(parts, ", ") + fmt.Sprintf(" and %d more", len(lines)-len(shown))
	case len(parts) == 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func block(n int) string { return fmt.Sprintf("%d-line block", n) }

// NotFound is returned when no step finds the pattern. Diagnosis.Cause
// tells anchor_not_found (AnchorMissing) from old_text_mismatch (Mismatch).
type NotFound struct {
	Len       int // lines in the pattern
	Diagnosis Diagnosis
}

// maxLineShown caps how much of one line a message quotes.
const maxLineShown = 160

func (e *NotFound) Error() string {
	d := &e.Diagnosis
	var b strings.Builder
	what := block(e.Len)
	switch {
	case d.Start == d.End:
		return fmt.Sprintf("no match for the %s, and nothing in the file resembles it; check the path and the file's current content", what)
	case d.Note != "":
		fmt.Fprintf(&b, "no match for the %s: %s", what, d.Note)
	case d.Diff != DiffContent:
		verb := "differ"
		if d.End-d.Start == 1 {
			verb = "differs"
		}
		fmt.Fprintf(&b, "no exact match for the %s; %s of the file %s from it only in %s",
			what, lineRange(d.Start, d.End), verb, d.Diff)
	case d.Cause == Mismatch:
		first := "its first line matches"
		if d.Matched > 1 {
			first = fmt.Sprintf("its first %d lines match", d.Matched)
		}
		fmt.Fprintf(&b, "no match for the %s: %s %s of the file, but line %d of the block differs from line %d",
			what, first, lineRange(d.Start, d.Start+d.Matched), d.Line+1, d.Start+d.Line+1)
	default:
		fmt.Fprintf(&b, "no match for the %s; the closest part of the file is %s, where line %d of the block differs from line %d",
			what, lineRange(d.Start, d.End), d.Line+1, d.Start+d.Line+1)
	}
	if d.Line >= 0 {
		fmt.Fprintf(&b, ":\n  expected: %s\n  actual:   %s", quote(d.Expected), quote(d.Actual))
		if d.Start+d.Line >= d.End {
			b.WriteString(" (past the end of the file)")
		}
	}
	if len(d.Excerpt) > 0 {
		end := d.ExcerptStart + len(d.Excerpt)
		fmt.Fprintf(&b, "\n%s of the file:", lineRange(d.ExcerptStart, end))
		width := len(strconv.Itoa(end))
		for i, l := range d.Excerpt {
			fmt.Fprintf(&b, "\n  %*d| %s", width, d.ExcerptStart+i+1, clip(l))
		}
	}
	return b.String()
}

func quote(s string) string { return strconv.Quote(clip(s)) }

func clip(s string) string {
	if len(s) <= maxLineShown {
		return s
	}
	cut := maxLineShown
	for cut > 0 && s[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + " [...]"
}
