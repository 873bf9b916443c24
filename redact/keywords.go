package redact

// keywordIndex finds which of gitleaks' keywords occur in a text in one
// pass over it: keywords are filed under their first two bytes, and a
// bit per byte pair says whether any keyword starts with it, so most
// positions cost one table read. This is the prefilter on every text
// written into history, a block's path included: a million-block
// response must not scan its text once per keyword. Keywords are
// lower-case ASCII (every one of gitleaks' is) and matched
// case-insensitively in ASCII, as gitleaks matches them in its
// lower-cased text.
type keywordIndex struct {
	slot    [1 << 16]uint16 // pair -> 1 + its bucket; 0: no keyword starts so
	buckets [][]int         // keywords by the pair they start with
	words   []string
	shorter []int // one-byte keywords, checked by byte
}

func newKeywordIndex(words []string) *keywordIndex {
	x := &keywordIndex{words: words}
	for i, w := range words {
		if len(w) < 2 {
			x.shorter = append(x.shorter, i)
			continue
		}
		p := pair(w[0], w[1])
		if x.slot[p] == 0 {
			x.buckets = append(x.buckets, nil)
			x.slot[p] = uint16(len(x.buckets))
		}
		b := x.slot[p] - 1
		x.buckets[b] = append(x.buckets[b], i)
	}
	return x
}

func pair(a, b byte) uint16 { return uint16(lower(a))<<8 | uint16(lower(b)) }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// occurring calls found with the index of each keyword in s, once.
func (x *keywordIndex) occurring(s string, found func(int)) {
	seen := make([]bool, len(x.words))
	for _, i := range x.shorter {
		for j := 0; j < len(s); j++ {
			if lower(s[j]) == x.words[i][0] {
				seen[i] = true
				found(i)
				break
			}
		}
	}
	for j := 0; j+1 < len(s); j++ {
		b := x.slot[pair(s[j], s[j+1])]
		if b == 0 {
			continue
		}
		for _, i := range x.buckets[b-1] {
			if !seen[i] && hasPrefixFold(s[j:], x.words[i]) {
				seen[i] = true
				found(i)
			}
		}
	}
}

// hasPrefixFold reports whether s starts with the lower-case word w,
// ASCII case ignored.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if lower(s[i]) != w[i] {
			return false
		}
	}
	return true
}
