package relink

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// report is what a relink run decided, commit by commit: the notes to
// write and a line for each commit it linked or left alone. Lines are
// printed only after the notes are written, so nothing is reported as
// done before it is.
type report struct {
	notes   map[plumbing.Hash][]byte
	lines   []string
	skipped int // commits without trailers that matched nothing: people's
}

func (p *report) say(format string, args ...any) {
	p.lines = append(p.lines, fmt.Sprintf(format, args...))
}

// link decides t's note: the one git copied onto it, or one made from
// the review commits it matches; a commit that matches none is left
// alone, and said so when it came from git-aiedit.
func (p *report) link(ctx context.Context, repo *gitops.Repo, res *provenance.Resolver, m *matcher, t *gitops.Commit) error {
	name := fmt.Sprintf("%.8s %s", t.Hash, firstLine(t.Message))
	if p.copied(repo, res, t, name) {
		return nil
	}
	mt, why, err := m.find(ctx, t)
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if mt == nil {
		p.unmatched(t, name, why)
		return nil
	}
	note, from, err := matchNote(ctx, res, mt, t.Hash)
	var unknown *provenance.UnknownError
	if errors.As(err, &unknown) {
		p.say("left alone %s: it matches %s, but %v", name, strings.TrimPrefix(from, "squash of "), err)
		return nil
	}
	if err != nil {
		return exitcode.WithCode(exitcode.Repo, err)
	}
	if note == nil {
		p.say("%s: %s, in which no line a response wrote is left; no note needed", name, from)
		return nil
	}
	p.notes[t.Hash] = note.EncodeFor(t.Hash)
	p.say("%s: %s", name, from)
	return nil
}

// copied takes a note git copied or joined onto t (notes.rewriteRef):
// written again as t's own, once it can be placed; false when there is
// none that can.
func (p *report) copied(repo *gitops.Repo, res *provenance.Resolver, t *gitops.Commit, name string) bool {
	if docs, _ := provenance.ReadNote(repo, res.Notes(), t.Hash); docs == nil {
		return false
	}
	note, err := res.Note(t.Hash)
	if err != nil || note == nil {
		return false
	}
	p.notes[t.Hash] = note.EncodeFor(t.Hash)
	p.say("%s: the note git copied here, placed on this commit's lines", name)
	return true
}

// unmatched reports a commit that matched no review commit, when it
// names git-aiedit responses or several origins matched; others are
// people's commits, only counted.
func (p *report) unmatched(t *gitops.Commit, name, why string) {
	if why == "" && !fromAiedit(t.Message) {
		p.skipped++
		return
	}
	if why == "" {
		why = "it names git-aiedit responses but matches no review commit or branch exactly (fetch the review branches and their notes, or relink it where they are)"
	}
	p.say("left alone %s: %s", name, why)
}

// matchNote makes target's note from its match, and says what the match
// is for the report.
func matchNote(ctx context.Context, res *provenance.Resolver, mt *match, target plumbing.Hash) (note *attrnote.Note, from string, err error) {
	if mt.copyOf != nil {
		note, err = res.Moved(mt.copyOf.commit.Hash, target)
		return note, fmt.Sprintf("rebased copy of %.8s", mt.copyOf.commit.Hash), err
	}
	note, err = res.Compose(ctx, mt.run, target)
	from = "squash of " + mt.from
	if len(mt.run) == 1 && strings.Contains(mt.from, "..") { // one commit, on no named branch
		from = fmt.Sprintf("rebased copy of %.8s", mt.run[0])
	}
	return note, from, err
}

// finish writes the notes (unless it is a dry run), then prints the
// report.
func (p *report) finish(ctx context.Context, repo *gitops.Repo, opts *Options) error {
	verb := "relinked"
	if opts.DryRun {
		verb = "would relink"
	} else if len(p.notes) > 0 {
		if err := repo.AddNotes(ctx, attrnote.Ref, p.notes, "aiedit: relink "+english.Count(len(p.notes), "commit")); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	for _, l := range p.lines {
		if strings.HasPrefix(l, "left alone ") {
			fmt.Fprintf(opts.IO.ErrOut, "relink: %s\n", l)
		} else {
			fmt.Fprintf(opts.IO.ErrOut, "relink: %s %s\n", verb, l)
		}
	}
	match := "match"
	if p.skipped == 1 {
		match = "matches"
	}
	fmt.Fprintf(opts.IO.ErrOut, "relink: %s %s; %s without a note %s no review commit (people's commits)\n",
		english.Count(len(p.notes), "note"), map[bool]string{true: "to write", false: "written"}[opts.DryRun], english.Count(p.skipped, "other commit"), match)
	return nil
}
