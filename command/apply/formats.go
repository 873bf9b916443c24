package apply

import (
	"slices"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
)

// formatNames are the --format values of cli.md.
var formatNames = []string{"editblock", "searchreplace", "udiff", "applypatch", "wholefile"}

func knownFormat(name string) bool { return slices.Contains(formatNames, name) }

// newParser returns a response parser for the forced format, or for
// auto-detection when format is empty. check has already refused unknown
// names; a known format that is not built yet is refused there too.
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

// formatAvailable reports whether this build can parse the format.
func formatAvailable(name string) bool { return slices.Contains(parse.Names(), name) }
