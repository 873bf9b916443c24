package engine

// This file records provenance with each response commit: the
// Assisted-by trailer and the attribution note (docs/attribution.md).

import (
	"context"
	"io"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// Agent names the program that produced a transcript, for Assisted-by
// and the notes: the source's name; a plain chat log is "chat".
func Agent(src transcript.Source) string {
	switch src {
	case "", transcript.Raw, transcript.Markdown:
		return "chat"
	}
	return string(src)
}

// track starts following which block writes which line of the response.
func (r *response) track() {
	if r.b.st.dryRun {
		return
	}
	base := r.before
	if base == nil {
		base = r.b.tfs.Snapshot()
	}
	r.attr = attribution.New(r.b.tfs, base)
	// Past 16,384 files the tracker lets go of them to a file of its
	// own, nameless in TMPDIR, so that a response's memory does not grow
	// with the files it writes.
	r.attr.SpillTo(func() (attribution.SpillFile, error) {
		return ownedtemp.Unnamed("git-aiedit-attribution-")
	})
}

func (r *response) apply(op *editcore.Op) editcore.Result {
	if r.attr == nil {
		return r.sess.Apply(op)
	}
	return r.attr.Apply(r.sess, op)
}

func (r *response) applyGroup(ops []*editcore.Op) []editcore.Result {
	if r.attr == nil {
		return r.sess.ApplyGroup(ops)
	}
	return r.attr.ApplyGroup(r.sess, ops)
}

// assistedBy is the Assisted-by trailer's value (the Linux kernel's
// coding-assistants convention, AGENT:MODEL), "" when aiedit.assistedBy
// is false. It is read once per run.
func (a *applier) assistedBy(ctx context.Context, r *responseState) (string, error) {
	a.assistedOnce.Do(func() {
		a.assistedOn, a.assistedErr = a.repo.ConfigBool(ctx, "aiedit.assistedBy", true)
	})
	if a.assistedErr != nil {
		return "", exitcode.WithCode(exitcode.Usage, a.assistedErr)
	}
	if !a.assistedOn {
		return "", nil
	}
	model := r.model
	if model == "" {
		model = "unknown"
	}
	return Agent(r.in.source) + ":" + model, nil
}

// note is the attribution note of the response's commit: the lines its
// applied blocks wrote, and those of blocks a person edited (-p) that the
// person left as the block wrote them. nil when it wrote none (or none
// was kept: a check or the commit-msg hook rolled them back), unless a
// person edited a block: the note, even with no lines, then says that
// the lines of the commit it does not list are not the model's (without
// a note, blame takes every line of the commit for the response's).
//
// Its files are walked as it is written, never held all at once: those
// of a response of many files are read back from the tracker's spill.
func (r *responseState) note() (*responseNote, error) {
	n := &responseNote{
		head: &attrnote.Note{Responses: []attrnote.Response{{
			Transcript: r.transcript, Response: r.index, Total: r.total, Model: r.model, Agent: Agent(r.in.source),
		}}},
		r: r,
	}
	if r.summary().Edited > 0 {
		return n, nil
	}
	some := false
	if err := n.files(func(attrnote.File) bool {
		some = true
		return false
	}); err != nil || !some {
		return nil, err
	}
	return n, nil
}

// responseNote is a response's attribution note, written from its
// ranges when it is stored.
type responseNote struct {
	head *attrnote.Note
	r    *responseState
}

// files yields the note's files in path order: those whose runs a
// block that kept its lines wrote.
func (n *responseNote) files(yield func(attrnote.File) bool) error {
	blocks := &n.r.blocks
	var lines []attrnote.Lines // a file's, written before the next is read
	return n.r.ranges.Each(func(p string, rs []attribution.Range) bool {
		lines = lines[:0]
		for _, rg := range rs {
			if b := rg.Block; b < 1 || b > blocks.Len() || !wroteLines(blocks.Status(b-1)) {
				continue
			}
			lines = append(lines, attrnote.Lines{Start: rg.Start, End: rg.End, Block: rg.Block})
		}
		return len(lines) == 0 || yield(attrnote.File{Path: p, Lines: lines})
	})
}

// encodeTo writes the note of commit to w (a gitops.NoteStream).
func (n *responseNote) encodeTo(w io.Writer) error {
	return n.head.EncodeFilesTo(w, n.files)
}

// wroteLines reports whether a block of this status has its lines in the
// commit: applied, or edited by a person (the lines the person changed
// are no block's: attribution.Tracker.Sync).
func wroteLines(st editcore.Status) bool {
	return st == editcore.Applied || st == editcore.Edited
}

// skipTracked numbers a block recorded without being applied (-p).
func (r *response) skipTracked(op *editcore.Op) {
	if r.attr != nil {
		r.attr.Skip(op)
	}
}

// syncTracked tells attribution that a person changed these files (-p).
func (r *response) syncTracked(paths ...string) {
	if r.attr == nil {
		return
	}
	for _, p := range paths {
		if p != "" && p != "-" {
			r.attr.Sync(p)
		}
	}
}
