package diffview

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is a byte range of a line.
type span struct{ start, end int }

// maxWordTokens bounds the word diff (quadratic in tokens); longer lines
// are shown without word marks.
const maxWordTokens = 400

// wordDiff marks the words of a and b that are not in their longest
// common subsequence of tokens (words, runs of spaces, single other
// characters). Lines with nothing in common get no marks: the whole line
// already stands out.
func wordDiff(a, b string) (inA, inB []span) {
	a, b = strings.TrimSuffix(a, "\n"), strings.TrimSuffix(b, "\n")
	ta, tb := tokens(a), tokens(b)
	if len(ta) > maxWordTokens || len(tb) > maxWordTokens {
		return nil, nil
	}
	// lcs[i][j]: length of the common subsequence of ta[i:] and tb[j:].
	lcs := make([][]int, len(ta)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(tb)+1)
	}
	for i := len(ta) - 1; i >= 0; i-- {
		for j := len(tb) - 1; j >= 0; j-- {
			if a[ta[i].start:ta[i].end] == b[tb[j].start:tb[j].end] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	if lcs[0][0] == 0 {
		return nil, nil
	}
	i, j := 0, 0
	for i < len(ta) || j < len(tb) {
		switch {
		case i < len(ta) && j < len(tb) && a[ta[i].start:ta[i].end] == b[tb[j].start:tb[j].end]:
			i++
			j++
		case j < len(tb) && (i == len(ta) || lcs[i][j+1] >= lcs[i+1][j]):
			inB = addSpan(inB, tb[j])
			j++
		default:
			inA = addSpan(inA, ta[i])
			i++
		}
	}
	return inA, inB
}

// addSpan appends s, merging it with the previous span when they touch.
func addSpan(list []span, s span) []span {
	if n := len(list); n > 0 && list[n-1].end == s.start {
		list[n-1].end = s.end
		return list
	}
	return append(list, s)
}

// tokens splits a line into words (letters, digits, _), runs of white
// space, and single other characters.
func tokens(s string) []span {
	var out []span
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case isWord(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isWord(r2) {
					break
				}
				j += n
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n
			}
		}
		out = append(out, span{i, j})
		i = j
	}
	return out
}

func isWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
