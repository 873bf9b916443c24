package applypatch

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// run feeds text line by line, as the combiner in package parse does.
func run(text string) []editcore.Op {
	p := New()
	var ops []editcore.Op
	if text != "" {
		for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			_, _, got := p.Line(i+1, strings.TrimSuffix(line, "\r"))
			ops = append(ops, got...)
		}
	}
	return append(ops, p.End()...)
}
