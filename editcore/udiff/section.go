package udiff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// diffOps turns a complete diff (its lines and their response line
// numbers) into operations, file by file. cut says the response ended
// inside the diff's fence.
func diffOps(lines []string, nums *numbering, cut bool) []editcore.Op {
	if len(lines) == 0 {
		return nil
	}
	sp := getSplitter()
	defer sp.put()
	secs, stray := sp.split(lines)
	var ops []editcore.Op
	if len(stray) > 0 {
		end := len(lines)
		if len(secs) > 0 && secs[0].start > stray[0] {
			end = secs[0].start
		}
		ops = append(ops, editcore.Op{Kind: editcore.Malformed, Format: Name, Line: nums.at(stray[0]),
			Raw:     strings.Join(lines[stray[0]:end], "\n"),
			Problem: "hunk without a file header: put \"--- path\" and \"+++ path\" lines naming the file before its @@ line"})
	}
	if len(secs) == 0 && len(stray) == 0 {
		ops = append(ops, editcore.Op{Kind: editcore.Malformed, Format: Name, Line: nums.at(0),
			Raw:     strings.Join(lines, "\n"),
			Problem: "diff without a file header: put \"--- path\" and \"+++ path\" lines naming the file before its hunks"})
	}
	// Room for the operations, so that the array is not copied as it
	// grows (an Op is 368 bytes): one a hunk, or a section, and one for a
	// rename or a mode change. A rarer shape may grow it once.
	n := len(ops)
	for _, s := range secs {
		n += max(len(s.hunks), 1) + s.extraOps(lines)
	}
	ops = slices.Grow(ops, n)
	sc := &scratch{}
	for i, s := range secs {
		d := &fileDiff{lines: lines, nums: nums, s: s, sc: sc}
		ops = d.ops(ops, cut && i == len(secs)-1)
	}
	return ops
}

// fileDiff is one file's section of a diff.
type fileDiff struct {
	lines []string
	nums  *numbering
	s     section
	sc    *scratch // shared by the diff's sections, read one after another
}

// scratch holds what a section's reading needs only until its operations
// are built: the next section reuses it.
type scratch struct {
	file  file
	lines []hline
	frags []frag
	slab  []string        // the lines of Replace operations, cut off as they are made
	raw   strings.Builder // the text of hunks' Raw, sliced off as it is written
}

// maxRawChunk bounds the text array hunks share (see text).
const maxRawChunk = 64 << 10

// text returns a builder with room for n more bytes, whose text the diff's
// hunks share: each Raw is a slice of it, one allocation for many hunks (a
// string each spent more on allocating than on copying). What a builder
// has written never changes, as it only appends, and one without room is
// replaced, not grown, so that nothing is copied twice. Its arrays double
// up to maxRawChunk, so a small diff allocates no more than it writes.
func (sc *scratch) text(n int) *strings.Builder {
	if sc == nil {
		b := &strings.Builder{}
		b.Grow(n)
		return b
	}
	if sc.raw.Cap()-sc.raw.Len() < n {
		size := max(n, min(2*sc.raw.Cap(), maxRawChunk))
		sc.raw = strings.Builder{}
		sc.raw.Grow(size)
	}
	return &sc.raw
}

// take returns an empty slice with room for n strings, cut from an array
// shared with the next hunks: one allocation for many hunks' lines. Each
// slice has its own part, capped, so that appending to one never writes
// into another.
func (sc *scratch) take(n int) []string {
	if sc == nil {
		return make([]string, 0, n)
	}
	if cap(sc.slab) < n {
		sc.slab = make([]string, 0, max(n, 1024))
	}
	out := sc.slab[0:0:n]
	sc.slab = sc.slab[n:n]
	return out
}

