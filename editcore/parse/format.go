package parse

import (
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/applypatch"
	"github.com/git-aiedit/git-aiedit/editcore/editblock"
	"github.com/git-aiedit/git-aiedit/editcore/searchreplace"
	"github.com/git-aiedit/git-aiedit/editcore/udiff"
	"github.com/git-aiedit/git-aiedit/editcore/wholefile"
)

// Format is a line parser for one edit format (editcore.Format, beside
// the Op it produces); the alias keeps parse.Format for its callers.
type Format = editcore.Format

// registry lists the formats of auto-detection, in the order each line is
// offered to them: the first that claims a line has it. A new format adds
// one entry here.
var registry = []struct {
	name string
	make func() Format
}{
	{editblock.Name, func() Format { return editblock.New() }},
	{searchreplace.Name, func() Format { return searchreplace.New() }},
	{udiff.Name, func() Format { return udiff.New() }},
	{applypatch.Name, func() Format { return applypatch.New() }},
	{wholefile.Name, func() Format { return wholefile.New() }},
}

// Names returns the names of the registered formats, in offering order.
func Names() []string {
	names := make([]string, len(registry))
	for i, r := range registry {
		names[i] = r.name
	}
	return names
}

// Lookup returns a new instance of the format called name (for --format).
func Lookup(name string) (Format, error) {
	for _, r := range registry {
		if r.name == name {
			return r.make(), nil
		}
	}
	return nil, fmt.Errorf("unknown edit format %q; use one of %s", name, strings.Join(Names(), ", "))
}
