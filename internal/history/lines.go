package history

import (
	"fmt"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/visible"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// Markers start every block line, so failures stand out without colour.
const (
	markOK   = "✓"
	markFail = "✗"
	markWarn = "!"
	// markRejected: a block a person rejected under apply -p.
	markRejected = "-"
)

// BlockLine renders one block: marker, number, status[:detail], path.
// Failed blocks are red, skipped and not-in-context ones yellow.
func BlockLine(cs *iostreams.ColorScheme, b Block) string {
	status := string(b.Status)
	if b.Detail != "" {
		status += ":" + b.Detail
	}
	// What a commit records is shown, its control characters escaped: a
	// commit of another tool or an older version may hold them raw.
	text := fmt.Sprintf("%d %-28s %s", b.Index, status, visible.Line(b.Path))
	switch {
	case b.Status == editcore.Rejected:
		return cs.Yellow(markRejected + " " + text) // a person said no: not an error
	case b.Status == editcore.Outside:
		return cs.Dim("- " + text) // nothing of the repository's: not an error
	case b.OK():
		return cs.Green(markOK) + " " + text
	case b.Status == editcore.Failed:
		return cs.Red(markFail + " " + text)
	}
	return cs.Yellow(markWarn + " " + text)
}

// ShellLine renders one suggested shell command.
func ShellLine(cs *iostreams.ColorScheme, s Shell) string {
	text := fmt.Sprintf("$ %-12s %s", s.Status, visible.Line(s.Command))
	switch s.Status {
	case editcore.Applied:
		return cs.Green(markOK) + " " + text
	case editcore.Failed:
		return cs.Red(markFail + " " + text)
	}
	return cs.Dim("- " + text)
}
