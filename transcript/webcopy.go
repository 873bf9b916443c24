package transcript

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// webChrome drops what a copy of ChatGPT's web page adds around a code
// block in place of its fences: the language's label and the button's
// text ("python" then "Copy code", or "Copy" and "Edit"). Left in, they
// stand between a block and the path line above it. It holds a line that
// may begin such chrome until the next lines show whether it does; what
// turns out not to be chrome is handed on, unchanged and in order.
//
// Two more things of the page are mended. A reasoning model's answer
// starts with how long it thought ("Thought for 9s"), which is no part of
// the answer. And a shell block's commands, without their fence, read as
// prose and were never suggested: its chrome becomes a fence again, closed
// at the block's first blank line (the page keeps no end), unless a path
// line is just above it, where a fence would make it a whole file.
type webChrome struct {
	held  []heldLine
	begun bool   // a line of the section was handed on
	last  string // the last non-blank line handed on
	shell bool   // a shell fence made from chrome is open
	n     int    // the last line read
}

type heldLine struct {
	n int
	s string
}

// line takes the next line of an assistant section and hands keep the
// lines to keep, in order (none while it holds them).
func (w *webChrome) line(n int, s string, keep func(n int, s string) error) error {
	w.n = n
	t := strings.TrimSpace(s)
	switch {
	case w.shell:
		if t == "" {
			return w.closeShell(keep)
		}
		return w.pass(n, s, keep)
	case !w.begun && len(w.held) == 0 && thoughtFor(t):
		return nil
	case t == "Copy code" && w.labelOnly():
		return w.chrome(keep)
	case t == "Copy" && w.labelOnly():
		w.held = append(w.held, heldLine{n, s})
		return nil
	case t == "Edit" && len(w.held) > 0 && strings.TrimSpace(w.held[len(w.held)-1].s) == "Copy":
		w.held = w.held[:len(w.held)-1]
		return w.chrome(keep)
	}
	if err := w.flush(keep); err != nil {
		return err
	}
	if isLabel(t) {
		w.held = append(w.held, heldLine{n, s})
		return nil
	}
	return w.pass(n, s, keep)
}

// chrome drops the held chrome of a code block; a shell block's label
// becomes its opening fence.
func (w *webChrome) chrome(keep func(n int, s string) error) error {
	defer func() { w.held = w.held[:0] }()
	if len(w.held) != 1 {
		return nil
	}
	label := strings.ToLower(strings.TrimSpace(w.held[0].s))
	if !shellLabels[label] {
		return nil
	}
	if _, ok := repopath.DetectLine(w.last); ok {
		return nil
	}
	w.shell = true
	return w.pass(w.held[0].n, "```"+label, keep)
}

// shellLabels are the labels of the blocks whose commands are suggested:
// editcore/shell's shell languages, as the page writes them.
var shellLabels = map[string]bool{"bash": true, "sh": true, "shell": true, "zsh": true, "console": true}

// closeShell ends a shell fence made from chrome at the blank line that
// ends its block, and keeps that line.
func (w *webChrome) closeShell(keep func(n int, s string) error) error {
	if err := w.endShell(keep); err != nil {
		return err
	}
	return keep(w.n, "")
}

func (w *webChrome) endShell(keep func(n int, s string) error) error {
	w.shell = false
	return w.pass(w.n, "```", keep)
}

func (w *webChrome) pass(n int, s string, keep func(n int, s string) error) error {
	if strings.TrimSpace(s) != "" {
		w.begun, w.last = true, s
	}
	return keep(n, s)
}

// thoughtFor reports the line a reasoning model's answer starts with:
// "Thought for 9s", "Thought for a few seconds", "Reasoned for 12 seconds".
func thoughtFor(t string) bool {
	if len(t) > 40 {
		return false
	}
	return strings.HasPrefix(t, "Thought for ") || strings.HasPrefix(t, "Reasoned for ")
}

// labelOnly reports that nothing, or only a language's label, is held.
func (w *webChrome) labelOnly() bool {
	return len(w.held) == 0 || len(w.held) == 1 && isLabel(strings.TrimSpace(w.held[0].s))
}

// flush hands keep the held lines, which were not chrome, and closes a
// shell fence made from chrome: a fence of the copy's own, or the end of
// the section, comes next.
func (w *webChrome) flush(keep func(n int, s string) error) error {
	if w.shell {
		if err := w.endShell(keep); err != nil {
			return err
		}
	}
	for _, l := range w.held {
		if err := w.pass(l.n, l.s, keep); err != nil {
			return err
		}
	}
	w.held = w.held[:0]
	return nil
}

// end closes the section: the next one starts afresh.
func (w *webChrome) end(keep func(n int, s string) error) error {
	err := w.flush(keep)
	*w = webChrome{held: w.held[:0]}
	return err
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
