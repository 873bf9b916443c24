package udiff

import (
	"fmt"
	"os"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// maxHint bounds the line numbers kept as hints: a larger one cannot be a
// line of a file this tool edits, and would only risk overflow.
const maxHint = 1 << 30

// build turns one parsed file into operations. trusted says go-gitdiff read
// the section as written, so its line numbers and modes are the diff's own.
func (d *fileDiff) build(f *gitdiff.File, trusted bool) []editcore.Op {
	strip := !trusted || !d.prefixed()
	from, to := d.name(f.OldName, strip), d.name(f.NewName, strip)
	file := editcore.Op{Format: Name, Line: d.nums[d.s.start], Raw: d.raw(d.s.start, d.s.end)}
	switch {
	case f.IsBinary && f.IsDelete:
		// Nothing of the content to check; deleting is still well defined.
		file.Kind, file.Path = editcore.Delete, from
		return []editcore.Op{file}
	case f.IsBinary:
		return d.refuse(to, binaryProblem)
	case special(f.OldMode) || special(f.NewMode):
		return d.refuse(to, "symbolic links and submodules are not supported: only regular files can be patched")
	case f.IsCopy:
		return d.refuse(to, fmt.Sprintf("file copies are not supported (copy from %s to %s): create %s with a diff from /dev/null instead", from, to, to))
	case f.IsNew:
		file.Kind, file.Path, file.Mode = editcore.Create, to, perm(f.NewMode)
		file.Content = content(f, gitdiff.OpAdd)
		return []editcore.Op{file}
	case f.IsDelete:
		// The removed lines must be the whole file: a diff that removes
		// only part of it deletes nothing.
		file.Kind, file.Path, file.Content = editcore.Delete, from, content(f, gitdiff.OpDelete)
		return []editcore.Op{file}
	}
	var ops []editcore.Op
	if f.IsRename {
		mv := file
		mv.Kind, mv.From, mv.Path = editcore.Move, from, to
		ops = append(ops, mv)
	}
	ops = append(ops, d.hunks(f, to, trusted)...)
	if f.OldMode != 0 && f.NewMode != 0 && perm(f.OldMode) != perm(f.NewMode) {
		ch := file
		ch.Kind, ch.Path, ch.Mode = editcore.Chmod, to, perm(f.NewMode)
		ops = append(ops, ch)
	}
	if len(ops) == 0 {
		return d.refuse(to, "the diff for "+to+" changes nothing")
	}
	return ops
}

// hunks returns one operation per hunk, grouped so that a file's hunks
// apply all or nothing. With trusted numbers each hunk's hint is its old
// start moved by what the hunks before it added or removed (git applies
// hunks in order, so that is where it sits once they are applied), and the
// hunks are searched in order when the diff lists them in order.
func (d *fileDiff) hunks(f *gitdiff.File, path string, trusted bool) []editcore.Op {
	frags := f.TextFragments
	group := d.nums[d.s.start]
	ordered := trusted && inOrder(frags)
	var delta int64
	var ops []editcore.Op
	for k, fr := range frags {
		h := d.s.hunks[k]
		op := editcore.Op{Format: Name, Path: path, Group: group, Line: d.nums[h.at], Raw: d.hunkRaw(h)}
		if fr.OldLines == 0 {
			ops = append(ops, d.insertion(op, f, fr, delta, trusted)...)
		} else {
			replace(&op, fr.Lines)
			if trusted && fr.OldPosition <= maxHint {
				if at := fr.OldPosition + delta; at >= 1 && at <= maxHint {
					op.Hint = int(at)
				}
			}
			op.InOrder = ordered
			ops = append(ops, op)
		}
		delta += fr.NewLines - fr.OldLines
	}
	return ops
}

// insertion handles a hunk with nothing to locate it by: only added lines.
func (d *fileDiff) insertion(op editcore.Op, f *gitdiff.File, fr *gitdiff.TextFragment, delta int64, trusted bool) []editcore.Op {
	added := content(f, gitdiff.OpAdd)
	switch {
	case fr.OldPosition == 0 && len(f.TextFragments) == 1 && trusted && d.s.git:
		// git's diff of an empty file that gains lines: it must be empty.
		del, create := op, op
		del.Kind, del.Content = editcore.Delete, []byte{}
		create.Kind, create.Content, create.Mode = editcore.Create, added, perm(f.OldMode)
		return []editcore.Op{del, create}
	case len(f.TextFragments) == 1 && (fr.OldPosition == 0 || !trusted):
		// A model's new file written against a missing old side.
		op.Group, op.Kind, op.Content = 0, editcore.Create, added
		return []editcore.Op{op}
	case trusted && fr.OldPosition > 0 && fr.OldPosition <= maxHint && fr.OldPosition+delta >= 0:
		// A zero-context diff (-U0): lines go after the stated line.
		op.Kind, op.Start, op.New = editcore.Insert, int(fr.OldPosition+delta), lines(fr.Lines, gitdiff.OpDelete)
		return []editcore.Op{op}
	}
	op.Kind = editcore.Malformed
	op.Problem = fmt.Sprintf("the hunk at line %d has only added lines, so nothing locates it in %s: include a few unchanged lines around the addition", op.Line, op.Path)
	return []editcore.Op{op}
}

// replace fills a Replace operation from a hunk: leading context is the
// anchor, trailing context the trailing lines, and the lines between are
// the old (context and removed) and new (context and added) text.
func replace(op *editcore.Op, ls []gitdiff.Line) {
	lead := 0
	for lead < len(ls) && ls[lead].Op == gitdiff.OpContext {
		lead++
	}
	trail := 0
	for trail < len(ls)-lead && ls[len(ls)-1-trail].Op == gitdiff.OpContext {
		trail++
	}
	mid := ls[lead : len(ls)-trail]
	op.Kind = editcore.Replace
	op.Anchor = lines(ls[:lead], keepAll)
	op.Old = lines(mid, gitdiff.OpAdd)
	op.New = lines(mid, gitdiff.OpDelete)
	op.Trailing = lines(ls[len(ls)-trail:], keepAll)
}

// keepAll is a skip value for lines that skips nothing.
const keepAll gitdiff.LineOp = -1

// lines returns the text of the lines whose operation is not skip, without
// line terminators; nil for none.
func lines(ls []gitdiff.Line, skip gitdiff.LineOp) []string {
	var out []string
	for _, l := range ls {
		if l.Op != skip {
			out = append(out, strings.TrimSuffix(l.Line, "\n"))
		}
	}
	return out
}

// content is the file text a new (OpAdd) or deleted (OpDelete) file's
// hunks spell out; never nil, so an empty file is "must be empty".
func content(f *gitdiff.File, op gitdiff.LineOp) []byte {
	out := []byte{}
	for _, fr := range f.TextFragments {
		for _, l := range fr.Lines {
			if l.Op == op || l.Op == gitdiff.OpContext {
				out = append(out, l.Line...)
			}
		}
	}
	return out
}

// inOrder reports whether the hunks are listed in file order without
// overlapping, as git writes them; a model's hunks may not be.
func inOrder(frags []*gitdiff.TextFragment) bool {
	var end int64
	for _, fr := range frags {
		if fr.OldPosition < end || fr.OldPosition < 0 || fr.OldPosition > maxHint {
			return false
		}
		end = fr.OldPosition + fr.OldLines
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

// special reports git's symbolic-link and submodule modes (go-gitdiff keeps
// the raw octal value).
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
	var parts []string
	if d.s.oldHdr >= 0 {
		parts = append(parts, d.lines[d.s.oldHdr], d.lines[d.s.oldHdr+1])
	}
	return strings.Join(append(parts, d.lines[h.at:h.end]...), "\n")
}

// refuse reports a file the diff names but this tool does not patch.
func (d *fileDiff) refuse(path, problem string) []editcore.Op {
	ops := d.malformed(problem)
	ops[0].Path = path
	return ops
}
