package replay

import "strings"

// perturbation changes a block's SEARCH (and, where models change both
// sides alike, REPLACE) the way models get it wrong. ok is false when the
// block offers nothing to perturb (no indentation, no quotes, ...).
type perturbation struct {
	name string
	fn   func(search, repl []string) (s, r []string, ok bool)
}

var perturbations = []perturbation{
	{"strip indentation", stripIndent},
	{"drop trailing spaces", dropTrailing},
	{"add trailing spaces", addTrailing},
	{"tabs ↔ spaces", swapTabs},
	{"smart quotes", smartQuotes},
	{"drop a blank line", dropBlank},
	{"elide middle with ...", elide},
}

// stripIndent removes the indentation all non-blank lines of both sides
// share: models outdent SEARCH and REPLACE alike.
func stripIndent(search, repl []string) ([]string, []string, bool) {
	n := -1
	for _, l := range append(append([]string(nil), search...), repl...) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w := len(l) - len(strings.TrimLeft(l, " \t"))
		if n < 0 || w < n {
			n = w
		}
	}
	if n <= 0 {
		return nil, nil, false
	}
	cut := func(ls []string) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			switch {
			case strings.TrimSpace(l) == "":
				out[i] = l // white space only: no indentation to strip
			case len(l) >= n:
				out[i] = l[n:]
			default:
				out[i] = strings.TrimLeft(l, " \t")
			}
		}
		return out
	}
	return cut(search), cut(repl), true
}

func dropTrailing(search, repl []string) ([]string, []string, bool) {
	out, changed := mapLines(search, func(l string) string { return strings.TrimRight(l, " \t") })
	return out, repl, changed
}

func addTrailing(search, repl []string) ([]string, []string, bool) {
	out, changed := mapLines(search, func(l string) string {
		if strings.TrimSpace(l) == "" {
			return l
		}
		return l + "  "
	})
	return out, repl, changed
}

// swapTabs turns leading groups of four spaces into tabs, or tabs into four
// spaces, on both sides.
func swapTabs(search, repl []string) ([]string, []string, bool) {
	tabs := false
	for _, l := range search {
		if strings.HasPrefix(l, "\t") {
			tabs = true
		}
	}
	swap := func(l string) string {
		body := strings.TrimLeft(l, " \t")
		if body == "" {
			return l
		}
		ind := l[:len(l)-len(body)]
		if tabs {
			return strings.ReplaceAll(ind, "\t", "    ") + body
		}
		return strings.ReplaceAll(ind, "    ", "\t") + body
	}
	s, a := mapLines(search, swap)
	r, _ := mapLines(repl, swap)
	return s, r, a
}

// smartQuotes types SEARCH's quotes as a word processor would.
func smartQuotes(search, repl []string) ([]string, []string, bool) {
	out, changed := mapLines(search, func(l string) string {
		var b strings.Builder
		open := true
		for _, c := range l {
			switch c {
			case '"':
				b.WriteString(map[bool]string{true: "“", false: "”"}[open])
				open = !open
			case '\'':
				b.WriteString("’")
			default:
				b.WriteRune(c)
			}
		}
		return b.String()
	})
	return out, repl, changed
}

// dropBlank removes SEARCH's first blank line that has lines on both sides.
func dropBlank(search, repl []string) ([]string, []string, bool) {
	for i := 1; i < len(search)-1; i++ {
		if strings.TrimSpace(search[i]) == "" {
			out := append(append([]string(nil), search[:i]...), search[i+1:]...)
			return out, repl, true
		}
	}
	return nil, nil, false
}

// elide replaces, on both sides, a run of unchanged lines between two
// changes by a "..." line, as models shorten long blocks. Without such a
// run, a long unchanged start or end is elided in its middle instead.
func elide(search, repl []string) ([]string, []string, bool) {
	keep := alignKeep(search, repl)
	// Runs of kept (i, j) pairs, consecutive on both sides.
	type run struct{ i, j, n int }
	var best run
	for k := 0; k < len(keep); {
		e := k
		for e+1 < len(keep) && keep[e+1][0] == keep[e][0]+1 && keep[e+1][1] == keep[e][1]+1 {
			e++
		}
		r := run{keep[k][0], keep[k][1], e - k + 1}
		inner := r.i > 0 && r.j > 0 && r.i+r.n < len(search) && r.j+r.n < len(repl)
		if inner && r.n > best.n {
			best = r
		}
		k = e + 1
	}
	dots := []string{"..."}
	if best.n > 0 {
		s := concat(search[:best.i], dots, search[best.i+best.n:])
		r := concat(repl[:best.j], dots, repl[best.j+best.n:])
		return s, r, true
	}
	// A long unchanged head: keep two lines, elide, keep the last two.
	p := 0
	for p < len(search) && p < len(repl) && search[p] == repl[p] {
		p++
	}
	if p >= 6 && p < len(search) {
		s := concat(search[:2], dots, search[p-2:])
		r := concat(repl[:2], dots, repl[p-2:])
		return s, r, true
	}
	return nil, nil, false
}

// alignKeep returns the pairs (i, j) of a longest common subsequence of a
// and b, in order.
func alignKeep(a, b []string) [][2]int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			out = append(out, [2]int{i, j})
			i++
			j++
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

func mapLines(ls []string, fn func(string) string) ([]string, bool) {
	out := make([]string, len(ls))
	changed := false
	for i, l := range ls {
		out[i] = fn(l)
		changed = changed || out[i] != l
	}
	return out, changed
}

func concat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
