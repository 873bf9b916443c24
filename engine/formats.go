package engine

import (
	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// newParser returns a response parser for the forced format, or for
// auto-detection when format is empty (Options.check has refused names
// that parse's registry does not know).
func newParser(format string) *parse.Parser {
	if format == "" {
		return parse.New()
	}
	f, err := parse.Lookup(format)
	if err != nil {
		return parse.New()
	}
	return parse.New(parse.WithFormats(f))
}
