package match

import "fmt"

// Cause classifies a pattern that was not found.
type Cause uint8

const (
	// AnchorMissing: the start of the pattern is not at the closest
	// location (anchor_not_found).
	AnchorMissing Cause = iota + 1
	// Mismatch: the start of the pattern is found, a later line differs
	// (old_text_mismatch).
	Mismatch
)

func (c Cause) String() string {
	switch c {
	case AnchorMissing:
		return "anchor_missing"
	case Mismatch:
		return "mismatch"
	}
	return "unknown"
}

// Difference says how the closest window differs from the pattern, taking
// all its lines together.
type Difference uint8

const (
	// DiffContent: some line differs beyond white space and punctuation.
	DiffContent Difference = iota
	// DiffTrailingWS: only trailing white space differs.
	DiffTrailingWS
	// DiffWhitespace: only indentation (and trailing white space) differs,
	// and not by one consistent amount.
	DiffWhitespace
	// DiffPunctuation: only white space and typographic punctuation differ.
	DiffPunctuation
	// DiffNone: the window is the pattern; see Diagnosis.Note for why it
	// was not accepted.
	DiffNone
)

func (d Difference) String() string {
	switch d {
	case DiffTrailingWS:
		return "trailing whitespace"
	case DiffWhitespace:
		return "indentation, and not by one consistent amount"
	case DiffPunctuation:
		return "whitespace and typographic punctuation (quotes, dashes, special spaces)"
	case DiffNone:
		return "nothing"
	}
	return "content"
}

// Diagnosis describes the closest location of a pattern that was not
// found. Line numbers are 0-based; messages print them 1-based.
type Diagnosis struct {
	Cause Cause
	// Start and End delimit the closest window of the file (half-open, the
	// pattern's length or up to the end of the file); Start == End when
	// nothing in the file resembles the pattern.
	Start, End int
	// Matched counts the leading pattern lines equal to the window's, white
	// space and punctuation forgiven. A caller whose pattern begins with
	// anchor lines can compare it with their number.
	Matched int
	Diff    Difference
	// Line is the pattern index of the first line that differs in content
	// (when Diff is DiffContent) or at all (otherwise); -1 when none does.
	// Expected is that pattern line, Actual the file line facing it (""
	// past the end of the file).
	Line             int
	Expected, Actual string
	// Excerpt is at most MaxExcerpt lines of the window, around Line,
	// starting at file line ExcerptStart.
	ExcerptStart int
	Excerpt      []string
	// Note explains a window that matches but was not acceptable: before
	// Options.From, or not at the end of the file with Options.AtEOF.
	Note string
}

// MaxExcerpt caps the file lines a Diagnosis quotes.
const MaxExcerpt = 8

// maxVotesPerKey caps how many pattern lines one file line votes for, so a
// pattern of many identical lines costs no more than a varied one.
const maxVotesPerKey = 8

// maxSimilarityCells bounds the Levenshtein work of the similarity
// fallback.
const maxSimilarityCells = 20_000_000

// diagnose finds the window of the file closest to the pattern:
//
//  1. every file line equal to a pattern line (white space and punctuation
//     forgiven) votes for the window that would align them, weighted by the
//     line's length, so a shared "}" counts for little; the window with
//     the most votes (the earliest on a tie) is the closest;
//  2. with no shared line at all, the file line most similar to the first
//     non-blank pattern line (at least half its characters right) anchors
//     the window;
//  3. a window that matches but lies before Options.From, or not at the end
//     of the file with Options.AtEOF, is reported with a Note instead.
func (f *finder) diagnose() Diagnosis {
	fc, pfc := f.foldView()
	n := len(f.pat)
	lo := min(f.opt.From, len(f.file))
	s, ok := f.closestByVotes(fc, pfc, lo)
	if !ok {
		s, ok = f.closestBySimilarity(fc, pfc, lo)
	}
	var d Diagnosis
	if ok {
		d = f.describe(s)
	}
	if (!ok || d.Diff == DiffContent) && lo > 0 {
		if starts := seek(fc[:min(len(fc), lo+n-1)], pfc, 0, false); len(starts) > 0 {
			d = f.describe(starts[len(starts)-1])
			d.Note = fmt.Sprintf("it matches %s of the file, but the search starts at line %d (after the previous change to this file); changes must come in file order",
				lineRange(d.Start, d.End), lo+1)
			return d
		}
	}
	if !ok {
		return Diagnosis{Cause: AnchorMissing, Line: -1}
	}
	if f.opt.AtEOF && d.Diff != DiffContent && d.End != len(f.file) {
		d.Note = fmt.Sprintf("it matches %s of the file, but it must end at the last line of the file (line %d)",
			lineRange(d.Start, d.End), len(f.file))
	}
	return d
}

