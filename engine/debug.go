package engine

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// newDebug returns the logger of -v: what the run decided and why
// (repository, base, sources, timings), as key=value lines on standard
// error ("DEBU git-aiedit: branch ref=refs/heads/x exists=false"),
// coloured as the rest of the run's output. Without -v it stays silent.
// A few lines of its own, not a logging library: the library, its
// styles and their terminal handling were a megabyte of the binary and a
// dozen modules to install, for one level and one format.
func newDebug(s *iostreams.IOStreams, verbose bool) debugLog {
	if !verbose {
		return debugLog{}
	}
	return debugLog{w: s.ErrOut, cs: s.ErrColorScheme()}
}

// debugLog is the -v logger; without -v it says nothing.
type debugLog struct {
	w  io.Writer
	cs *iostreams.ColorScheme
}

// Debug logs msg with its key-value pairs under -v.
func (d debugLog) Debug(msg string, keyvals ...any) {
	if d.w == nil {
		return
	}
	var b strings.Builder
	b.WriteString(d.cs.Cyan("DEBU") + " " + d.cs.Bold("git-aiedit:") + " " + msg)
	for i := 0; i < len(keyvals); i += 2 {
		var v any = "(missing)"
		if i+1 < len(keyvals) {
			v = keyvals[i+1]
		}
		b.WriteString(" " + d.cs.Dim(fmt.Sprint(keyvals[i])+"=") + logValue(v))
	}
	b.WriteByte('\n')
	_, _ = io.WriteString(d.w, b.String())
}

// logValue is v as logfmt writes it: quoted when it is empty or holds a
// space, a quote, an '=' or a control character.
func logValue(v any) string {
	s := fmt.Sprint(v)
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == '"' || r == '=' || r == 0x7f }) {
		return strconv.Quote(s)
	}
	return s
}
