package provenance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// A note git copied (notes.rewriteRef) names the commit it was written
// for. git copies it to whatever a rebase maps that commit to, and a
// rebase that drops a commit whose change is already upstream maps it to
// the commit it stopped on: main's, a person's commit that made the same
// change. Read there, the note would give the person's lines to the model.
// So a note naming another commit is read only on a rewrite of it:
//
//   - committed no earlier than that commit was made (a rewrite comes
//     after what it rewrites; a rebase with
//     --committer-date-is-author-date keeps the very time), and
//   - keeping its author (name, email and date: rebase, cherry-pick,
//     amend, the first commit of a squash), or its
//     Aiedit-Response-Digest in the message (an amend with
//     --reset-author, a squash's later commits, cherry-pick -x).
//
// One such commit among those the note names is enough: a squash joins
// the notes of several.

// foreign says why commit is no rewrite of any commit docs name other
// than itself, so that its note is not read ("" when there is none, or
// one it rewrites, or one that is gone: settle says so then).
func (r *Resolver) foreign(commit plumbing.Hash, docs []*attrnote.Note) (string, error) {
	var named []plumbing.Hash
	for _, d := range docs {
		if d.Commit != "" && d.Commit != commit.String() && plumbing.IsHash(d.Commit) {
			named = append(named, plumbing.NewHash(d.Commit))
		}
	}
	if len(named) == 0 {
		return "", nil
	}
	x, err := r.repo.Commit(commit)
	if err != nil {
		return "", err
	}
	why := ""
	for _, h := range named {
		c, err := r.repo.Commit(h)
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		w := notRewriteOf(x, c)
		if w == "" {
			return "", nil
		}
		if why == "" {
			why = fmt.Sprintf("commit %.8s: its attribution note was written for commit %.12s, of which it is no rewrite (%s); the note is not read", commit, h, w)
		}
	}
	return why, nil
}

// notRewriteOf says why x cannot be a rewrite of c, or "".
func notRewriteOf(x, c *gitops.Commit) string {
	if x.Committer.When.Before(c.Author.When) {
		return "committed before it"
	}
	if sameSignature(x.Author, c.Author) {
		return ""
	}
	if d := trailer.Decode(c.Message).Digest; d != "" && strings.Contains(x.Message, trailer.KeyDigest+": "+d) {
		return ""
	}
	return "neither its author nor its " + trailer.KeyDigest
}

func sameSignature(a, b gitops.Signature) bool {
	return a.Name == b.Name && a.Email == b.Email && a.When.Equal(b.When)
}
