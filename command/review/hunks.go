package review

import (
	"fmt"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// A hunk is one contiguous change a response's commit made to one text
// file, as `git diff` shows it (three lines of context). Invariants:
//
//   - Lines hold the hunk's lines in order, each with its newline (the
//     last line of a file that has none, without); context lines appear
//     on both sides, so Old() and New() are exactly the lines the hunk
//     covers before and after;
//   - OldStart and NewStart are 1-based lines of the file in the
//     response's parent and in the response's commit;
//   - ID is "<commit>.<n>", n counting the commit's hunks from 1 in path
//     order, and "<commit>.<n>.<k>" for the k-th part of hunk n split by
//     `s`: the commit names are fixed once written, so ids stay the same
//     from one run to the next (a review adds a commit on top; it never
//     rewrites the responses).
type Hunk struct {
	ID       string
	Response *history.Response
	Path     string
	Blocks   []int // the blocks that wrote it (attribution note, else the only block on Path); none: unknown
	Created  bool
	Deleted  bool
	Mode     filemode.FileMode // the file's mode where it exists
	OldStart int
	NewStart int
	Lines    []Line
}

// Line is one line of a hunk: ' ' context, '-' taken out, '+' put in.
// Block is the block that wrote a '+' line, when the note says; else 0.
type Line struct {
	Op    byte
	Text  string
	Block int
}

// Old returns the lines the hunk covers before the response.
func (h *Hunk) Old() []string { return h.side('-') }

// New returns the lines the hunk covers after the response.
func (h *Hunk) New() []string { return h.side('+') }

func (h *Hunk) side(op byte) []string {
	var out []string
	for _, l := range h.Lines {
		if l.Op == ' ' || l.Op == op {
			out = append(out, l.Text)
		}
	}
	return out
}

// counts returns the lines taken out and put in.
func (h *Hunk) counts() (del, add int) {
	for _, l := range h.Lines {
		switch l.Op {
		case '-':
			del++
		case '+':
			add++
		}
	}
	return del, add
}

// ChangeLine is the line of the file, after the response, where the
// hunk's first change is (the line before it for a pure removal).
func (h *Hunk) ChangeLine() int {
	line := h.NewStart
	for _, l := range h.Lines {
		if l.Op != ' ' {
			break
		}
		line++
	}
	return line
}

// Header is the hunk's `@@ -a,b +c,d @@` line.
func (h *Hunk) Header() string {
	return fmt.Sprintf("@@ -%s +%s @@", rangeOf(h.OldStart, len(h.Old())), rangeOf(h.NewStart, len(h.New())))
}

// rangeOf renders one side of a hunk header the way git does.
func rangeOf(start, count int) string {
	if count == 0 {
		start-- // git names the line before an empty side
		if start < 0 {
			start = 0
		}
	}
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// Text renders the hunk as a diff's lines, a header first.
func (h *Hunk) Text() string {
	var b strings.Builder
	b.WriteString(h.Header() + "\n")
	for _, l := range h.Lines {
		b.WriteByte(l.Op)
		b.WriteString(l.Text)
		if !strings.HasSuffix(l.Text, "\n") {
			b.WriteString("\n\\ No newline at end of file\n")
		}
	}
	return b.String()
}

// Label names the hunk's response and blocks for the user and the
// trailer: "2/5 b3", "2/5 b3,4" for a hunk two blocks' lines share, b0
// when no block is known.
func (h *Hunk) Label() string { return h.reviewed().Label() }

// reviewed is the hunk as an Aiedit-Reviewed trailer names it, without
// its verdict.
func (h *Hunk) reviewed() trailer.Reviewed {
	return trailer.Reviewed{N: h.Response.N, Total: h.Response.Total, Blocks: h.Blocks, HunkID: h.ID, Path: h.Path}
}

func (h *Hunk) blockList() string {
	if len(h.Blocks) == 0 {
		return "0"
	}
	s := make([]string, len(h.Blocks))
	for i, b := range h.Blocks {
		s[i] = fmt.Sprint(b)
	}
	return strings.Join(s, ",")
}

// hunksOf splits the text changes of one response's commit into hunks.
// Binary files, submodules and changes of mode alone have none: they
// cannot be taken apart line by line (skipped counts them).
func hunksOf(r *history.Response, changes []history.FileChange, note *attrnote.Note) (hunks []*Hunk, skipped []string) {
	prefix := r.Commit.String()[:8]
	n := 0
	for _, c := range changes {
		if c.Binary || c.OldMode == filemode.Submodule || c.NewMode == filemode.Submodule ||
			c.OldMode == filemode.Symlink || c.NewMode == filemode.Symlink {
			skipped = append(skipped, c.Path)
			continue
		}
		old, new := string(c.Old), string(c.New)
		if old == new {
			if c.OldMode != c.NewMode {
				skipped = append(skipped, c.Path)
			}
			continue
		}
		u, err := udiff.ToUnifiedDiff("a", "b", old, udiff.Lines(old, new), udiff.DefaultContextLines)
		if err != nil {
			skipped = append(skipped, c.Path)
			continue
		}
		shift := 0
		mode := c.NewMode
		if c.Status == 'D' {
			mode = c.OldMode
		}
		for _, uh := range u.Hunks {
			n++
			h := &Hunk{ID: fmt.Sprintf("%s.%d", prefix, n), Response: r, Path: c.Path, Mode: mode,
				Created: c.Status == 'A', Deleted: c.Status == 'D', OldStart: max(uh.FromLine, 1)}
			if old == "" {
				h.OldStart = 1
			}
			h.NewStart = h.OldStart + shift
			for _, l := range uh.Lines {
				switch l.Kind {
				case udiff.Delete:
					h.Lines = append(h.Lines, Line{Op: '-', Text: l.Content})
				case udiff.Insert:
					h.Lines = append(h.Lines, Line{Op: '+', Text: l.Content})
				default:
					h.Lines = append(h.Lines, Line{Op: ' ', Text: l.Content})
				}
			}
			del, add := h.counts()
			shift += add - del
			h.Blocks = blocksOf(h, r, note)
			hunks = append(hunks, h)
		}
	}
	return hunks, skipped
}

// blocksOf finds the blocks that wrote a hunk: the note's blocks of the
// lines it puts in (each '+' line is marked with its own), in order; else
// the only block the trailers name on its path; else none (unknown).
func blocksOf(h *Hunk, r *history.Response, note *attrnote.Note) []int {
	if note != nil {
		line := h.NewStart
		for i, l := range h.Lines {
			if l.Op == '+' {
				if _, b, ok := note.At(h.Path, line); ok {
					h.Lines[i].Block = b
				}
			}
			if l.Op != '-' {
				line++
			}
		}
	}
	if out := lineBlocks(h.Lines); len(out) > 0 {
		return out
	}
	only := 0
	for _, b := range r.Blocks {
		if b.Path != h.Path {
			continue
		}
		if only != 0 && only != b.Index {
			return nil
		}
		only = b.Index
	}
	if only == 0 {
		return nil
	}
	return []int{only}
}

// lineBlocks lists the blocks the lines are marked with, in order.
func lineBlocks(lines []Line) []int {
	var out []int
	for _, l := range lines {
		if l.Block != 0 && !slices.Contains(out, l.Block) {
			out = append(out, l.Block)
		}
	}
	return out
}

// Split cuts a hunk where context lines separate its changes, as `git
// add -p`'s `s` does: each part keeps the context around it (the lines
// between two changes are context of both). A hunk with one change
// cannot be split: it returns nil.
func (h *Hunk) Split() []*Hunk {
	type span struct{ from, to int } // the changed lines of one part, half-open
	var groups []span
	for i := 0; i < len(h.Lines); {
		if h.Lines[i].Op == ' ' {
			i++
			continue
		}
		j := i
		for j < len(h.Lines) && h.Lines[j].Op != ' ' {
			j++
		}
		groups = append(groups, span{i, j})
		i = j
	}
	if len(groups) < 2 {
		return nil
	}
	parts := make([]*Hunk, 0, len(groups))
	oldLine, newLine := h.OldStart, h.NewStart
	at := 0 // index in Lines that oldLine/newLine describe
	for k := range groups {
		from := 0
		if k > 0 {
			from = groups[k-1].to
		}
		to := len(h.Lines)
		if k+1 < len(groups) {
			to = groups[k+1].from
		}
		for ; at < from; at++ {
			advance(h.Lines[at].Op, &oldLine, &newLine)
		}
		p := &Hunk{ID: fmt.Sprintf("%s.%d", h.ID, k+1), Response: h.Response, Path: h.Path, Blocks: h.Blocks,
			Mode: h.Mode, Created: h.Created, Deleted: h.Deleted, OldStart: oldLine, NewStart: newLine}
		p.Lines = append(p.Lines, h.Lines[from:to]...)
		if bs := lineBlocks(p.Lines); len(bs) > 0 {
			p.Blocks = bs
		}
		parts = append(parts, p)
	}
	return parts
}

func advance(op byte, oldLine, newLine *int) {
	if op != '+' {
		*oldLine++
	}
	if op != '-' {
		*newLine++
	}
}