// extraOps counts the operations a section may make besides one a hunk: a
// move for a rename, a chmod for a mode change.
func (s section) extraOps(lines []string) int {
	end := s.end
	if len(s.hunks) > 0 {
		end = s.hunks[0].at
	}
	n := 0
	for _, l := range lines[s.start:end] {
		if strings.HasPrefix(l, "rename from ") || strings.HasPrefix(l, "new mode ") {
			n++
		}
	}
	return n
}

// ops reads the section: as a real git diff when go-gitdiff accepts it
// with every line accounted for (then its line numbers are kept as
// hints), and otherwise with recounted hunks, located by content alone.
func (d *fileDiff) ops(ops []editcore.Op, cut bool) []editcore.Op {
	if f := d.strict(); f != nil {
		return d.build(ops, f, true)
	}
	switch {
	case cut:
		return append(ops, d.malformed("the response ended inside the diff's code fence, so its last hunk may be cut off; close the fence after the diff")...)
	case d.has("GIT binary patch"), d.has("Binary files "):
		return append(ops, d.malformed(binaryProblem)...)
	}
	f, err := d.lenient()
	if err != nil {
		return append(ops, d.malformed(err.Error())...)
	}
	return d.build(ops, f, false)
}

const binaryProblem = "binary patches are not supported: change binary files with other tools"

// prefixed reports whether a "diff --git" line uses git's a/ b/ prefixes,
// which go-gitdiff drops. Without them it would drop a real directory, so
// such a section is read from its ---/+++ lines instead.
func (d *fileDiff) prefixed() bool {
	l := d.lines[d.s.start]
	return d.s.git && (strings.HasPrefix(l, "diff --git a/") || strings.HasPrefix(l, `diff --git "a/`))
}

// headerEnd is the index of the section's first hunk line.
func (d *fileDiff) headerEnd() int {
	if len(d.s.hunks) > 0 {
		return d.s.hunks[0].at
	}
	return d.s.end
}

