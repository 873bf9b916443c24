package retry

import (
	"io"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// TreeFiles reads files from a commit's tree.
func TreeFiles(repo *gitops.Repo, commit plumbing.Hash) (Files, error) {
	tfs, err := repo.TreeFS(commit)
	if err != nil {
		return nil, err
	}
	return FilesOf(tfs), nil
}

// FilesOf reads files from a tree being edited (apply --retry-cmd quotes
// them as they stand between rounds).
func FilesOf(tfs *gitops.TreeFS) Files {
	return func(path string) ([]byte, bool, error) {
		if tfs.Guard(path) != nil {
			return nil, false, nil // outside the tree, a link, LFS: nothing to quote
		}
		// Any failure to describe the path (missing, or a parent that is
		// a file) means there is no file to quote.
		info, err := tfs.Lstat(path)
		if err != nil || !info.Mode().IsRegular() {
			return nil, false, nil
		}
		f, err := tfs.Open(path)
		if err != nil {
			return nil, false, err
		}
		defer f.Close()
		data, err := io.ReadAll(f)
		return data, err == nil, err
	}
}
