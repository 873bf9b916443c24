package attribution

import (
	"slices"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A response of thousands of blocks on one long file: diffing the whole
// file after each block made each cost the file's size. A line edit says
// which lines it replaced (editcore.Splice), and the whole-file diff is
// found from there: the lines before the splice are the common prefix
// and those after it the common suffix, each grown across the splice's
// edges line by line as the byte comparison of the whole texts grows it
// (so the owners are exactly those diffing the whole file gives:
// TestSplicesAsWholeDiffs), and only the middle left is diffed. The
// file's text is then not kept up with its lines (file.stale); it is read
// again, once, before an operation that is not a line edit, a group, or
// Ranges needs it, when the file holds exactly the lines the owners
// describe. Only for a session that defers (editcore.Options.Defer): under
// apply -p a person may put a file back between operations, and Sync then
// diffs it against the text the tracker kept.

// followSplices is off in tests that compare with diffing whole files.
var followSplices = true

// splices reports the kinds whose applied edit is one splice of lines.
func splices(k editcore.Kind) bool {
	return k == editcore.Replace || k == editcore.Append || k == editcore.Insert || k == editcore.ReplaceRange
}

// spliced follows sp, made by block, on the owners of its file; false
// when the tracker does not know the file's lines well enough to (it then
// reads the file, as for any other edit).
func (t *Tracker) spliced(sp editcore.Splice, block int) bool {
	f, ok := t.files[sp.Path]
	if !followSplices || !ok || f.dropped {
		return false
	}
	nb, na := f.lines, len(sp.After)
	if !f.stale {
		if f.text != "" && !strings.HasSuffix(f.text, "\n") {
			return false // the edit adds the final newline: its last line differs too
		}
		nb = countLines(f.text)
	}
	if nb != sp.Lines || len(f.owners) > nb || na != nb-(sp.End-sp.Start)+len(sp.New) {
		return false
	}
	d := len(sp.New) - (sp.End - sp.Start)
	after := func(i int) string {
		e := sp.AfterEOL[i]
		if e == "" {
			e = sp.EOL
		}
		return sp.After[i] + e
	}
	before := func(i int) string {
		switch {
		case i < sp.Start:
			return after(i)
		case i < sp.End:
			return sp.Old[i-sp.Start] + sp.OldEOL[i-sp.Start]
		}
		return after(i + d)
	}
	p := sp.Start
	for p < nb && p < na && before(p) == after(p) {
		p++
	}
	s := min(nb-sp.End, nb-p, na-p)
	for s < nb-p && s < na-p && before(nb-1-s) == after(na-1-s) {
		s++
	}
	var b, a strings.Builder
	for i := p; i < nb-s; i++ {
		b.WriteString(before(i))
	}
	for i := p; i < na-s; i++ {
		a.WriteString(after(i))
	}
	owners := f.owners
	if len(owners) < nb {
		owners = append(owners, make([]int, nb-len(owners))...)
	}
	fill := func(int, string) int { return block }
	var mid []int
	if b.Len() == 0 {
		mid = fallback(a.String(), fill)
	} else {
		mid = carryWith(b.String(), owners[p:nb-s], a.String(), fill, lineEdits)
	}
	if len(mid) != na-s-p {
		return false
	}
	t.files[sp.Path] = &file{owners: slices.Replace(owners, p, nb-s, mid...), stale: true, lines: na}
	t.stale[sp.Path] = true
	return true
}

// materialize reads again the text of every stale file, which holds the
// lines its owners describe.
func (t *Tracker) materialize() {
	for p := range t.stale {
		f := t.files[p]
		delete(t.stale, p)
		if f == nil || !f.stale {
			continue
		}
		now := t.read(t.cur, p)
		now.owners = f.owners
		t.files[p] = t.keep(now)
	}
}
