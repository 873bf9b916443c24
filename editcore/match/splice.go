package match

// maxAlignCells bounds the table of the old/new alignment; beyond it the
// lines between the common prefix and suffix count as all changed.
const maxAlignCells = 1 << 20

// Splice returns file with the match of old replaced by new; old must be
// the pattern Find located as m. file is not modified.
//
// old and new are aligned line by line (longest common subsequence). A
// line of new that is an unchanged line of old takes the file's text at
// the matched position, so a tolerant match keeps the file's trailing
// white space, indentation and punctuation on context lines the model
// retyped; the other new lines are the model's, passed through m.Reindent.
//
// For a blank_lines match, the non-blank lines of old face the non-blank
// lines of the span in order, and each blank line of old faces a blank
// line of the file between the same neighbours when there is one (the
// first ones first). The remaining blank lines of the file are kept where
// they are when the lines on both sides of them are kept and nothing is
// inserted or deleted between those; otherwise the model rewrote that
// stretch and its new lines replace them. A blank line of old with no
// blank line in the file produces nothing when kept.
func Splice(file []string, m Match, old, new []string) []string {
	start := min(max(m.Start, 0), len(file))
	end := min(max(m.End, start), len(file))
	window := file[start:end]
	at := facing(window, old, m.Step)
	reindent := m.Reindent
	if reindent == nil {
		reindent = identity
	}

	// gapAfter[w] lists window lines after mapped line w up to the next
	// mapped line: lines of the file the pattern did not mention.
	next := len(window)
	gapAfter := make(map[int][]string)
	for k := len(old) - 1; k >= 0; k-- {
		if w := at[k]; w >= 0 {
			if w+1 < next {
				gapAfter[w] = window[w+1 : next]
			}
			next = w
		}
	}
	pending, keep := window[:next], true // lines before the first mapped one

	out := make([]string, 0, len(file)-len(window)+len(new)+len(window))
	out = append(out, file[:start]...)
	for _, e := range align(old, new) {
		switch e.op {
		case opKeep:
			if w := at[e.i]; w >= 0 {
				if keep {
					out = append(out, pending...)
				}
				out = append(out, window[w])
				pending, keep = gapAfter[w], true
			}
		case opDelete:
			if w := at[e.i]; w >= 0 {
				pending = gapAfter[w]
			}
			keep = false
		case opInsert:
			out = append(out, reindent(new[e.j]))
			keep = false
		}
	}
	if keep {
		out = append(out, pending...)
	}
	return append(out, file[end:]...)
}

// facing returns, for each line of old, the index of the window line it
// was matched to, or -1.
func facing(window, old []string, step Step) []int {
	at := make([]int, len(old))
	if step != BlankLines {
		for k := range at {
			at[k] = -1
			if k < len(window) {
				at[k] = k
			}
		}
		return at
	}
	blank := func(s string) bool { return foldContent(s) == "" }
	var wNon, oNon []int
	for w, s := range window {
		if !blank(s) {
			wNon = append(wNon, w)
		}
	}
	for k, s := range old {
		at[k] = -1
		if !blank(s) {
			oNon = append(oNon, k)
		}
	}
	for j := range min(len(wNon), len(oNon)) {
		at[oNon[j]] = wNon[j]
	}
	// Blank lines of old between two matched lines (or before the first,
	// after the last) take the file's blank lines between the same two.
	prevK, prevW := -1, -1
	for j := 0; j <= len(oNon); j++ {
		nextK, nextW := len(old), len(window)
		if j < len(oNon) && j < len(wNon) {
			nextK, nextW = oNon[j], wNon[j]
		} else if j < len(oNon) {
			break
		}
		w := prevW + 1
		for k := prevK + 1; k < nextK && w < nextW; k++ {
			at[k] = w
			w++
		}
		prevK, prevW = nextK, nextW
	}
	return at
}

type editOp uint8

const (
	opKeep editOp = iota
	opDelete
	opInsert
)

// edit is one step of an alignment: keep a[i] (= b[j]), delete a[i] or
// insert b[j].
type edit struct {
	op   editOp
	i, j int
}

// align returns a shortest edit script from a to b: the common prefix and
// suffix, and a longest common subsequence of what lies between (deletions
// before insertions where either would do).
func align(a, b []string) []edit {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var out []edit
	for k := range p {
		out = append(out, edit{opKeep, k, k})
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	out = append(out, middle(ma, mb, p)...)
	for k := range s {
		out = append(out, edit{opKeep, len(a) - s + k, len(b) - s + k})
	}
	return out
}

func middle(a, b []string, off int) []edit {
	var out []edit
	if len(a)*len(b) > maxAlignCells {
		for i := range a {
			out = append(out, edit{opDelete, off + i, 0})
		}
		for j := range b {
			out = append(out, edit{opInsert, 0, off + j})
		}
		return out
	}
	// lcs[i*(m+1)+j] is the LCS length of a[i:] and b[j:].
	n, m := len(a), len(b)
	lcs := make([]int32, (n+1)*(m+1))
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*(m+1)+j] = lcs[(i+1)*(m+1)+j+1] + 1
			} else {
				lcs[i*(m+1)+j] = max(lcs[(i+1)*(m+1)+j], lcs[i*(m+1)+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			out = append(out, edit{opKeep, off + i, off + j})
			i++
			j++
		case j == m || (i < n && lcs[(i+1)*(m+1)+j] >= lcs[i*(m+1)+j+1]):
			out = append(out, edit{opDelete, off + i, 0})
			i++
		default:
			out = append(out, edit{opInsert, 0, off + j})
			j++
		}
	}
	return out
}