func (f *finder) closestByVotes(fc, pfc []string, lo int) (int, bool) {
	at := make(map[string][]int)
	for k, key := range pfc {
		if key != "" && len(at[key]) < maxVotesPerKey {
			at[key] = append(at[key], k)
		}
	}
	if len(at) == 0 || lo >= len(fc) {
		return 0, false
	}
	votes := make([]int32, len(fc)-lo)
	for i := lo; i < len(fc); i++ {
		if fc[i] == "" {
			continue
		}
		ks, ok := at[fc[i]]
		if !ok {
			continue
		}
		w := int32(min(len(fc[i]), 80))
		for _, k := range ks {
			if s := i - k; s >= lo {
				votes[s-lo] += w
			}
		}
	}
	best := 0
	for s, v := range votes {
		if v > votes[best] {
			best = s
		}
	}
	if votes[best] == 0 {
		return 0, false
	}
	return lo + best, true
}

func (f *finder) closestBySimilarity(fc, pfc []string, lo int) (int, bool) {
	k0 := firstNonBlank(pfc)
	if k0 < 0 {
		return 0, false
	}
	p := pfc[k0]
	psig := signature(p)
	bestSim, bestLine, stop := 0.5-1e-9, -1, f.lev.cells+maxSimilarityCells
	for i := lo; i < len(fc) && f.lev.cells < stop; i++ {
		a := fc[i]
		if a == "" {
			continue
		}
		m := max(len(a), len(p))
		limit := int(float64(m) * (1 - bestSim))
		if max(abs(len(a)-len(p)), signature(a).missing(psig)) > limit {
			continue
		}
		d := f.lev.distance(a, p, limit)
		if d > limit {
			continue
		}
		if sim := 1 - float64(d)/float64(m); sim > bestSim {
			bestSim, bestLine = sim, i
		}
	}
	if bestLine < 0 {
		return 0, false
	}
	return max(bestLine-k0, lo), true
}

func firstNonBlank(keys []string) int {
	for k, s := range keys {
		if s != "" {
			return k
		}
	}
	return -1
}

// describe compares the pattern with the file lines from s, one to one.
func (f *finder) describe(s int) Diagnosis {
	fc, pfc := f.foldView()
	n := len(f.pat)
	d := Diagnosis{Start: s, End: min(s+n, len(f.file)), Line: -1}
	for d.Matched < n && s+d.Matched < len(f.file) && fc[s+d.Matched] == pfc[d.Matched] {
		d.Matched++
	}
	d.Cause = AnchorMissing
	if k0 := firstNonBlank(pfc); d.Matched > max(k0, 0) {
		d.Cause = Mismatch
	}
	if d.Matched < n {
		d.Diff, d.Line = DiffContent, d.Matched
	} else {
		t, pt := f.trailView()
		c, pc := f.contView()
		// The window is the pattern once everything is forgiven: find the
		// least forgiveness that makes every line equal.
		d.Diff = DiffNone
		for k := range n {
			i, level := s+k, DiffPunctuation
			switch {
			case f.file[i] == f.pat[k]:
				continue
			case t[i] == pt[k]:
				level = DiffTrailingWS
			case c[i] == pc[k]:
				level = DiffWhitespace
			}
			if d.Diff == DiffNone || level > d.Diff {
				d.Diff = level
			}
			if d.Line < 0 {
				d.Line = k
			}
		}
	}
	if d.Line >= 0 {
		d.Expected = f.pat[d.Line]
		if i := s + d.Line; i < len(f.file) {
			d.Actual = f.file[i]
		}
	}
	from := s
	if d.End-s > MaxExcerpt {
		from = min(max(s+d.Line-2, s), d.End-MaxExcerpt)
	}
	d.ExcerptStart = from
	d.Excerpt = append([]string(nil), f.file[from:min(from+MaxExcerpt, d.End)]...)
	return d
}

// lineRange renders a 0-based half-open range as "line 3" or "lines 3-5".
func lineRange(start, end int) string {
	if end-start <= 1 {
		return fmt.Sprintf("line %d", start+1)
	}
	return fmt.Sprintf("lines %d-%d", start+1, end)
}