func (d *fileDiff) has(prefix string) bool {
	for _, l := range d.lines[d.s.start:d.headerEnd()] {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// strict reads the section as written, then with blank lines after each
// hunk dropped (a blank line between hunks is a separator, not context),
// and returns the file only when every hunk line was read. The shapes git
// writes are read directly (fast); the rest by go-gitdiff.
func (d *fileDiff) strict() *file {
	switch f, v := d.fast(); v {
	case accepted:
		return f
	case rejected:
		return nil
	}
	if g := d.gitdiffStrict(); g != nil {
		return fromGitdiff(g)
	}
	return nil
}

// gitdiffStrict is strict by go-gitdiff: it stops a hunk where its counts
// say, and would silently skip the rest, so every line is counted here.
func (d *fileDiff) gitdiffStrict() *gitdiff.File {
	for _, h := range d.s.hunks {
		if h.implicit {
			return nil
		}
	}
	for _, trim := range []bool{false, true} {
		var b strings.Builder
		first := d.s.start
		if d.s.git && !d.prefixed() {
			first++
		}
		writeLines(&b, d.lines[first:d.headerEnd()])
		want := make([]int, len(d.s.hunks))
		for k, h := range d.s.hunks {
			from, to := h.body()
			if trim {
				to = trimBlank(d.lines, from, to)
			}
			writeLines(&b, d.lines[h.at:to])
			for _, l := range d.lines[from:to] {
				if !isNoEOL(l) {
					want[k]++
				}
			}
		}
		files, _, err := gitdiff.Parse(strings.NewReader(b.String()))
		if err != nil || len(files) != 1 {
			continue
		}
		f := files[0]
		if f.IsBinary {
			return f
		}
		if len(f.TextFragments) != len(want) {
			continue
		}
		ok := true
		for k, fr := range f.TextFragments {
			ok = ok && len(fr.Lines) == want[k]
		}
		if ok {
			return f
		}
	}
	return nil
}

// lenient reads a model-written section: the file from its ---/+++ lines,
// each hunk's lines checked one by one and recounted, the numbers of its
// @@ line ignored. A blank line in a hunk is a context line whose space
// was stripped; blank lines at a hunk's end are dropped.
func (d *fileDiff) lenient() (*file, error) {
	if d.s.oldHdr < 0 {
		return nil, fmt.Errorf("no \"--- path\" and \"+++ path\" lines naming the file at line %d", d.nums.at(d.s.start))
	}
	for i := d.s.start; i < d.headerEnd(); i++ {
		l := d.lines[i]
		if l != "" && !isGitHeader(l) && !isOldHeader(l) && !isNewHeader(l) && !isExtendedHeader(l) {
			return nil, fmt.Errorf("line %d is not part of a diff header: %q", d.nums.at(i), clip(l))
		}
	}
	if len(d.s.hunks) == 0 {
		return nil, fmt.Errorf("the diff for %s at line %d has no hunks (@@ lines)", clip(d.lines[d.s.oldHdr+1][4:]), d.nums.at(d.s.start))
	}
	var b strings.Builder
	writeLines(&b, d.lines[d.s.oldHdr:d.s.oldHdr+2])
	for _, h := range d.s.hunks {
		from, to := h.body()
		to = trimBlank(d.lines, from, to)
		var oldN, newN, changes int
		body := make([]string, 0, to-from)
		for i := from; i < to; i++ {
			l := d.lines[i]
			switch {
			case l == "":
				l = " "
			case !isBody(l):
				return nil, fmt.Errorf("line %d is not a hunk line (it must start with a space, \"-\" or \"+\"): %q", d.nums.at(i), clip(l))
			}
			switch l[0] {
			case ' ':
				oldN++
				newN++
			case '-':
				oldN++
				changes++
			case '+':
				newN++
				changes++
			}
			body = append(body, l)
		}
		if changes == 0 {
			return nil, fmt.Errorf("the hunk at line %d changes nothing: it has no \"-\" or \"+\" lines", d.nums.at(h.at))
		}
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", min(oldN, 1), oldN, min(newN, 1), newN)
		writeLines(&b, body)
	}
	files, _, err := gitdiff.Parse(strings.NewReader(b.String()))
	switch {
	case err != nil:
		return nil, fmt.Errorf("cannot read the diff at line %d: %v", d.nums.at(d.s.start), err)
	case len(files) != 1 || len(files[0].TextFragments) != len(d.s.hunks):
		return nil, fmt.Errorf("cannot read the diff at line %d", d.nums.at(d.s.start))
	}
	return fromGitdiff(files[0]), nil
}

func (d *fileDiff) malformed(problem string) []editcore.Op {
	return []editcore.Op{{Kind: editcore.Malformed, Format: Name, Path: d.headerPath(), Line: d.nums.at(d.s.start),
		Raw: d.raw(d.s.start, d.s.end), Problem: problem}}
}

// headerPath is the file a section names, for reports on a section that
// could not be read: its "+++ " side (or "--- " for a deletion), else the
// "diff --git" line's when both of its names agree.
func (d *fileDiff) headerPath() string {
	if d.s.oldHdr >= 0 {
		p := d.name(strings.TrimPrefix(d.lines[d.s.oldHdr+1], "+++ "), true)
		if p == "/dev/null" {
			p = d.name(strings.TrimPrefix(d.lines[d.s.oldHdr], "--- "), true)
		}
		return p
	}
	if !d.prefixed() {
		return ""
	}
	rest := strings.TrimPrefix(d.lines[d.s.start], "diff --git a/")
	n := (len(rest) - len(" b/")) / 2
	if n > 0 && rest[n:] == " b/"+rest[:n] {
		return rest[:n]
	}
	return ""
}

func (d *fileDiff) raw(from, to int) string { return strings.Join(d.lines[from:to], "\n") }

// trimBlank returns the end of lines[from:to] without its trailing blank
// lines.
func trimBlank(lines []string, from, to int) int {
	for to > from && lines[to-1] == "" {
		to--
	}
	return to
}

func writeLines(b *strings.Builder, lines []string) {
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// clip shortens a line quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}
