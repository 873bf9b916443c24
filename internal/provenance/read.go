package provenance

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// ReadNote reads commit's attribution note from notes (git reads the
// blob, format/attrnote the documents), each of the documents it holds
// (attrnote.DecodeAll); nil when it has none.
// A note that is no attribution note (a teammate's tool wrote another
// text, a version this one does not read) is a *BadNote.
func ReadNote(repo *gitops.Repo, notes *gitops.Notes, commit plumbing.Hash) ([]*attrnote.Note, error) {
	data, ok, err := repo.Note(notes, commit)
	if err != nil || !ok {
		return nil, err
	}
	docs, err := attrnote.DecodeAll(data)
	if err != nil {
		return nil, &BadNote{Commit: commit, Err: err}
	}
	return docs, nil
}

// BadNote is a commit's note on refs/notes/aiedit that cannot be read as
// an attribution note. Readers skip it, saying so: one bad note must not
// take the attribution of every other commit with it.
type BadNote struct {
	Commit plumbing.Hash
	Err    error
}

func (e *BadNote) Error() string {
	return fmt.Sprintf("the note of commit %.8s on %s is not one git-aiedit can read (%v)", e.Commit.String(), attrnote.Ref, e.Err)
}

func (e *BadNote) Unwrap() error { return e.Err }
