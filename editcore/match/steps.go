package match

import (
	"unicode"
	"unicode/utf8"
)

// finder runs the ladder for one pattern. The normalised views of the file
// are built on first use, so a pattern found exactly never pays for them.
// Views are index-aligned with the lines they come from.
type finder struct {
	file, pat []string
	opt       Options

	trail, ptrail   []string // trailing white space removed
	cont, pcont     []string // indentation removed too
	folded, pfolded []string // cont after folding punctuation
	lev             levBuf
}

func (f *finder) trailView() ([]string, []string) {
	if f.trail == nil {
		f.trail = mapLines(f.file, trimRight)
		f.ptrail = mapLines(f.pat, trimRight)
	}
	return f.trail, f.ptrail
}

func (f *finder) contView() ([]string, []string) {
	if f.cont == nil {
		t, pt := f.trailView()
		f.cont = mapLines(t, dropIndent)
		f.pcont = mapLines(pt, dropIndent)
	}
	return f.cont, f.pcont
}

// foldView is content after folding. A line without non-ASCII bytes folds
// to itself, so its content view is reused without another pass.
func (f *finder) foldView() ([]string, []string) {
	if f.folded == nil {
		c, pc := f.contView()
		f.folded = foldLines(f.file, c)
		f.pfolded = foldLines(f.pat, pc)
	}
	return f.folded, f.pfolded
}

func foldLines(raw, cont []string) []string {
	out := make([]string, len(raw))
	for i, s := range raw {
		if isASCII(s) {
			out[i] = cont[i]
		} else {
			out[i] = content(fold(s))
		}
	}
	return out
}

func mapLines(lines []string, fn func(string) string) []string {
	out := make([]string, len(lines))
	for i, s := range lines {
		out[i] = fn(s)
	}
	return out
}

// trimRight removes trailing white space (unicode.IsSpace), with a fast
// path for ASCII.
func trimRight(s string) string {
	for len(s) > 0 {
		c := s[len(s)-1]
		if c < utf8.RuneSelf {
			if c != ' ' && (c < '\t' || c > '\r') {
				return s
			}
			s = s[:len(s)-1]
			continue
		}
		r, size := utf8.DecodeLastRuneInString(s)
		if !unicode.IsSpace(r) {
			return s
		}
		s = s[:len(s)-size]
	}
	return s
}

// indentOf returns a line's indentation: its leading spaces and tabs.
func indentOf(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[:i]
}

func dropIndent(s string) string { return s[len(indentOf(s)):] }

// content is a line without its indentation and trailing white space; ""
// for a blank line.
func content(s string) string { return trimRight(dropIndent(s)) }

// foldContent is the key the unicode and later steps compare.
func foldContent(s string) string { return content(fold(s)) }

// seek returns every start s >= lo where hay[s:s+len(needle)] equals
// needle (only s = len(hay)-len(needle) when atEOF). It scans for the
// longest needle line, the most selective one, and verifies around it.
func seek(hay, needle []string, lo int, atEOF bool) []int {
	n := len(needle)
	last := len(hay) - n
	if atEOF {
		lo = max(lo, last)
	}
	if n == 0 || last < lo {
		return nil
	}
	key := 0
	for k, s := range needle {
		if len(s) > len(needle[key]) {
			key = k
		}
	}
	probe := needle[key]
	var out []int
	for s := lo; s <= last; s++ {
		if hay[s+key] != probe {
			continue
		}
		if equalAt(hay, s, needle) {
			out = append(out, s)
		}
	}
	return out
}

func equalAt(hay []string, s int, needle []string) bool {
	for k, p := range needle {
		if hay[s+k] != p {
			return false
		}
	}
	return true
}

func (f *finder) exact() []hit {
	return spans(seek(f.file, f.pat, f.opt.From, f.opt.AtEOF), len(f.pat))
}

func (f *finder) trailingWS() []hit {
	t, pt := f.trailView()
	return spans(seek(t, pt, f.opt.From, f.opt.AtEOF), len(f.pat))
}

