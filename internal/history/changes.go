package history

import (
	"bytes"
	"context"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// FileChange is one file a response's commit changed.
type FileChange struct {
	Path             string
	Status           byte   // 'A', 'D', 'M' or 'T', as git diff --raw; 'R' from WithRenames
	OldPath          string // a rename's path in the parent (WithRenames)
	OldMode, NewMode filemode.FileMode
	Old, New         []byte // content on each side; nil where absent or not a blob
	Binary           bool
	Added, Deleted   int // lines; 0 for binary files
}

// Changes reads what a response's commit changed compared with its first
// parent, with line counts (as `git diff --numstat`).
func Changes(ctx context.Context, repo *gitops.Repo, r *Response) ([]FileChange, error) {
	tcs, err := repo.DiffTree(ctx, r.Parent, r.Commit)
	if err != nil {
		return nil, err
	}
	out := make([]FileChange, 0, len(tcs))
	for _, tc := range tcs {
		fc := FileChange{Path: tc.Path, Status: tc.Status, OldMode: tc.OldMode, NewMode: tc.NewMode}
		if fc.Old, err = blobOf(repo, tc.OldMode, tc.OldHash); err != nil {
			return nil, err
		}
		if fc.New, err = blobOf(repo, tc.NewMode, tc.NewHash); err != nil {
			return nil, err
		}
		fc.Binary = IsBinary(fc.Old) || IsBinary(fc.New)
		if !fc.Binary {
			fc.Added, fc.Deleted = countLines(string(fc.Old), string(fc.New))
		}
		out = append(out, fc)
	}
	return out, nil
}

// blobOf reads file content; submodules (commits) have none.
func blobOf(repo *gitops.Repo, mode filemode.FileMode, h plumbing.Hash) ([]byte, error) {
	if h.IsZero() || mode == filemode.Submodule {
		return nil, nil
	}
	return repo.Blob(h)
}

// IsBinary uses git's rule: a NUL byte in the first 8000 bytes.
func IsBinary(b []byte) bool {
	if len(b) > 8000 {
		b = b[:8000]
	}
	return bytes.IndexByte(b, 0) >= 0
}

// countLines counts the lines added and deleted between two texts.
func countLines(before, after string) (added, deleted int) {
	for _, e := range udiff.Lines(before, after) {
		deleted += lineCount(before[e.Start:e.End])
		added += lineCount(e.New)
	}
	return added, deleted
}

// lineCount counts lines, the last one with or without its newline.
func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
