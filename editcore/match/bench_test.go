package match

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

const (
	benchLines = 100_000
	benchBlock = 50
	benchAt    = 61_000 // the block starts at the first function after this line
)

var benchWords = strings.Fields(`account buffer cache client config cursor data entry event
	field handler index item key layout limit list logger message module name node offset
	option output parser path record request result route schema session source state
	stream table target token value window worker writer reader queue batch filter`)

// benchFile generates Go-like code of varied shape, so that windows are
// unlike each other as in real code: functions of 3 to 15 statements drawn
// from templates with random names, numbers and strings.
var benchFile = sync.OnceValue(func() []string {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string { return benchWords[r.IntN(len(benchWords))] }
	var out []string
	for f := 0; len(out) < benchLines; f++ {
		out = append(out, fmt.Sprintf("func %s%s%d(%s *%s, %s int) error {", word(), title(word()), f, word(), title(word()), word()))
		for range 3 + r.IntN(13) {
			a, b, c := word(), word(), word()
			switch r.IntN(6) {
			case 0:
				out = append(out, fmt.Sprintf("\t%s := %s.%s(%s, %d)", a, b, title(c), word(), r.IntN(1000)))
			case 1:
				out = append(out, fmt.Sprintf("\tif %s != nil {", a), fmt.Sprintf("\t\treturn fmt.Errorf(\"%s %s: %%w\", %s)", b, c, a), "\t}")
			case 2:
				out = append(out, fmt.Sprintf("\t// %s the %s's %s before the %s", a, b, c, word()))
			case 3:
				out = append(out, fmt.Sprintf("\tlog.Printf(\"%s: %%v (%d)\", %s.%s)", a, r.IntN(100), b, title(c)))
			case 4:
				out = append(out, fmt.Sprintf("\tfor _, %s := range %s.%s {", a, b, title(c)), fmt.Sprintf("\t\t%s.Add(%s, %d)", word(), a, r.IntN(50)), "\t}")
			case 5:
				out = append(out, "")
			}
		}
		out = append(out, "\treturn nil", "}", "")
	}
	return out[:benchLines]
})

// benchPattern returns the 50-line block at benchAt, perturbed so that
// exactly the wanted step finds it.
func benchPattern(step Step) []string {
	file := benchFile()
	start := benchAt
	for !strings.HasPrefix(file[start], "func ") {
		start++
	}
	p := append([]string(nil), file[start:start+benchBlock]...)
	switch step {
	case TrailingWS:
		for i := 0; i < len(p); i += 3 {
			p[i] += "  "
		}
	case Indent:
		for i, l := range p {
			if l != "" {
				p[i] = strings.ReplaceAll(indentOf(l), "\t", "    ") + "    " + dropIndent(l)
			}
		}
	case Unicode:
		for i, l := range p {
			p[i] = strings.NewReplacer(`"`, "“", "'", "’").Replace(l)
		}
	case BlankLines:
		p = slices_DeleteBlank(p)
	case Fuzzy, "not_found":
		for i := 5; i < len(p); i += 10 {
			p[i] = strings.Replace(p[i], "e", "E", 1) + "x"
		}
	}
	return p
}

func slices_DeleteBlank(p []string) []string {
	var out []string
	for _, l := range p {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func BenchmarkFind(b *testing.B) {
	file := benchFile()
	cases := []struct {
		name string
		step Step
		opt  Options
	}{
		{"exact", Exact, Options{}},
		{"trailing_ws", TrailingWS, Options{}},
		{"indent", Indent, Options{}},
		{"unicode", Unicode, Options{}},
		{"blank_lines", BlankLines, Options{}},
		{"fuzzy", Fuzzy, Options{Fuzzy: 0.9}},
		{"not_found_diagnosis", "not_found", Options{}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			pattern := benchPattern(c.step)
			m, err := Find(file, pattern, c.opt)
			if c.step == "not_found" {
				if _, ok := err.(*NotFound); !ok {
					b.Fatalf("want *NotFound, got %+v, %v", m, err)
				}
			} else if err != nil || m.Step != c.step {
				b.Fatalf("want step %s, got %+v, %v", c.step, m, err)
			}
			b.ReportAllocs()
			for b.Loop() {
				_, _ = Find(file, pattern, c.opt)
			}
		})
	}
}

// title upper-cases an ASCII word's first letter.
func title(w string) string {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return w
	}
	return string(w[0]-'a'+'A') + w[1:]
}
