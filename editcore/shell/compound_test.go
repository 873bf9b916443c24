package shell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompound(t *testing.T) {
	tests := map[string]struct {
		first []string
		want  [][2]int
	}{
		"simple commands":     {[]string{"rm", "git"}, [][2]int{{0, 0}, {1, 1}}},
		"for loop":            {[]string{"for", "do", "done", "rm"}, [][2]int{{0, 2}, {3, 3}}},
		"nested":              {[]string{"while", "do", "if", "then", "fi", "done"}, [][2]int{{0, 5}}},
		"if inside a for":     {[]string{"for", "do", "if", "fi", "done", "if", "fi"}, [][2]int{{0, 4}, {5, 6}}},
		"case":                {[]string{"case", "a)", "esac"}, [][2]int{{0, 2}}},
		"unclosed":            {[]string{"rm", "until", "do"}, [][2]int{{0, 0}, {1, 2}}},
		"a stray done is one": {[]string{"done", "rm"}, [][2]int{{0, 0}, {1, 1}}},
		"empty":               {nil, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, Compound(tc.first))
		})
	}
}

// FuzzCompound: the groups cover every span once, in order.
func FuzzCompound(f *testing.F) {
	f.Add("for do done rm")
	f.Add("if while do fi done esac case")
	f.Fuzz(func(t *testing.T, words string) {
		first := strings.Fields(words)
		next := 0
		for _, g := range Compound(first) {
			if g[0] != next || g[1] < g[0] || g[1] >= len(first) {
				t.Fatalf("%q: group %v, expected to start at %d", words, g, next)
			}
			next = g[1] + 1
		}
		if next != len(first) {
			t.Fatalf("%q: groups end at %d of %d", words, next, len(first))
		}
	})
}
