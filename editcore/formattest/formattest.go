// Package formattest drives one edit format's line parser the way the
// response parser (package parse) does, for the formats' own tests. It
// imports no format, so any format's internal tests can use it.
package formattest

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Lines feeds text to p line by line (numbered from 1, terminators and a
// trailing "\r" removed) and returns every operation, End's included.
func Lines(p editcore.Format, text string) []editcore.Op {
	var ops []editcore.Op
	if text != "" {
		for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			_, _, got := p.Line(i+1, strings.TrimSuffix(line, "\r"))
			ops = append(ops, got...)
		}
	}
	return append(ops, p.End()...)
}
