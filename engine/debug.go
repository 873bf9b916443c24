package engine

import (
	"github.com/charmbracelet/log"
	"github.com/muesli/termenv"

	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// newDebug returns the logger of -v: what the run decided and why
// (repository, base, sources, timings), as key=value lines on standard
// error, coloured as the rest of the run's output. Without -v it stays
// silent.
func newDebug(s *iostreams.IOStreams, verbose bool) debugLog {
	if !verbose {
		// No logger at all: making one sets up its styles, a measurable
		// part of a small run's start-up.
		return debugLog{}
	}
	l := log.NewWithOptions(s.ErrOut, log.Options{Prefix: "git-aiedit", Level: log.DebugLevel})
	if !s.ErrColorScheme().Enabled() {
		l.SetColorProfile(termenv.Ascii) // no escape codes when piped
	}
	return debugLog{l}
}

// debugLog is the -v logger; without -v it says nothing.
type debugLog struct{ l *log.Logger }

// Debug logs msg with its key-value pairs under -v.
func (d debugLog) Debug(msg string, keyvals ...any) {
	if d.l != nil {
		d.l.Debug(msg, keyvals...)
	}
}
