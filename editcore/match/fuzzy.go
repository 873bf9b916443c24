package match

import (
	"math/bits"
	"slices"
)

// maxFuzzyCells bounds the Levenshtein work of one fuzzy search (a few
// hundred milliseconds); past it the step gives up and finds nothing
// rather than pick from the windows it had time to score.
const maxFuzzyCells = 100_000_000

// maxFuzzyCandidates bounds how many windows within the margin of the best
// the fuzzy step keeps; past it the step stops scanning and reports the
// candidates seen so far as ambiguous (or nothing, when none reached the
// threshold): it may refuse, it never guesses.
const maxFuzzyCandidates = 64

// fuzzy scores every window of len(pattern) lines on the folded content
// view (indentation, trailing white space and punctuation forgiven):
//
//	similarity = Σ (M_k − d_k) / Σ M_k
//
// where, for pattern line k and file line k of the window, M_k is the
// longer length in bytes and d_k the Levenshtein distance; blank pairs
// weigh nothing and a window of blank pairs scores 1. The best window wins
// when it scores at least Options.Fuzzy and every other window scores at
// least RunnerUpMargin less; otherwise the windows within the margin of
// the best are returned and the ladder reports them as ambiguous.
//
// Cost is bounded by pruning: a window is scored only when an upper bound
// on its similarity reaches the floor (threshold − margin, raised to
// best − margin as better windows turn up). The bound sums, over the
// lines, a lower bound on each line distance: the length difference, or
// the number of distinct bytes present on one side only, whichever is
// larger; it costs O(lines of the pattern) per window. Scoring stops as
// soon as the distance exceeds what the floor allows; the number of
// windows kept near the best (maxFuzzyCandidates) and the total work
// (maxFuzzyCells) are capped.
func (f *finder) fuzzy() []hit {
	keys, pk := f.foldView()
	n := len(pk)
	last := len(keys) - n
	lo := f.opt.From
	if f.opt.AtEOF {
		lo = max(lo, last)
	}
	if last < lo {
		return nil
	}
	th := f.opt.Fuzzy
	floor := th - RunnerUpMargin

	psig := make([]charSet, n)
	for k, s := range pk {
		psig[k] = signature(s)
	}
	fsig := make([]charSet, len(keys)-lo)
	for i := range fsig {
		fsig[i] = signature(keys[lo+i])
	}

	type scored struct {
		start int
		score float64
	}
	var cands []scored
	best, overflow := -1.0, false
	perLB := make([]int, n)
	for s := lo; s <= last; s++ {
		sumM, lbLines := 0, 0
		for k := range n {
			a, b := keys[s+k], pk[k]
			sumM += max(len(a), len(b))
			d := max(abs(len(a)-len(b)), fsig[s-lo+k].missing(psig[k]))
			perLB[k] = d
			lbLines += d
		}
		score := 1.0
		if sumM > 0 {
			cut := max(floor, best-RunnerUpMargin)
			budget := int(float64(sumM)*(1-cut) + 1e-9)
			if lbLines > budget {
				continue
			}
			d, ok := f.windowDistance(keys[s:s+n], pk, perLB, lbLines, budget)
			if f.lev.cells > maxFuzzyCells {
				return nil
			}
			if !ok {
				continue
			}
			score = 1 - float64(d)/float64(sumM)
		}
		if score < floor-1e-9 || score <= best-RunnerUpMargin+1e-9 {
			continue
		}
		cands = append(cands, scored{s, score})
		best = max(best, score)
		if len(cands) > maxFuzzyCandidates {
			cands = slices.DeleteFunc(cands, func(c scored) bool { return c.score <= best-RunnerUpMargin+1e-9 })
			if overflow = len(cands) > maxFuzzyCandidates; overflow {
				break
			}
		}
	}
	if best < th-1e-9 {
		return nil
	}
	var hits []hit
	for _, c := range cands {
		if !overflow && c.score <= best-RunnerUpMargin+1e-9 {
			continue
		}
		at := make([]int, n)
		for k := range at {
			at[k] = c.start + k
		}
		r, ok := f.indentAt(at, keys, pk, fold)
		if !ok {
			r = nil // indentation is one of the things that differ
		}
		hits = append(hits, hit{start: c.start, end: c.start + n, reindent: r})
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.start - b.start })
	return hits
}

// windowDistance sums the line distances of a window, giving up (false)
// once the sum, plus the lower bounds of the lines still to come, exceeds
// budget.
func (f *finder) windowDistance(win, pat []string, perLB []int, lbRest, budget int) (int, bool) {
	d := 0
	for k := range pat {
		lbRest -= perLB[k]
		if win[k] == pat[k] {
			continue
		}
		limit := budget - d - lbRest
		if limit < perLB[k] {
			return 0, false
		}
		dk := f.lev.distance(win[k], pat[k], limit)
		if dk > limit {
			return 0, false
		}
		d += dk
	}
	return d, true
}

// charSet is the set of bytes in a line (bytes above 127 share bits with
// ASCII ones, which only weakens the bound below).
type charSet [2]uint64

func signature(s string) charSet {
	var c charSet
	for i := 0; i < len(s); i++ {
		b := s[i] & 127
		c[b>>6] |= 1 << (b & 63)
	}
	return c
}

// missing bounds the edit distance of two lines from below: every byte one
// has and the other lacks takes at least one edit.
func (c charSet) missing(o charSet) int {
	return max(bits.OnesCount64(c[0]&^o[0])+bits.OnesCount64(c[1]&^o[1]),
		bits.OnesCount64(o[0]&^c[0])+bits.OnesCount64(o[1]&^c[1]))
}

// levBuf holds the rows of a Levenshtein computation between calls, and
// counts the cells computed so that callers can bound their work.
type levBuf struct {
	prev, cur []int
	cells     int
}

// distance is the byte-level Levenshtein distance of a and b, or limit+1
// once it is certain to exceed limit. Only the diagonal band of width
// 2·limit+1 is computed (Ukkonen), and a row whose cells all exceed limit
// ends the computation.
func (l *levBuf) distance(a, b string, limit int) int {
	big := limit + 1
	if limit < 0 || abs(len(a)-len(b)) > limit {
		return big
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(b) == 0 {
		return len(a)
	}
	if cap(l.prev) < len(b)+1 {
		l.prev = make([]int, len(b)+1)
		l.cur = make([]int, len(b)+1)
	}
	prev, cur := l.prev[:len(b)+1], l.cur[:len(b)+1]
	for j := range prev {
		prev[j] = big
		if j <= limit {
			prev[j] = j
		}
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[lo-1] = big
		if lo == 1 && i <= limit {
			cur[0] = i
		}
		rowMin := big
		ai := a[i-1]
		for j := lo; j <= hi; j++ {
			v := prev[j-1]
			if ai != b[j-1] {
				up := big
				if j <= i-1+limit {
					up = prev[j]
				}
				v = min(v, up, cur[j-1]) + 1
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		l.cells += hi - lo + 1
		if rowMin > limit {
			return big
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], big)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
