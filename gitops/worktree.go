package gitops

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
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
// `git reset --keep` refuses to overwrite them anyway).
func (r *Repo) WorktreeClean(ctx context.Context, dir string) (bool, error) {
	out, err := gitCmd{dir: dir, args: []string{"status", "--porcelain", "--untracked-files=no"}}.output(ctx, "status "+dir)
	if err != nil {
		return false, err
	}
	return strings.TrimSpace(out) == "", nil
}

// ResetKeep moves the branch checked out at dir to target the way
// `git reset --keep` does: index and files follow, and git refuses
// rather than lose a local change. reason is the reflog message.
func (r *Repo) ResetKeep(ctx context.Context, dir string, target plumbing.Hash, reason string) error {
	// target may be an object this process wrote: git must see it.
	c := gitCmd{dir: dir, args: []string{"reset", "--quiet", "--keep", target.String()}, env: []string{"GIT_REFLOG_ACTION=" + reason},
		pre: r.PublishObjects()}
	_, err := c.output(ctx, "reset --keep in "+dir)
	return err
}
