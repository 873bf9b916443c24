package notes

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// normalize finishes a union merge: a note both sides had changed is
// now both texts, one JSON document after the other. Where all of them
// were written for the commit the note is on, they are merged into one
// document (the union of their lines), so that the note reads as one
// again and does not grow with every later merge. Documents written for
// other commits (a squash's, under notes.rewriteRef) are left as they
// are: readers place them. It returns how many notes it rewrote.
func normalize(ctx context.Context, repo *gitops.Repo) (int, error) {
	notes, err := repo.ReadNotes(ctx, attrnote.Ref)
	if err != nil {
		return 0, err
	}
	res, err := provenance.NewResolver(ctx, repo)
	if err != nil {
		return 0, err
	}
	out := map[plumbing.Hash][]byte{}
	for _, c := range notes.Commits() {
		docs, err := provenance.ReadNote(repo, notes, c)
		if err != nil || len(docs) < 2 || !allFor(docs, c) {
			continue // unreadable notes stay as they are, for a person to see
		}
		note, err := res.Note(c)
		if err != nil || note == nil {
			continue
		}
		for i := range note.Responses {
			if note.Responses[i].Commit == c.String() {
				note.Responses[i].Commit = "" // the note's own commit, as written by apply
			}
		}
		out[c] = note.EncodeFor(c)
	}
	if len(out) == 0 {
		return 0, nil
	}
	return len(out), repo.AddNotes(ctx, attrnote.Ref, out, "aiedit: merge notes both sides changed")
}

// allFor: every document was written for commit c (or names none).
func allFor(docs []*attrnote.Note, c plumbing.Hash) bool {
	for _, d := range docs {
		if d.Commit != "" && d.Commit != c.String() {
			return false
		}
	}
	return true
}
