package engine

import "io"

// progressWriter shows a status line ("response 37") on a terminal that
// the next status line overwrites in place, unless something is printed
// under it: then it stays, as the heading of what follows. Only used
// when standard error is a terminal (newHuman).
type progressWriter struct {
	w      io.Writer
	active bool // a status line is on screen, without its newline
}

// show puts s on the status line.
func (p *progressWriter) show(s string) {
	if p.active {
		io.WriteString(p.w, "\r\x1b[K")
	}
	io.WriteString(p.w, s)
	p.active = true
}

// Write keeps the status line and prints p below it.
func (p *progressWriter) Write(b []byte) (int, error) {
	if p.active {
		p.active = false
		if _, err := io.WriteString(p.w, "\n"); err != nil {
			return 0, err
		}
	}
	return p.w.Write(b)
}

// clear removes a status line nothing was printed under.
func (p *progressWriter) clear() {
	if p.active {
		io.WriteString(p.w, "\r\x1b[K")
		p.active = false
	}
}
