package engine

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// reconcile writes, on top of parent, the --reconcile commit of a replay
// that differs from its record: its tree is the recorded result (for a
// commit the log names, the differing files as that commit has them, the
// rest as the branch has it). It returns the new tip.
func (b *batch) reconcile(ctx context.Context, v *verification, parent plumbing.Hash) (plumbing.Hash, error) {
	repo := b.a.repo
	tree := v.want
	if v.paths != nil {
		tfs, err := repo.TreeFS(parent)
		if err != nil {
			return parent, exitcode.WithCode(exitcode.Repo, err)
		}
		changes, err := repo.DiffTree(ctx, b.treeOf(parent), v.want)
		if err != nil {
			return parent, exitcode.WithCode(exitcode.Repo, err)
		}
		for _, c := range changes {
			if !v.paths[c.Path] {
				continue
			}
			if err := setFrom(repo, tfs, c); err != nil {
				return parent, exitcode.WithCode(exitcode.Repo, err)
			}
		}
		if tree, err = repo.WriteTree(tfs); err != nil {
			return parent, exitcode.WithCode(exitcode.Repo, err)
		}
	}
	body := strings.Join(wrap(fmt.Sprintf("The replay of %s differs from the result its record states (%s) "+
		"in %s. This commit brings the branch to that result. What it changes was not replayed "+
		"from the transcript's edits; the Aiedit-Differs trailers say which files, and why where that is known.",
		b.in.label, v.what, english.Count(len(v.files), "file")), 72), "\n")
	rec := trailer.Record{Reconcile: trailer.Reconcile{What: v.what, Of: b.in.label}, Differs: v.differs()}
	msg := trailer.FormatMessage("aiedit: reconcile with the recorded result", body, rec.Encode())
	c, err := repo.WriteCommit(ctx, tree, []plumbing.Hash{parent}, msg)
	if err != nil {
		return parent, b.a.commitError(ctx, err)
	}
	v.reconciled = c
	return c, nil
}

// setFrom makes one path of tfs what a DiffTree change's new side holds.
func setFrom(repo *gitops.Repo, tfs *gitops.TreeFS, c gitops.TreeChange) error {
	if c.NewHash.IsZero() {
		return tfs.Remove(c.Path)
	}
	data, err := repo.Blob(c.NewHash)
	if err != nil {
		return err
	}
	switch c.NewMode {
	case filemode.Symlink:
		_ = tfs.Remove(c.Path)
		return tfs.Symlink(string(data), c.Path)
	case filemode.Executable:
		if err := tfs.WriteFile(c.Path, data, 0o755); err != nil {
			return err
		}
		return tfs.Chmod(c.Path, 0o755)
	case filemode.Regular:
		if c.OldMode == filemode.Symlink {
			_ = tfs.Remove(c.Path)
		}
		if err := tfs.WriteFile(c.Path, data, 0o644); err != nil {
			return err
		}
		return tfs.Chmod(c.Path, os.FileMode(0o644))
	}
	return fmt.Errorf("%s: a %s in the recorded commit; not reconciled", c.Path, c.NewMode)
}