func spans(starts []int, n int) []hit {
	if len(starts) == 0 {
		return nil
	}
	hits := make([]hit, len(starts))
	for i, s := range starts {
		hits[i] = hit{start: s, end: s + n}
	}
	return hits
}

// indent compares lines without indentation and keeps the windows whose
// indentation differs from the pattern's in one consistent way.
func (f *finder) indent() []hit {
	c, pc := f.contView()
	return f.consistent(seek(c, pc, f.opt.From, f.opt.AtEOF), c, pc, identity)
}

// unicode is indent after folding punctuation; indentation is read from
// the folded lines, so a no-break space in an indent counts as a space.
func (f *finder) unicode() []hit {
	fc, pfc := f.foldView()
	return f.consistent(seek(fc, pfc, f.opt.From, f.opt.AtEOF), fc, pfc, fold)
}

func identity(s string) string { return s }

// consistent keeps the windows at starts whose indentation maps onto the
// pattern's; keys tell which lines are blank (they carry no indentation)
// and norm prepares a raw line for reading its indentation.
func (f *finder) consistent(starts []int, keys, pkeys []string, norm func(string) string) []hit {
	var hits []hit
	n := len(f.pat)
	for _, s := range starts {
		at := make([]int, n)
		for k := range at {
			at[k] = s + k
		}
		if r, ok := f.indentAt(at, keys, pkeys, norm); ok {
			hits = append(hits, hit{start: s, end: s + n, reindent: r})
		}
	}
	return hits
}

// indentAt derives the indentation mapping for pattern line k matched to
// file line at[k], over the lines that are not blank on either side.
func (f *finder) indentAt(at []int, keys, pkeys []string, norm func(string) string) (func(string) string, bool) {
	fi := make([]string, 0, len(at))
	pi := make([]string, 0, len(at))
	for k, i := range at {
		if i < 0 || pkeys[k] == "" || keys[i] == "" {
			continue
		}
		fi = append(fi, indentOf(norm(f.file[i])))
		pi = append(pi, indentOf(norm(f.pat[k])))
	}
	return reindenter(fi, pi)
}

// blankLines matches the non-blank lines of the pattern against the
// non-blank lines of the file. The span runs from the first to the last
// matched file line; with AtEOF, the file may only have blank lines after
// it and the span extends to the end of the file.
func (f *finder) blankLines() []hit {
	fc, pfc := f.foldView()
	var pidx []int
	var pkeys []string
	for k, s := range pfc {
		if s != "" {
			pidx = append(pidx, k)
			pkeys = append(pkeys, s)
		}
	}
	if len(pkeys) == 0 {
		return nil
	}
	idx := make([]int, 0, max(len(fc)-f.opt.From, 0))
	keys := make([]string, 0, cap(idx))
	for i := f.opt.From; i < len(fc); i++ {
		if fc[i] != "" {
			idx = append(idx, i)
			keys = append(keys, fc[i])
		}
	}
	var hits []hit
	for _, pos := range seek(keys, pkeys, 0, f.opt.AtEOF) {
		at := make([]int, len(f.pat))
		for k := range at {
			at[k] = -1
		}
		for j, k := range pidx {
			at[k] = idx[pos+j]
		}
		r, ok := f.indentAt(at, fc, pfc, fold)
		if !ok {
			continue
		}
		start, end := idx[pos], idx[pos+len(pkeys)-1]+1
		// Blank lines the pattern has before its first and after its last
		// line take in as many blank file lines, so that Splice can pair
		// them (a blank line kept before inserted text stays there).
		for lead := pidx[0]; lead > 0 && start > f.opt.From && fc[start-1] == ""; lead-- {
			start--
		}
		for trail := len(pfc) - 1 - pidx[len(pidx)-1]; trail > 0 && end < len(fc) && fc[end] == ""; trail-- {
			end++
		}
		if f.opt.AtEOF {
			end = len(f.file)
		}
		hits = append(hits, hit{start: start, end: end, reindent: r})
	}
	return hits
}
