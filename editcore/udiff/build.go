package udiff

import (
	"fmt"
	"os"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// maxHint bounds the line numbers kept as hints: a larger one cannot be a
// line of a file this tool edits, and would only risk overflow.
const maxHint = 1 << 30

// build turns one parsed file into operations. trusted says the section
// was read as written, so its line numbers and modes are the diff's own.
func (d *fileDiff) build(ops []editcore.Op, f *file, trusted bool) []editcore.Op {
	strip := !trusted || !d.prefixed()
	from, to := d.name(f.oldName, strip), d.name(f.newName, strip)
	file := editcore.Op{Format: Name, Line: d.nums.at(d.s.start)}
	chmod := f.oldMode != 0 && f.newMode != 0 && perm(f.oldMode) != perm(f.newMode)
	if f.isNew || f.isDelete || f.isRename || chmod {
		// The section's text, for the operations on the whole file; a
		// file's hunks carry their own.
		file.Raw = d.raw(d.s.start, d.s.end)
	}
	switch {
	case f.isBinary && f.isDelete:
		// Nothing of the content to check; deleting is still well defined.
		file.Kind, file.Path = editcore.Delete, from
		return append(ops, file)
	case f.isBinary:
		return append(ops, d.refuse(to, binaryProblem)...)
	case special(f.oldMode) || special(f.newMode):
		return append(ops, d.refuse(to, "symbolic links and submodules are not supported: only regular files can be patched")...)
	case f.isCopy:
		return append(ops, d.refuse(to, fmt.Sprintf("file copies are not supported (copy from %s to %s): create %s with a diff from /dev/null instead", from, to, to))...)
	case f.isNew:
		file.Kind, file.Path, file.Mode = editcore.Create, to, perm(f.newMode)
		file.Content = content(f, opAdd)
		return append(ops, file)
	case f.isDelete:
		// The removed lines must be the whole file: a diff that removes
		// only part of it deletes nothing.
		file.Kind, file.Path, file.Content = editcore.Delete, from, content(f, opDelete)
		return append(ops, file)
	}
	n := len(ops)
	if f.isRename {
		mv := file
		mv.Kind, mv.From, mv.Path = editcore.Move, from, to
		ops = append(ops, mv)
	}
	ops = d.hunks(ops, f, to, trusted)
	if chmod {
		ch := file
		ch.Kind, ch.Path, ch.Mode = editcore.Chmod, to, perm(f.newMode)
		ops = append(ops, ch)
	}
	if len(ops) == n {
		return append(ops, d.refuse(to, "the diff for "+to+" changes nothing")...)
	}
	return ops
}

// hunks returns one operation per hunk, grouped so that a file's hunks
// apply all or nothing. With trusted numbers each hunk's hint is its old
// start moved by what the hunks before it added or removed (git applies
// hunks in order, so that is where it sits once they are applied), and the
// hunks are searched in order when the diff lists them in order.
func (d *fileDiff) hunks(ops []editcore.Op, f *file, path string, trusted bool) []editcore.Op {
	group := d.nums.at(d.s.start)
	ordered := trusted && inOrder(f.frags)
	var delta int64
	for k := range f.frags {
		fr, h := &f.frags[k], d.s.hunks[k]
		if fr.oldLines == 0 {
			op := editcore.Op{Format: Name, Path: path, Group: group, Line: d.nums.at(h.at), Raw: d.hunkRaw(h)}
			ops = append(ops, d.insertion(op, f, fr, delta, trusted)...)
		} else {
			// Filled in place: an Op is 368 bytes, and copying or
			// clearing one in the array while the collector runs costs a
			// barrier over every pointer in it.
			var op *editcore.Op
			ops, op = extend(ops)
			op.Format, op.Path, op.Group, op.Line, op.Raw = Name, path, group, d.nums.at(h.at), d.hunkRaw(h)
			replace(op, fr.lines, d.sc)
			if trusted && fr.oldPos <= maxHint {
				if at := fr.oldPos + delta; at >= 1 && at <= maxHint {
					op.Hint = int(at)
				}
			}
			op.InOrder = ordered
		}
		delta += fr.newLines - fr.oldLines
	}
	return ops
}

// extend adds an operation to ops and returns it. The array's spare
// capacity is still zero (ops is only grown by append, slices.Grow and
// extend, which never write past the length), so it is not cleared again.
func extend(ops []editcore.Op) ([]editcore.Op, *editcore.Op) {
	if len(ops) == cap(ops) {
		ops = append(ops, editcore.Op{})
	} else {
		ops = ops[:len(ops)+1]
	}
	return ops, &ops[len(ops)-1]
}

// insertion handles a hunk with nothing to locate it by: only added lines.
func (d *fileDiff) insertion(op editcore.Op, f *file, fr *frag, delta int64, trusted bool) []editcore.Op {
	added := content(f, opAdd)
	switch {
	case fr.oldPos == 0 && len(f.frags) == 1 && trusted && d.s.git:
		// git's diff of an empty file that gains lines: it must be empty.
		del, create := op, op
		del.Kind, del.Content = editcore.Delete, []byte{}
		create.Kind, create.Content, create.Mode = editcore.Create, added, perm(f.oldMode)
		return []editcore.Op{del, create}
	case len(f.frags) == 1 && (fr.oldPos == 0 || !trusted):
		// A model's new file written against a missing old side.
		op.Group, op.Kind, op.Content = 0, editcore.Create, added
		return []editcore.Op{op}
	case trusted && fr.oldPos > 0 && fr.oldPos <= maxHint && fr.oldPos+delta >= 0:
		// A zero-context diff (-U0): lines go after the stated line.
		op.Kind, op.Start, op.New = editcore.Insert, int(fr.oldPos+delta), lines(fr.lines, opDelete)
		return []editcore.Op{op}
	}
	op.Kind = editcore.Malformed
	op.Problem = fmt.Sprintf("the hunk at line %d has only added lines, so nothing locates it in %s: include a few unchanged lines around the addition", op.Line, op.Path)
	return []editcore.Op{op}
}

// replace fills a Replace operation from a hunk: leading context is the
// anchor, trailing context the trailing lines, and the lines between are
// the old (context and removed) and new (context and added) text.
func replace(op *editcore.Op, ls []hline, sc *scratch) {
	lead := 0
	for lead < len(ls) && ls[lead].op == opContext {
		lead++
	}
	trail := 0
	for trail < len(ls)-lead && ls[len(ls)-1-trail].op == opContext {
		trail++
	}
	mid := ls[lead : len(ls)-trail]
	// One array for the four lists: a middle line is in Old or New, or in
	// both when it is context.
	n := len(ls)
	for _, l := range mid {
		if l.op == opContext {
			n++
		}
	}
	buf := sc.take(n)
	take := func(ls []hline, skip byte) []string {
		start := len(buf)
		for _, l := range ls {
			if l.op != skip {
				buf = append(buf, l.text)
			}
		}
		if len(buf) == start {
			return nil
		}
		return buf[start:len(buf):len(buf)]
	}
	op.Kind = editcore.Replace
	op.Anchor = take(ls[:lead], keepAll)
	op.Old = take(mid, opAdd)
	op.New = take(mid, opDelete)
	op.Trailing = take(ls[len(ls)-trail:], keepAll)
}

// keepAll is a skip value for lines that skips nothing.
const keepAll byte = 0

// lines returns the text of the lines whose operation is not skip; nil for
// none.
func lines(ls []hline, skip byte) []string {
	var out []string
	for _, l := range ls {
		if l.op != skip {
			out = append(out, l.text)
		}
	}
	return out
}

// content is the file text a new (opAdd) or deleted (opDelete) file's
// hunks spell out; never nil, so an empty file is "must be empty".
func content(f *file, op byte) []byte {
	n := 0
	for _, fr := range f.frags {
		for _, l := range fr.lines {
			n += len(l.text) + 1
		}
	}
	out := make([]byte, 0, n)
	for _, fr := range f.frags {
		for _, l := range fr.lines {
			if l.op == op || l.op == opContext {
				out = append(out, l.text...)
				if !l.noEOL {
					out = append(out, '\n')
				}
			}
		}
	}
	return out
}

// inOrder reports whether the hunks are listed in file order without
// overlapping, as git writes them; a model's hunks may not be.
func inOrder(frags []frag) bool {
	var end int64
	for _, fr := range frags {
		if fr.oldPos < end || fr.oldPos < 0 || fr.oldPos > maxHint {
			return false
		}
		end = fr.oldPos + fr.oldLines
	}
	return true
}

// perm maps a git file mode to the two modes git records for regular
// files; 0 when the diff gives none.
func perm(m os.FileMode) os.FileMode {
	switch {
	case m == 0:
		return 0
	case m&0o111 != 0:
		return 0o755
	}
	return 0o644
}

// special reports git's symbolic-link and submodule modes (the raw octal
// value is kept).
func special(m os.FileMode) bool {
	t := uint32(m) & 0o170000
	return t == 0o120000 || t == 0o160000
}

// name turns a diff's file name into the path the operation names: git
// headers lose their a/ b/ prefixes (go-gitdiff drops them from real git
// headers already, so strip is false then), and a trailing timestamp.
func (d *fileDiff) name(n string, strip bool) string {
	if i := strings.IndexByte(n, '\t'); i >= 0 {
		n = n[:i]
	}
	n = strings.TrimSpace(n)
	if strip {
		n = repopath.StripDiffPrefix(n)
	}
	return n
}

// hunkRaw is a hunk as written, under its file's ---/+++ lines, for
// reports and retry prompts.
func (d *fileDiff) hunkRaw(h hunk) string {
	n := h.end - h.at
	for _, l := range d.lines[h.at:h.end] {
		n += len(l)
	}
	if d.s.oldHdr >= 0 {
		n += len(d.lines[d.s.oldHdr]) + len(d.lines[d.s.oldHdr+1]) + 2
	}
	b := d.sc.text(n)
	start := b.Len()
	if d.s.oldHdr >= 0 {
		b.WriteString(d.lines[d.s.oldHdr])
		b.WriteByte('\n')
		b.WriteString(d.lines[d.s.oldHdr+1])
		b.WriteByte('\n')
	}
	for i, l := range d.lines[h.at:h.end] {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()[start:]
}

// refuse reports a file the diff names but this tool does not patch.
func (d *fileDiff) refuse(path, problem string) []editcore.Op {
	ops := d.malformed(problem)
	ops[0].Path = path
	return ops
}
