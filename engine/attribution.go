package engine

// This file records provenance with each response commit: the
// Assisted-by trailer and the attribution note (docs/attribution.md).

import (
	"context"
	"sort"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/attribution"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
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
func (r *responseState) note() *attrnote.Note {
	edited := r.summary().Edited > 0
	if len(r.ranges) == 0 && !edited {
		return nil
	}
	a := &attrnote.Note{Responses: []attrnote.Response{{
		Transcript: r.transcript, Response: r.index, Total: r.total, Model: r.model, Agent: Agent(r.in.source),
	}}}
	paths := make([]string, 0, len(r.ranges))
	for p := range r.ranges {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	// One array for every file's lines and one for the files: a response
	// of 10,000 files made 10,000 small slices and grew the list by a
	// quarter at a time.
	n := 0
	for _, rs := range r.ranges {
		n += len(rs)
	}
	lines := make([]attrnote.Lines, 0, n)
	a.Files = make([]attrnote.File, 0, len(paths))
	for _, p := range paths {
		start := len(lines)
		for _, rg := range r.ranges[p] {
			if b := rg.Block; b < 1 || b > r.blocks.Len() || !wroteLines(r.blocks.Status(b-1)) {
				continue
			}
			lines = append(lines, attrnote.Lines{Start: rg.Start, End: rg.End, Block: rg.Block})
		}
		if len(lines) > start {
			a.Files = append(a.Files, attrnote.File{Path: p, Lines: lines[start:len(lines):len(lines)]})
		}
	}
	if len(a.Files) == 0 && !edited {
		return nil
	}
	return a
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
