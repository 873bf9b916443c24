//go:build !unix

package gitops

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"
)

// followAndCommit moves the files of dir from old to new, then commits
// the prepared transaction; filesMoved reports a commit that failed
// after the files had moved. A refused move aborts the transaction.
func followAndCommit(ctx context.Context, dir string, tx *refTx, old, new plumbing.Hash, a *Adoption) (filesMoved bool, err error) {
	if err := a.stageAdopted(ctx, dir, false); err != nil {
		tx.abort()
		return false, err
	}
	if err := readTree(ctx, dir, old, new); err != nil {
		_ = a.stageAdopted(ctx, dir, true)
		tx.abort()
		return false, err
	}
	if err := tx.commit(); err != nil {
		return true, err
	}
	return false, nil
}

// commit writes the refs.
func (t *refTx) commit() error {
	if err := t.say("commit\n", "commit"); err != nil {
		return err
	}
	return t.end()
}
