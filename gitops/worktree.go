package gitops

import (
	"context"
	"path/filepath"
	"strings"
)

// AddWorktree checks branch out into a new linked worktree at dir, for
// review. branch may be a short name or a full refs/heads/ name; a
// relative dir is relative to the process's working directory.
func (r *Repo) AddWorktree(ctx context.Context, dir, branch string) error {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	branch = strings.TrimPrefix(branch, "refs/heads/")
	_, err := r.git("worktree", "add", "--quiet", "--", dir, branch).output(ctx, "worktree add "+dir)
	return err
}

// WorktreeClean reports whether the working tree at dir has no local
// changes to tracked files, staged or not (untracked files do not count:
// MoveCheckedOut refuses to overwrite them anyway).
func (r *Repo) WorktreeClean(ctx context.Context, dir string) (bool, error) {
	// status refreshes the index's stat information under the index's
	// lock (which read-tree then relies on: it takes a file whose stat
	// changed for a local change). Killed with its run, it would leave
	// index.lock behind and stop the next land or undo: it outlives a
	// killed run instead, and ends as soon as it has written.
	out, err := gitCmd{dir: dir, args: []string{"status", "--porcelain", "--untracked-files=no"}, outlive: true}.output(ctx, "status "+dir)
	if err != nil {
		return false, err
	}
	return strings.TrimSpace(out) == "", nil
}
