package review

import (
	"errors"
	"strings"
)

// editGuide ends the text the editor opens, as `git add -p`'s `e` does,
// with what an edit may change here.
const editGuide = `# ---
# The hunk above is what the response changed. Edit it to what the file
# should hold instead:
# To keep a '-' line (not take it out), make it a ' ' line (context).
# To drop a '+' line, delete it. Change '+' lines, or add new ones.
# Lines starting with # will be removed.
# If all lines are removed, the edit is aborted and the hunk is left
# undecided.
`

// editText is what the editor opens for h.
func editText(h *Hunk) string {
	var b strings.Builder
	b.WriteString("# Manual hunk edit mode -- see bottom for a quick guide.\n")
	b.WriteString(h.Header() + "\n")
	for _, l := range h.Lines {
		b.WriteByte(l.Op)
		b.WriteString(strings.TrimSuffix(l.Text, "\n") + "\n")
	}
	b.WriteString(editGuide)
	return b.String()
}

// errEmptyEdit says the reviewer removed every line: no edit.
var errEmptyEdit = errors.New("the edited hunk is empty; the hunk is still undecided")

// errEditMismatch says the edited hunk's ' ' and '-' lines are not the
// lines the response started from.
var errEditMismatch = errors.New("your edited hunk does not apply: its ' ' and '-' lines must stay the lines the response started from " +
	"(make a '-' line a ' ' line to keep it, delete '+' lines to drop them); the hunk is still undecided")

// parseEdit reads the saved text back: the lines the file holds instead
// of the hunk's new lines. Lines starting with # and @@ are dropped; an
// empty line is an empty context line, as git reads it.
func parseEdit(h *Hunk, saved string) ([]string, error) {
	var old, new []string
	any := false
	for _, l := range strings.SplitAfter(strings.ReplaceAll(saved, "\r\n", "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "@@") {
			continue
		}
		if !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		op, text := l[0], l[1:]
		if l == "\n" {
			op, text = ' ', "\n"
		}
		switch op {
		case ' ':
			old, new = append(old, text), append(new, text)
		case '-':
			old = append(old, text)
		case '+':
			new = append(new, text)
		default:
			return nil, errEditMismatch
		}
		any = true
	}
	if !any {
		return nil, errEmptyEdit
	}
	if !sameLines(old, h.Old()) {
		return nil, errEditMismatch
	}
	// A file that ended without a newline keeps ending without one.
	if n := h.New(); len(n) > 0 && len(new) > 0 && !strings.HasSuffix(n[len(n)-1], "\n") {
		new[len(new)-1] = strings.TrimSuffix(new[len(new)-1], "\n")
	}
	return new, nil
}

// sameLines compares lines, ignoring whether the last one ends with a
// newline (the editor's text always does).
func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.TrimSuffix(a[i], "\n") != strings.TrimSuffix(b[i], "\n") {
			return false
		}
	}
	return true
}
