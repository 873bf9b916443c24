package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// naiveLevenshtein is the textbook full-matrix distance.
func naiveLevenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func TestDistance(t *testing.T) {
	tests := map[string]struct{ a, b string }{
		"equal":        {"kitten", "kitten"},
		"classic":      {"kitten", "sitting"},
		"empty":        {"", "abc"},
		"both empty":   {"", ""},
		"prefix":       {"abc", "abcdef"},
		"disjoint":     {"abcd", "wxyz"},
		"transposed":   {"return x, nil", "return nil, x"},
		"long and one": {"the quick brown fox jumps", "the quick brown fix jumps over"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			want := naiveLevenshtein(tt.a, tt.b)
			var l levBuf
			for limit := 0; limit <= want+3; limit++ {
				got := l.distance(tt.a, tt.b, limit)
				if want <= limit {
					assert.Equal(t, want, got, "limit %d", limit)
				} else {
					assert.Greater(t, got, limit, "limit %d", limit)
				}
			}
		})
	}
}

func FuzzDistance(f *testing.F) {
	f.Add("kitten", "sitting", 2)
	f.Add("", "x", 0)
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		if len(a) > 64 || len(b) > 64 {
			t.Skip()
		}
		limit = max(limit%80, -1)
		want := naiveLevenshtein(a, b)
		var l levBuf
		got := l.distance(a, b, limit)
		if want <= limit && got != want || want > limit && got <= limit {
			t.Fatalf("distance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	})
}
