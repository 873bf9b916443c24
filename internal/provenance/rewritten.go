package provenance

import (
	"errors"
	"sort"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// rewrittenNote reads, for an aiedit commit that has no note, the notes
// of the commits it was rewritten from: git rebase, commit --amend and
// cherry-pick keep the message (so the response's Aiedit-Response-Digest)
// but, without notes.rewriteRef, not the note. The lines of the noted
// commits are followed through the difference to commit, as for a note
// git copied: a line a person changed on the way (a conflict resolved by
// hand, an amend) is then theirs, not the response's. It returns nil
// docs when no noted commit holds the same response.
func (r *Resolver) rewrittenNote(commit plumbing.Hash, digest string) ([]*attrnote.Note, error) {
	if digest == "" {
		return nil, nil
	}
	if r.byDigest == nil {
		r.byDigest = map[string][]plumbing.Hash{}
		for _, c := range r.notes.Commits() {
			cm, err := r.repo.Commit(c)
			if errors.Is(err, plumbing.ErrObjectNotFound) {
				continue // a note of a commit gc pruned
			}
			if err != nil {
				return nil, err
			}
			if resp, ok := history.FromCommit(cm); ok && resp.Digest != "" {
				r.byDigest[resp.Digest] = append(r.byDigest[resp.Digest], c)
			}
		}
		for _, cs := range r.byDigest {
			sort.Slice(cs, func(i, j int) bool { return cs[i].String() < cs[j].String() })
		}
	}
	var docs []*attrnote.Note
	for _, orig := range r.byDigest[digest] {
		if orig == commit {
			continue
		}
		ds, err := ReadNote(r.repo, r.notes, orig)
		var bad *BadNote
		if errors.As(err, &bad) {
			continue // no note to follow; blame names it where it is read
		}
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			if d.Commit == "" {
				cp := *d
				cp.Commit = orig.String() // written for orig, before notes named their commit
				d = &cp
			}
			docs = append(docs, d)
		}
	}
	return docs, nil
}
