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

// Format is a line parser for one edit format. The Parser offers it every
// line of a response, in order, except the lines of another format's block.
//
// Lines are Go strings cut from the response; a Format may keep them.
type Format interface {
	// Name is the format's name in reports and for --format.
	Name() string
	// Line sees line n (1-based, terminator and trailing "\r" removed).
	// claimed: the line belongs to a block of this format, so it is not
	// prose (the shell scanner and the other formats do not see it).
	// active: the format is inside a block and wants the following lines
	// exclusively. An active format that returns claimed=false hands the
	// line back: it is then offered to every format, itself included, as
	// an idle line. ops are the operations this line completed, in order.
	Line(n int, line string) (claimed, active bool, ops []editcore.Op)
	// End is called at the end of the response; it returns what is still
	// pending (an unclosed block is a Malformed op) and makes the format
	// ready for another response.
	End() []editcore.Op
	// Reset drops any lookback (a path seen on an earlier line). It is
	// called on idle formats when another format claims a line, so that no
	// format pairs a path with a marker across another format's block.
	Reset()
}

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
