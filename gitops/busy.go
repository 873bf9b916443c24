package gitops

import (
	"os"
	"path/filepath"
	"strings"
)

// BusyBranch is a branch that a git operation in progress will come
// back to: a rebase that is rewriting it, or a bisect started on it.
// While one runs the branch is not checked out (HEAD is detached), yet
// moving it breaks the operation: `git rebase --continue` would then
// fail, as git's own `git branch -f` knows and refuses.
type BusyBranch struct {
	Worktree string // the worktree the operation runs in
	Op       string // "rebase" or "bisect"
}

// Resume is the command that finishes the operation.
func (b *BusyBranch) Resume() string {
	if b.Op == "bisect" {
		return "git bisect reset"
	}
	return "git rebase --continue"
}

// Abandon is the command that stops it, leaving the branch as it was.
func (b *BusyBranch) Abandon() string {
	if b.Op == "bisect" {
		return "git bisect reset"
	}
	return "git rebase --abort"
}

// Busy reports whether ref (refs/heads/…) is being rebased or bisected
// in one of the repository's worktrees, as git's branch.c asks
// (wt_status_check_rebase, wt_status_check_bisect,
// sequencer_get_update_refs_state): from the state files
// rebase-merge/head-name, rebase-apply/head-name, rebase-merge/update-refs
// (the other branches `git rebase --update-refs` will move when it ends)
// and BISECT_START in each worktree's git directory. nil when it is not.
func (r *Repo) Busy(ref string) *BusyBranch {
	dirs := map[string]string{r.CommonDir: r.mainWorktree()}
	if entries, err := os.ReadDir(filepath.Join(r.CommonDir, "worktrees")); err == nil {
		for _, e := range entries {
			gitDir := filepath.Join(r.CommonDir, "worktrees", e.Name())
			wt := gitDir
			if data, err := os.ReadFile(filepath.Join(gitDir, "gitdir")); err == nil {
				wt = filepath.Dir(strings.TrimSpace(string(data)))
			}
			dirs[gitDir] = wt
		}
	}
	for gitDir, wt := range dirs {
		for _, f := range []string{"rebase-merge/head-name", "rebase-apply/head-name"} {
			if data, err := os.ReadFile(filepath.Join(gitDir, filepath.FromSlash(f))); err == nil && strings.TrimSpace(string(data)) == ref {
				return &BusyBranch{Worktree: wt, Op: "rebase"}
			}
		}
		if updateRefs(gitDir)[ref] {
			return &BusyBranch{Worktree: wt, Op: "rebase"}
		}
		// BISECT_START holds the short name of the branch bisect goes
		// back to (or a commit id when it started detached).
		if data, err := os.ReadFile(filepath.Join(gitDir, "BISECT_START")); err == nil {
			if name, ok := strings.CutPrefix(ref, "refs/heads/"); ok && strings.TrimSpace(string(data)) == name {
				return &BusyBranch{Worktree: wt, Op: "bisect"}
			}
		}
	}
	return nil
}

// mainWorktree is the main worktree's top: the common directory's
// parent when it is a .git directory; else the directory itself (bare).
func (r *Repo) mainWorktree() string {
	if filepath.Base(r.CommonDir) == ".git" {
		return filepath.Dir(r.CommonDir)
	}
	return r.CommonDir
}

// updateRefs reads rebase-merge/update-refs as git's sequencer writes
// it: for each branch, three lines (its name, the commit it was at, the
// commit it will be set to).
func updateRefs(gitDir string) map[string]bool {
	data, err := os.ReadFile(filepath.Join(gitDir, "rebase-merge", "update-refs"))
	if err != nil {
		return nil
	}
	refs := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if i%3 == 0 && line != "" {
			refs[line] = true
		}
	}
	return refs
}
