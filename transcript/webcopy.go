package transcript

import "strings"

// webChrome drops what a copy of ChatGPT's web page adds around a code
// block in place of its fences: the language's label and the button's
// text ("python" then "Copy code", or "Copy" and "Edit"). Left in, they
// stand between a block and the path line above it. It holds a line that
// may begin such chrome until the next lines show whether it does; what
// turns out not to be chrome is handed on, unchanged and in order.
type webChrome struct {
	held []heldLine
}

type heldLine struct {
	n int
	s string
}

// line takes the next line of an assistant section and hands keep the
// lines to keep, in order (none while it holds them).
func (w *webChrome) line(n int, s string, keep func(n int, s string) error) error {
	t := strings.TrimSpace(s)
	switch {
	case t == "Copy code" && w.labelOnly():
		w.held = w.held[:0]
		return nil
	case t == "Copy" && w.labelOnly():
		w.held = append(w.held, heldLine{n, s})
		return nil
	case t == "Edit" && len(w.held) > 0 && strings.TrimSpace(w.held[len(w.held)-1].s) == "Copy":
		w.held = w.held[:0]
		return nil
	}
	if err := w.flush(keep); err != nil {
		return err
	}
	if isLabel(t) {
		w.held = append(w.held, heldLine{n, s})
		return nil
	}
	return keep(n, s)
}

// labelOnly reports that nothing, or only a language's label, is held.
func (w *webChrome) labelOnly() bool {
	return len(w.held) == 0 || len(w.held) == 1 && isLabel(strings.TrimSpace(w.held[0].s))
}

// flush hands keep the held lines, which were not chrome.
func (w *webChrome) flush(keep func(n int, s string) error) error {
	for _, l := range w.held {
		if err := keep(l.n, l.s); err != nil {
			return err
		}
	}
	w.held = w.held[:0]
	return nil
}

// isLabel reports a code block's language label: one short word of
// letters, digits and +#-.
func isLabel(t string) bool {
	if t == "" || len(t) > 20 || t == "Copy" {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '#' || c == '-') {
			return false
		}
	}
	return true
}
