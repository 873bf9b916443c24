package engine

// apply -p: before a response is committed, each block that changed the
// tree is shown and the user decides (review package). A block is applied
// first, on the response's tree, so that its diff is exactly what would
// be committed; "no" restores the tree as it was before the block.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/repopath"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/ask"
	"github.com/git-aiedit/git-aiedit/internal/diffview"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// rest is what a response's later blocks get without asking ('a', 'd', 'q').
type rest int

const (
	askEach rest = iota
	acceptRest
	rejectRest
)

// reviewUnit applies one block (or one group of blocks that stand or fall
// together) and asks the user about it.
func (r *response) reviewUnit(unit []editcore.Op) {
	a := r.b.a
	switch r.rest {
	case acceptRest:
		r.recordAll(unit, r.applyUnit(unit))
		return
	case rejectRest:
		why := "not applied: the user answered d (done with this response)"
		if a.quitting {
			why = "not applied: the user quit the review (q)"
		}
		for i := range unit {
			op := &unit[i]
			r.skipTracked(op)
			r.record(op, editcore.Result{Op: op, Path: repopath.Clean(op.Path), Status: editcore.Rejected, Message: why})
		}
		return
	}
	snap := r.b.tfs.Snapshot()
	results := r.applyUnit(unit)
	changed := false
	for _, res := range results {
		changed = changed || res.Status == editcore.Applied
	}
	if !changed {
		r.recordAll(unit, results) // nothing to decide: failed, already there
		return
	}
	first := results[0]
	block := ask.Block{
		Heading: fmt.Sprintf("%s, block %d", r.r.label(r.b.st.multi), r.r.blocks.Len()+1),
		Path:    orDash(first.Path), Line: first.Line, Status: statusDetail(first),
		Diff: r.diffSince(snap, unit, results),
	}
	for {
		ans, err := a.review.Ask(a.intr, block)
		if errors.Is(err, ask.ErrInterrupted) || err != nil {
			r.halted = true
			a.halt(stopInterrupted)
			return
		}
		switch ans {
		case ask.Yes:
			r.recordAll(unit, results)
		case ask.All:
			r.rest = acceptRest
			r.recordAll(unit, results)
		case ask.No, ask.Done, ask.Quit:
			r.b.tfs.Restore(snap)
			why := "rejected by the user"
			if ans == ask.Done {
				r.rest = rejectRest
			}
			if ans == ask.Quit {
				r.rest = rejectRest
				a.quitting = true
			}
			for i := range results {
				if results[i].Status == editcore.Applied {
					results[i].Status, results[i].Match, results[i].Message = editcore.Rejected, "", why
					r.syncTracked(results[i].Path, repopath.Clean(unit[i].From))
				}
			}
			r.recordAll(unit, results)
		case ask.Edit:
			done, err := r.edit(block, first, results)
			if err != nil {
				r.halted = true
				a.halt(stopInterrupted)
				return
			}
			if !done {
				continue // the editor failed or there was nothing to edit: ask again
			}
			r.recordAll(unit, results)
		}
		return
	}
}

// edit opens the block's result in the editor and puts what is saved in
// the tree. It reports false when the block is still undecided, and
// ask.ErrInterrupted when the run was interrupted meanwhile.
func (r *response) edit(block ask.Block, first editcore.Result, results []editcore.Result) (bool, error) {
	a := r.b.a
	cur, ok := readTree(r.b.tfs, first.Path)
	if !ok {
		a.review.Say("nothing to edit: after this block %s does not exist; answer y or n", block.Path)
		return false, nil
	}
	saved, err := a.review.EditText(a.intr, first.Path, cur)
	if errors.Is(err, ask.ErrInterrupted) {
		return false, err
	}
	if err != nil {
		a.review.Say("%v", err)
		return false, nil
	}
	if bytes.Equal(saved, cur) {
		return true, nil // saved as proposed: applied as it is
	}
	if err := writeTree(r.b.tfs, first.Path, saved); err != nil {
		a.review.Say("cannot keep the edited file: %v", err)
		return false, nil
	}
	r.syncTracked(first.Path) // the lines the person wrote are theirs
	for i := range results {
		if results[i].Status == editcore.Applied {
			results[i].Status, results[i].Message = editcore.Edited, "edited by the user before it was committed"
		}
	}
	return true, nil
}

// applyUnit applies one operation, or a group, without recording it.
func (r *response) applyUnit(unit []editcore.Op) []editcore.Result {
	if len(unit) == 1 && unit[0].Group == 0 {
		return []editcore.Result{r.apply(&unit[0])}
	}
	group := make([]*editcore.Op, len(unit))
	for i := range unit {
		group[i] = &unit[i]
	}
	return r.applyGroup(group)
}

func (r *response) recordAll(unit []editcore.Op, results []editcore.Result) {
	for i := range results {
		r.record(&unit[i], results[i])
	}
}

// diffSince renders what the unit changed: every path its blocks name.
func (r *response) diffSince(snap *gitops.TreeFS, unit []editcore.Op, results []editcore.Result) string {
	cs := r.b.a.opts.streams().ErrColorScheme()
	seen := map[string]bool{}
	var out string
	for i, res := range results {
		for _, p := range []string{res.Path, repopath.Clean(unit[i].From)} {
			if p == "" || seen[p] {
				continue
			}
			seen[p] = true
			old, hadOld := readTree(snap, p)
			cur, hasCur := readTree(r.b.tfs, p)
			if hadOld == hasCur && bytes.Equal(old, cur) {
				continue
			}
			c := history.FileChange{Path: p, Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular, Old: old, New: cur}
			switch {
			case !hadOld:
				c.Status, c.OldMode = 'A', filemode.Empty
			case !hasCur:
				c.Status, c.NewMode = 'D', filemode.Empty
			}
			c.Binary = history.IsBinary(old) || history.IsBinary(cur)
			out += diffview.File(cs, c)
		}
	}
	return out
}

func statusDetail(r editcore.Result) string {
	if r.Match != "" && r.Match != "exact" {
		return string(r.Status) + ":" + string(r.Match)
	}
	return string(r.Status)
}

// readTree reads a regular file of a tree view; ok is false when there is
// none.
func readTree(fs *gitops.TreeFS, p string) ([]byte, bool) {
	if p == "" || p == "-" {
		return nil, false
	}
	info, err := fs.Lstat(p)
	if err != nil || !info.Mode().IsRegular() {
		return nil, false
	}
	f, err := fs.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	return data, err == nil
}

func writeTree(fs *gitops.TreeFS, p string, data []byte) error {
	f, err := fs.OpenFile(p, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
