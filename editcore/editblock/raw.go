package editblock

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// rawLines keeps a block's lines for Op.Raw: all of them up to
// editcore.MaxRaw bytes; past that, the first lines up to half of it and
// a window of the last, so that a block writing a file of hundreds of MB
// holds neither every line nor the text they were cut from.
type rawLines struct {
	head      []string
	headBytes int
	full      bool // head holds its half: further lines go to tail
	tail      []string
	from      int // tail[from:] are kept; earlier entries were let go
	tailBytes int
	skipped   int
}

func newRaw(lines ...string) rawLines {
	var r rawLines
	for _, l := range lines {
		r.add(l)
	}
	return r
}

func (r *rawLines) add(line string) {
	if !r.full {
		if r.head == nil {
			// A block is rarely shorter: one allocation, not four.
			r.head = make([]string, 0, 8)
		}
		r.head = append(r.head, line)
		r.headBytes += len(line) + 1
		r.full = r.headBytes > editcore.MaxRaw/2
		return
	}
	r.tail = append(r.tail, line)
	r.tailBytes += len(line) + 1
	for r.tailBytes > editcore.MaxRaw/2 && len(r.tail)-r.from > 1 {
		r.tailBytes -= len(r.tail[r.from]) + 1
		r.tail[r.from] = "" // no longer keeps its text alive
		r.from++
		r.skipped++
	}
	if r.from > 1024 && r.from > len(r.tail)/2 {
		r.tail = append([]string(nil), r.tail[r.from:]...)
		r.from = 0
	}
}

// first is the block's first line.
func (r *rawLines) first() string {
	if len(r.head) == 0 {
		return ""
	}
	return r.head[0]
}

// count is the number of lines added.
func (r *rawLines) count() int { return len(r.head) + r.skipped + len(r.tail) - r.from }

// text is Op.Raw: the lines but the last drop, joined.
func (r *rawLines) text(drop int) string {
	head, tail := r.head, r.tail[r.from:]
	if d := min(drop, len(tail)); d > 0 {
		tail, drop = tail[:len(tail)-d], drop-d
	}
	if drop > 0 {
		head = head[:max(len(head)-drop, 0)]
	}
	if r.skipped == 0 && len(tail) == 0 {
		return editcore.RawText(head)
	}
	if r.skipped == 0 {
		return editcore.RawText(append(append([]string(nil), head...), tail...))
	}
	var b strings.Builder
	b.WriteString(strings.Join(head, "\n"))
	b.WriteString("\n" + editcore.Omitted(r.skipped))
	if len(tail) > 0 {
		b.WriteString("\n" + strings.Join(tail, "\n"))
	}
	return b.String()
}
