package provenance

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// unnoted says why the owners of the lines of a commit without a note
// cannot be told from its message, or "" when they can (a person's
// commit, or one response's commit whose note was not fetched). A
// message holding the trailers of several responses is a squash (git
// rebase -i, a hosting site's squash merge) whose lines may be any of
// theirs or a person's; a land --squash commit's lines are told only by
// its note.
// pull names the command that fetches the notes ("" without a remote:
// then there is nothing to fetch them from, and no hint).
func unnoted(msg string, pull func() string) string {
	responses := trailer.Count(msg, trailer.KeyResponse)
	squashed := trailer.Count(msg, trailer.KeySquashed) > 0
	switch {
	case squashed:
		if p := pull(); p != "" {
			return "it was made by land --squash and its attribution note is not here: fetch the notes (" + p + ")"
		}
		return "it was made by land --squash and its attribution note is not here"
	case responses > 1:
		return fmt.Sprintf("it joins %d responses (a squash) and has no attribution note: run git aiedit relink to link it to the review branch it came from, or set notes.rewriteRef before squashing (git aiedit notes setup)", responses)
	}
	return ""
}

// noteMissing says why the lines of a response's commit that has no
// attribution note, and came from no commit that has one, cannot be told:
// its trailers name the response, but a line a person changed in the
// commit (an amend, a conflict resolved by hand) would be named the
// response's too.
func noteMissing(r *history.Response, pull string) string {
	fetch := ""
	if pull != "" {
		fetch = "fetch the notes (" + pull + "), or "
	}
	return fmt.Sprintf("it records response %d/%d of %s, but its attribution note is not here, so a line a person changed in it "+
		"(an amend, a conflict resolved by hand) cannot be told from the response's: %srun git aiedit relink if git rewrote it", r.N, r.Total, r.TranscriptName(), fetch)
}

// UnknownError is a commit whose lines' owners cannot be told (see
// Owner.Unknown): composing through it would have to guess.
type UnknownError struct {
	Commit plumbing.Hash
	Reason string
}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("commit %.12s: cannot tell who wrote its lines: %s", e.Commit, e.Reason)
}
