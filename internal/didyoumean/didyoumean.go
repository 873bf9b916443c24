// Package didyoumean finds the name a typo was meant to be: the command,
// option, agent or source nearest to what was typed.
package didyoumean

import "strings"

// Suggest returns the name closest to typed when it is close enough to be
// a typo (an edit or two, or a prefix), else "".
func Suggest(typed string, names []string) string {
	best, bestD := "", 0
	for _, n := range names {
		if len(n) < 2 {
			continue
		}
		d := editDistance(typed, n)
		if strings.HasPrefix(n, typed) && len(typed) >= 2 {
			d = min(d, 1)
		}
		if limit := max(1, min(2, len([]rune(n))/3)); d <= limit && (best == "" || d < bestD) {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Damerau-Levenshtein distance (adjacent swaps count
// once: "aplpy" is one typo away from "apply").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
