// Package match locates a run of lines in a file: the matching ladder of
// formats.md, shared by every edit format.
//
// The ladder tries, in order, exact, trailing_ws, indent, unicode,
// blank_lines and (only when Options.Fuzzy > 0) fuzzy, and stops at the first
// step that finds exactly one location. A step that finds two or more stops
// the ladder with an *Ambiguous error: a tolerant step never picks one of
// several candidates.
package match

// Step names how a location was found. It is recorded in reports and commit
// trailers, so the values are part of the contract.
type Step string

const (
	Exact      Step = "exact"
	TrailingWS Step = "trailing_ws"
	Indent     Step = "indent"
	Unicode    Step = "unicode"
	BlankLines Step = "blank_lines"
	Fuzzy      Step = "fuzzy"
)

// Options tune the ladder.
type Options struct {
	// Fuzzy enables the last step with this line-similarity threshold in
	// (0, 1]; 0 leaves it off.
	Fuzzy float64
	// From restricts the search to matches starting at or after this
	// 0-based line.
	From int
	// AtEOF requires the match to end at the last line of the file.
	AtEOF bool
}

// Match is one location found for a pattern.
type Match struct {
	Start, End int // 0-based, half-open range of file lines
	Step       Step
	// Reindent maps a pattern-side indentation to the file's (indent step);
	// nil means lines are used as written.
	Reindent func(line string) string
}
