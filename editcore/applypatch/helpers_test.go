package applypatch

import (
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/formattest"
)

// run feeds text line by line, as the combiner in package parse does.
func run(text string) []editcore.Op { return formattest.Lines(New(), text) }
