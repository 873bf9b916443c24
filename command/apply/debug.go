package apply

import (
	"io"

	"github.com/charmbracelet/log"
	"github.com/muesli/termenv"

	"github.com/git-aiedit/git-aiedit/command/iostreams"
)

// newDebug returns the logger of -v: what the run decided and why
// (repository, base, sources, timings), as key=value lines on standard
// error, coloured as the rest of the run's output. Without -v it stays
// silent.
func newDebug(s *iostreams.IOStreams, verbose bool) *log.Logger {
	var w io.Writer = io.Discard
	if verbose {
		w = s.ErrOut
	}
	l := log.NewWithOptions(w, log.Options{Prefix: "git-aiedit", Level: log.DebugLevel})
	if !s.ErrColorScheme().Enabled() {
		l.SetColorProfile(termenv.Ascii) // no escape codes when piped
	}
	return l
}
