package match

import "strings"

// tabWidths are the tab widths tried when one side indents with tabs and
// the other with spaces, most common first.
var tabWidths = [...]int{4, 8, 2}

// reindenter decides whether the indentation of a window of the file
// (fileInd) differs from the pattern's (patInd, pairwise, blank lines left
// out) in one consistent way, and returns the function that applies that
// difference to a pattern-side line (nil when there is no difference).
//
// Two kinds of difference are consistent:
//
//   - by width: one side indents with tabs (each indent is tabs then
//     spaces, and an indent without tabs is narrower than one tab) and the
//     other with spaces only, and with some tab width w in 4, 8, 2 every
//     file line sits the same number of columns c away from its pattern
//     line. A width with c = 0 is preferred. New lines are moved by c
//     columns and written in the file's style.
//   - by prefix: once the common leading part of all file indents (A) and
//     of all pattern indents (B) is removed, the rest is equal byte for
//     byte: the block was indented by A in the file and by B in the
//     pattern, so a missing or extra level, or any constant prefix. New
//     lines starting with B start with A instead.
//
// When both apply, a width with c = 0 wins, then the prefix.
//
// Anything else — one line off by a level and the next not, tabs on some
// pattern lines and spaces on others — is not one difference and fails.
func reindenter(fileInd, patInd []string) (func(string) string, bool) {
	same := true
	for i := range fileInd {
		if fileInd[i] != patInd[i] {
			same = false
			break
		}
	}
	if same {
		return nil, true
	}
	// A pure tab/space conversion is the best reading; a prefix comes
	// next, as it reproduces the file's own mix of tabs and spaces; a
	// conversion plus a shift last.
	var wide func(string) string
	if fileTabs := anyTab(fileInd); fileTabs != anyTab(patInd) {
		r, shift, ok := byWidth(fileInd, patInd, fileTabs)
		if ok && shift == 0 {
			return r, true
		}
		wide = r
	}
	if r, ok := byPrefix(fileInd, patInd); ok {
		return r, true
	}
	return wide, wide != nil
}

func anyTab(inds []string) bool {
	for _, s := range inds {
		if strings.IndexByte(s, '\t') >= 0 {
			return true
		}
	}
	return false
}

// byWidth returns the conversion and the column shift it includes.
func byWidth(fileInd, patInd []string, fileTabs bool) (func(string) string, int, bool) {
	tabSide := patInd
	if fileTabs {
		tabSide = fileInd
	}
	found, bestW, bestC := false, 0, 0
	for _, w := range tabWidths {
		if !tabStyled(tabSide, w) {
			continue
		}
		c, ok := columnShift(fileInd, patInd, w)
		if !ok {
			continue
		}
		if !found || (c == 0 && bestC != 0) {
			found, bestW, bestC = true, w, c
		}
	}
	if !found {
		return nil, 0, false
	}
	w, c := bestW, bestC
	return func(line string) string {
		ind := indentOf(line)
		if len(ind) == len(line) {
			return line
		}
		col := max(columns(ind, w)+c, 0)
		if fileTabs {
			return strings.Repeat("\t", col/w) + strings.Repeat(" ", col%w) + line[len(ind):]
		}
		return strings.Repeat(" ", col) + line[len(ind):]
	}, c, true
}

// tabStyled reports whether every indent is tabs followed by spaces, with
// fewer than w spaces when there is no tab.
func tabStyled(inds []string, w int) bool {
	for _, s := range inds {
		tabs := len(s) - len(strings.TrimLeft(s, "\t"))
		if strings.IndexByte(s[tabs:], '\t') >= 0 {
			return false
		}
		if tabs == 0 && len(s) >= w {
			return false
		}
	}
	return true
}

// columnShift returns c when columns(fileInd[i]) - columns(patInd[i]) == c
// for every i.
func columnShift(fileInd, patInd []string, w int) (int, bool) {
	c := 0
	for i := range fileInd {
		d := columns(fileInd[i], w) - columns(patInd[i], w)
		if i == 0 {
			c = d
		} else if d != c {
			return 0, false
		}
	}
	return c, true
}

// columns is the display width of an indent with tab stops every w columns.
func columns(ind string, w int) int {
	col := 0
	for i := 0; i < len(ind); i++ {
		if ind[i] == '\t' {
			col += w - col%w
		} else {
			col++
		}
	}
	return col
}

func byPrefix(fileInd, patInd []string) (func(string) string, bool) {
	a, b := commonPrefix(fileInd), commonPrefix(patInd)
	for i := range fileInd {
		if fileInd[i][len(a):] != patInd[i][len(b):] {
			return nil, false
		}
	}
	return func(line string) string {
		if len(indentOf(line)) == len(line) {
			return line
		}
		if strings.HasPrefix(line, b) {
			return a + line[len(b):]
		}
		// The line sits left of the pattern's base indentation.
		switch {
		case len(a) > len(b) && strings.HasSuffix(a, b):
			return a[:len(a)-len(b)] + line
		case len(b) > len(a) && strings.HasSuffix(b, a):
			if d := b[:len(b)-len(a)]; strings.HasPrefix(line, d) {
				return line[len(d):]
			}
			return dropIndent(line)
		}
		return line
	}, true
}

func commonPrefix(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	return p
}
