package udiff

import "sort"

// numbering maps a diff's line indices to their lines in the response.
// They run on one by one but where blank lines held after a hunk were
// dropped, so it keeps only where a run starts: a number per line cost a
// large diff more than its lines.
type numbering struct {
	runs []numRun
	n    int // lines numbered
}

// numRun: line index at is response line n, and so on up to the next run.
type numRun struct{ at, n int }

// add numbers the next line.
func (m *numbering) add(n int) {
	if k := len(m.runs); k == 0 || m.runs[k-1].n+(m.n-m.runs[k-1].at) != n {
		m.runs = append(m.runs, numRun{at: m.n, n: n})
	}
	m.n++
}

// at is the response line of line index i.
func (m *numbering) at(i int) int {
	k := sort.Search(len(m.runs), func(k int) bool { return m.runs[k].at > i }) - 1
	return m.runs[k].n + i - m.runs[k].at
}
