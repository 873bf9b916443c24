package provenance

import (
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// ReadNote reads commit's attribution note from notes (git reads the
// blob, format/attrnote the documents), each of the documents it holds
// (attrnote.DecodeAll); nil when it has none.
func ReadNote(repo *gitops.Repo, notes *gitops.Notes, commit plumbing.Hash) ([]*attrnote.Note, error) {
	data, ok, err := repo.Note(notes, commit)
	if err != nil || !ok {
		return nil, err
	}
	return attrnote.DecodeAll(data)
}
