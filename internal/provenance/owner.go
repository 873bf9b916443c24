// Package provenance answers "who wrote this line" from the attribution
// notes (refs/notes/aiedit) and the aiedit trailers, for blame, land and
// export.
package provenance

import (
	"context"
	"errors"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/sharehint"
)

// Owner is who wrote a line: a block of a model response, or a person.
type Owner struct {
	AI       bool
	Response *attrnote.Response // the response, when AI
	Block    int                // its block; 0 when the commit has no note to say
	Commit   plumbing.Hash      // the commit that last changed the line
	Author   string             // the commit's author, for a person's line
	// Unknown is set when neither the note nor the trailers can say who
	// wrote the line; Reason says why. AI is then false: it is no claim.
	Unknown bool
	Reason  string
}

// Resolver reads notes and commits once each.
type Resolver struct {
	repo  *gitops.Repo
	notes *gitops.Notes
	memo  map[plumbing.Hash]*commitInfo
	// byDigest lists the noted commits of each response digest, read
	// once when a commit without a note needs them (rewritten.go).
	byDigest map[string][]plumbing.Hash
	// ignored says which notes were not read, and why (foreign.go).
	ignored []string
	// pull is the command that fetches the notes, "" without a remote
	// (sharehint), read when a reason first needs it.
	pull func() string
}

type commitInfo struct {
	note     *attrnote.Note
	response *history.Response // the commit's trailers, when an aiedit commit
	unknown  string            // why its lines' owners cannot be told, if so
}

// NewResolver reads the attribution notes of repo.
func NewResolver(ctx context.Context, repo *gitops.Repo) (*Resolver, error) {
	notes, err := repo.ReadNotes(ctx, attrnote.Ref)
	if err != nil {
		return nil, err
	}
	pull := sync.OnceValue(func() string { return sharehint.Notes(ctx, repo, "pull") })
	return &Resolver{repo: repo, notes: notes, memo: map[plumbing.Hash]*commitInfo{}, pull: pull}, nil
}

// Ignored lists the notes read so far that were not read as their
// commit's, each with its commit and why: a note git copied onto a commit
// that is no rewrite of the one it was written for (foreign.go).
func (r *Resolver) Ignored() []string { return r.ignored }

// Notes is the notes ref as read.
func (r *Resolver) Notes() *gitops.Notes { return r.notes }

// Note returns commit's attribution note, nil when it has none.
func (r *Resolver) Note(commit plumbing.Hash) (*attrnote.Note, error) {
	in, err := r.info(commit)
	if err != nil {
		return nil, err
	}
	return in.note, nil
}

func (r *Resolver) info(commit plumbing.Hash) (*commitInfo, error) {
	if in, ok := r.memo[commit]; ok {
		return in, nil
	}
	in := &commitInfo{}
	docs, err := ReadNote(r.repo, r.notes, commit)
	var bad *BadNote
	if errors.As(err, &bad) {
		// Its lines are unknown, said with the reason; the other
		// commits' lines are told as usual.
		in.unknown = bad.Error() + ": fix or remove it (git notes --ref=aiedit remove " + commit.String()[:12] + "), then run git aiedit relink"
		r.memo[commit] = in
		return in, nil
	}
	if err != nil {
		return nil, err
	}
	if docs != nil {
		why, err := r.foreign(commit, docs)
		if err != nil {
			return nil, err
		}
		if why != "" {
			r.ignored = append(r.ignored, why)
			docs = nil
		}
	}
	if docs != nil {
		if in.note, in.unknown, err = r.settle(commit, docs); err != nil {
			return nil, err
		}
	}
	if c, err := r.repo.Commit(commit); err == nil {
		if resp, ok := history.FromCommit(c); ok {
			in.response = resp
		}
		if docs == nil {
			in.unknown = unnoted(c.Message, r.pull)
			if in.unknown != "" {
				in.response = nil
			}
		}
		if docs == nil && in.response != nil {
			// Rewritten by git without its note: follow the note of the
			// commit it came from.
			from, err := r.rewrittenNote(commit, in.response.Digest)
			if err != nil {
				return nil, err
			}
			if from != nil {
				if in.note, in.unknown, err = r.settle(commit, from); err != nil {
					return nil, err
				}
			} else {
				in.unknown = noteMissing(in.response, r.pull())
			}
		}
	}
	r.memo[commit] = in
	return in, nil
}

// Who says who wrote line (1-based) of path as commit left it; author is
// the commit's author.
func (r *Resolver) Who(commit plumbing.Hash, path string, line int, author string) (Owner, error) {
	o := Owner{Commit: commit, Author: author}
	in, err := r.info(commit)
	if err != nil {
		return o, err
	}
	if in.unknown != "" {
		o.Unknown, o.Reason = true, in.unknown
		return o, nil
	}
	if in.note != nil {
		if resp, block, ok := in.note.At(path, line); ok {
			o.AI, o.Response, o.Block = true, resp, block
			if o.Response.Commit == "" {
				cp := *o.Response
				cp.Commit = commit.String()
				o.Response = &cp
			}
			return o, nil
		}
	}
	return o, nil
}
