// Package iostreams holds a command's standard streams and knows whether
// they are terminals, so that colour and progress lines appear only where
// a person is watching (as gh's iostreams does). Data goes to Out, status
// to ErrOut.
package iostreams

import (
	"bytes"
	"io"
	"os"
	"strings"
)

// IOStreams are the streams of one command run.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	outTTY, errTTY bool
	noColor        bool // NO_COLOR is set or TERM=dumb
}

// System wraps the process's streams (or the ones Main was given),
// detecting terminals and NO_COLOR from the environment.
func System(in io.Reader, out, errOut io.Writer) *IOStreams {
	return &IOStreams{
		In: in, Out: out, ErrOut: errOut,
		outTTY:  isTerminal(out),
		errTTY:  isTerminal(errOut),
		noColor: NoColor(os.Getenv),
	}
}

// Test returns streams backed by buffers: no terminal, no colour. Use
// SetTTY to pretend otherwise.
func Test() (s *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// SetTTY says whether Out and ErrOut are terminals (for tests).
func (s *IOStreams) SetTTY(out, errOut bool) { s.outTTY, s.errTTY = out, errOut }

// SetNoColor turns colour off even on a terminal (for tests: NO_COLOR).
func (s *IOStreams) SetNoColor(v bool) { s.noColor = v }

// IsStdoutTTY reports whether Out is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.outTTY }

// IsStderrTTY reports whether ErrOut is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.errTTY }

// ColorEnabled reports whether Out may carry colour: a terminal, and
// neither NO_COLOR nor TERM=dumb.
func (s *IOStreams) ColorEnabled() bool { return s.outTTY && !s.noColor }

// ColorScheme paints text written to Out.
func (s *IOStreams) ColorScheme() *ColorScheme { return &ColorScheme{enabled: s.ColorEnabled()} }

// ErrColorScheme paints text written to ErrOut.
func (s *IOStreams) ErrColorScheme() *ColorScheme {
	return &ColorScheme{enabled: s.errTTY && !s.noColor}
}

// NoColor reports whether the environment asks for no colour
// (https://no-color.org: any non-empty NO_COLOR), or the terminal cannot
// show it (TERM=dumb).
func NoColor(getenv func(string) string) bool {
	return getenv("NO_COLOR") != "" || getenv("TERM") == "dumb"
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// ColorScheme is the one place colours are chosen; when disabled every
// method returns its text unchanged.
type ColorScheme struct{ enabled bool }

// Enabled reports whether the scheme paints.
func (c *ColorScheme) Enabled() bool { return c.enabled }

const reset = "\x1b[0m"

func (c *ColorScheme) paint(code, s string) string {
	if !c.enabled || s == "" {
		return s
	}
	// Keep a reset at the end of every line, so a pager cutting lines
	// never leaves colour running.
	return code + strings.ReplaceAll(s, "\n", reset+"\n"+code) + reset
}

func (c *ColorScheme) Red(s string) string    { return c.paint("\x1b[31m", s) }
func (c *ColorScheme) Green(s string) string  { return c.paint("\x1b[32m", s) }
func (c *ColorScheme) Yellow(s string) string { return c.paint("\x1b[33m", s) }
func (c *ColorScheme) Cyan(s string) string   { return c.paint("\x1b[36m", s) }
func (c *ColorScheme) Bold(s string) string   { return c.paint("\x1b[1m", s) }
func (c *ColorScheme) Dim(s string) string    { return c.paint("\x1b[2m", s) }

// RedBG and GreenBG mark changed words inside a changed line.
func (c *ColorScheme) RedBG(s string) string   { return c.paint("\x1b[1;31;48;5;52m", s) }
func (c *ColorScheme) GreenBG(s string) string { return c.paint("\x1b[1;32;48;5;22m", s) }
