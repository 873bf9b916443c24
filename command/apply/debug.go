package apply

import (
	"io"

	"github.com/charmbracelet/log"
	"github.com/muesli/termenv"
)

// newDebug returns the logger of -v: what the run decided and why
// (repository, base, sources, timings), as key=value lines on standard
// error. Without -v it stays silent.
func newDebug(o *Options) *log.Logger {
	w := o.Stderr
	if w == nil || !o.Verbose {
		w = io.Discard
	}
	l := log.NewWithOptions(w, log.Options{Prefix: "git-aiedit", Level: log.DebugLevel})
	if !o.Color {
		l.SetColorProfile(termenv.Ascii) // no escape codes when piped
	}
	return l
}
