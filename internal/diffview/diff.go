// Package diffview renders file changes as coloured unified diffs, for
// `git aiedit show` and `apply -p`.
package diffview

import (
	"fmt"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// differ renders file changes as a git-style unified diff (three lines
// of context), painting it when cs is enabled and then marking the words
// that changed inside changed lines.
type differ struct {
	cs    *iostreams.ColorScheme
	words bool
}

func (d *differ) file(c history.FileChange) string {
	var b strings.Builder
	a, bname := "a/"+c.Path, "b/"+c.Path
	if c.Status == 'R' {
		a = "a/" + c.OldPath
	}
	header := []string{"diff --git " + a + " " + bname}
	switch c.Status {
	case 'R':
		if c.OldMode != c.NewMode {
			header = append(header, "old mode "+modeString(c.OldMode), "new mode "+modeString(c.NewMode))
		}
		header = append(header, "rename from "+c.OldPath, "rename to "+c.Path)
	case 'A':
		header = append(header, "new file mode "+modeString(c.NewMode))
		a = "/dev/null"
	case 'D':
		header = append(header, "deleted file mode "+modeString(c.OldMode))
		bname = "/dev/null"
	default:
		if c.OldMode != c.NewMode {
			header = append(header, "old mode "+modeString(c.OldMode), "new mode "+modeString(c.NewMode))
		}
	}
	for _, h := range header {
		b.WriteString(d.cs.Bold(h) + "\n")
	}
	old, new := contentOf(c.Old, c.OldMode), contentOf(c.New, c.NewMode)
	switch {
	case c.Binary:
		fmt.Fprintf(&b, "Binary files %s and %s differ\n", a, bname)
		return b.String()
	case old == new:
		return b.String() // mode change only
	}
	b.WriteString(d.cs.Bold("--- "+a) + "\n" + d.cs.Bold("+++ "+bname) + "\n")
	u, err := udiff.ToUnifiedDiff(a, bname, old, udiff.Lines(old, new), udiff.DefaultContextLines)
	if err != nil {
		// Cannot happen for edits computed from old; say so rather than hide it.
		fmt.Fprintf(&b, "(cannot render the diff: %v)\n", err)
		return b.String()
	}
	for _, h := range u.Hunks {
		d.hunk(&b, h)
	}
	return b.String()
}

// contentOf returns a side's text; a submodule has none here (its mode
// line says enough).
func contentOf(data []byte, mode filemode.FileMode) string {
	if mode == filemode.Submodule {
		return ""
	}
	return string(data)
}

func modeString(m filemode.FileMode) string { return fmt.Sprintf("%06o", uint32(m)) }

func (d *differ) hunk(b *strings.Builder, h *udiff.Hunk) {
	from, to := 0, 0
	for _, l := range h.Lines {
		switch l.Kind {
		case udiff.Delete:
			from++
		case udiff.Insert:
			to++
		default:
			from++
			to++
		}
	}
	b.WriteString(d.cs.Cyan(fmt.Sprintf("@@ -%s +%s @@", rangeOf(h.FromLine, from), rangeOf(h.ToLine, to))) + "\n")
	for i := 0; i < len(h.Lines); {
		if h.Lines[i].Kind == udiff.Equal {
			d.line(b, " ", h.Lines[i].Content, nil)
			i++
			continue
		}
		// A run of deleted lines followed by inserted ones: pair them for
		// word highlighting when both sides have as many lines.
		j := i
		for j < len(h.Lines) && h.Lines[j].Kind == udiff.Delete {
			j++
		}
		k := j
		for k < len(h.Lines) && h.Lines[k].Kind == udiff.Insert {
			k++
		}
		dels, ins := h.Lines[i:j], h.Lines[j:k]
		paired := d.words && len(dels) == len(ins)
		for n, l := range dels {
			var marks []span
			if paired {
				marks, _ = wordDiff(l.Content, ins[n].Content)
			}
			d.line(b, "-", l.Content, marks)
		}
		for n, l := range ins {
			var marks []span
			if paired {
				_, marks = wordDiff(dels[n].Content, l.Content)
			}
			d.line(b, "+", l.Content, marks)
		}
		i = k
	}
}

// rangeOf renders one side of a hunk header the way git does.
func rangeOf(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", max(start-1, 0))
	case 1:
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

func (d *differ) line(b *strings.Builder, sign, content string, marks []span) {
	text := strings.TrimSuffix(content, "\n")
	var out string
	switch sign {
	case "-":
		out = d.paintWords(sign, text, marks, d.cs.Red, d.cs.RedBG)
	case "+":
		out = d.paintWords(sign, text, marks, d.cs.Green, d.cs.GreenBG)
	default:
		out = sign + text
	}
	b.WriteString(out + "\n")
	if !strings.HasSuffix(content, "\n") {
		b.WriteString("\\ No newline at end of file\n")
	}
}

func (d *differ) paintWords(sign, text string, marks []span, plain, strong func(string) string) string {
	if len(marks) == 0 {
		return plain(sign + text)
	}
	var b strings.Builder
	b.WriteString(plain(sign))
	at := 0
	for _, m := range marks {
		b.WriteString(plain(text[at:m.start]))
		b.WriteString(strong(text[m.start:m.end]))
		at = m.end
	}
	b.WriteString(plain(text[at:]))
	return b.String()
}

// File renders one file change as a git-style unified diff, painted and
// with changed words marked when cs is enabled (`git aiedit show`, and
// apply -p before it asks about a block).
func File(cs *iostreams.ColorScheme, c history.FileChange) string {
	d := &differ{cs: cs, words: cs.Enabled()}
	return d.file(c)
}
