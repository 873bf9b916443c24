// Package match locates a run of lines in a file: the matching ladder of
// docs/formats.md, shared by every edit format.
//
// The ladder tries, in order, exact, trailing_ws, indent, unicode,
// blank_lines and (only when Options.Fuzzy > 0) fuzzy, and stops at the first
// step that finds exactly one location. A step that finds two or more stops
// the ladder with an *Ambiguous error: a tolerant step never picks one of
// several candidates. When no step finds anything, Find returns a *NotFound
// whose Diagnosis names the closest lines of the file and how they differ.
//
// Each tolerant step also forgives everything the steps before it forgive,
// so every step finds a superset of the locations the previous step found:
//
//   - exact: the lines are equal byte for byte.
//   - trailing_ws: equal once trailing white space (unicode.IsSpace) is
//     removed from both sides.
//   - indent: equal once leading spaces and tabs are removed too, provided
//     the indentation of the window differs from the pattern's in one
//     consistent way (see reindenter); Match.Reindent carries that
//     difference to the new lines.
//   - unicode: as indent, after folding typographic punctuation on both
//     sides (see fold).
//   - blank_lines: as unicode, with blank lines removed from both sides; the
//     match spans the first to the last matched line of the file.
//   - fuzzy: see fuzzy.go.
//
// The package is pure: no I/O, no global state.
package match

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

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

// DefaultThreshold is the fuzzy threshold of a bare --fuzzy flag.
const DefaultThreshold = 0.9

// RunnerUpMargin is how far the best fuzzy window must score above every
// other window: a runner-up within this margin makes the step ambiguous.
const RunnerUpMargin = 0.05

// ErrEmptyPattern is returned for an empty pattern: creating and appending
// are the caller's business, there is nothing to locate.
var ErrEmptyPattern = errors.New("match: empty pattern")

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
	// First takes the earliest of several locations a step finds instead
	// of reporting them Ambiguous: for lines that follow a context line
	// which already says where they are (apply_patch's "@@ def f():",
	// whose grammar means the first place after it).
	First bool
}

// Match is one location found for a pattern.
type Match struct {
	Start, End int // 0-based, half-open range of file lines
	Step       Step
	// Reindent maps a pattern-side indentation to the file's (indent step
	// and later); nil means lines are used as written.
	Reindent func(line string) string
}

// hit is one candidate location found by a step.
type hit struct {
	start, end int
	reindent   func(string) string
}

// ladder is the order of the steps; Fuzzy, last, runs only when asked for.
var ladder = [...]Step{Exact, TrailingWS, Indent, Unicode, BlankLines, Fuzzy}

// run runs one step of the ladder.
func (f *finder) run(st Step) []hit {
	switch st {
	case Exact:
		return f.exact()
	case TrailingWS:
		return f.trailingWS()
	case Indent:
		return f.indent()
	case Unicode:
		return f.unicode()
	case BlankLines:
		return f.blankLines()
	}
	return f.fuzzy()
}

// Find locates pattern (whole lines, without terminators) in file.
//
// It returns ErrEmptyPattern for an empty pattern, an error for a fuzzy
// threshold outside [0, 1], *Ambiguous when a step finds several locations
// and *NotFound when none does.
func Find(file, pattern []string, opt Options) (Match, error) {
	if len(pattern) == 0 {
		return Match{}, ErrEmptyPattern
	}
	if math.IsNaN(opt.Fuzzy) || opt.Fuzzy < 0 || opt.Fuzzy > 1 {
		return Match{}, fmt.Errorf("match: fuzzy threshold %v outside (0, 1]", opt.Fuzzy)
	}
	opt.From = max(opt.From, 0)
	f := &finder{file: file, pat: pattern, opt: opt}
	steps := ladder[:]
	if opt.Fuzzy <= 0 {
		steps = steps[:len(steps)-1]
	}
	for _, st := range steps {
		hits := f.run(st)
		switch len(hits) {
		case 0:
			continue
		case 1:
			h := hits[0]
			return Match{Start: h.start, End: h.end, Step: st, Reindent: h.reindent}, nil
		default:
			if opt.First {
				h := slices.MinFunc(hits, func(a, b hit) int { return a.start - b.start })
				return Match{Start: h.start, End: h.end, Step: st, Reindent: h.reindent}, nil
			}
			lines := make([]int, len(hits))
			for i, h := range hits {
				lines[i] = h.start + 1
			}
			slices.Sort(lines)
			return Match{}, &Ambiguous{Step: st, Len: len(pattern), Lines: lines}
		}
	}
	return Match{}, &NotFound{Len: len(pattern), Diagnosis: f.diagnose()}
}
