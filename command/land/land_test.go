package land

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/command/history/historytest"
	"github.com/git-aiedit/git-aiedit/command/iostreams"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestRunCheckedOut lands the branch review on main, which is checked
// out here. Whatever stops it, main, the index and the files are as they
// were (the attribution notes of the copies may have been written).
func TestRunCheckedOut(t *testing.T) {
	lock := func(age time.Duration) func(t *testing.T, r *gittest.Repo) {
		return func(t *testing.T, r *gittest.Repo) { r.LockRef(t, "refs/heads/main", age) }
	}
	tests := map[string]struct {
		setup    func(t *testing.T, r *gittest.Repo)
		opts     Options
		stderr   string
		wantCode int
		wantErr  string
	}{
		"rebase":  {opts: Options{Branch: "review"}, stderr: "landed 3 commit(s) of review on main"},
		"squash":  {opts: Options{Branch: "review", Squash: true}, stderr: "as one commit"},
		"onto it": {opts: Options{Branch: "review", Onto: "main"}, stderr: "landed 3 commit(s)"},
		"remote-tracking": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "update-ref", "refs/remotes/origin/review", "review") },
			opts:  Options{Branch: "origin/review"}, stderr: "landed 3 commit(s) of origin/review on main",
		},
		"error_onto_remote_tracking": {
			setup:    func(t *testing.T, r *gittest.Repo) { r.Git(t, "update-ref", "refs/remotes/origin/main", "main") },
			opts:     Options{Branch: "review", Onto: "origin/main"},
			wantCode: exitcode.Usage,
			wantErr:  "land: origin/main is a remote-tracking branch, which only fetch moves",
		},
		"error_untracked_in_the_way": {
			setup:    func(t *testing.T, r *gittest.Repo) { r.Write(t, "docs.md", "mine\n") },
			opts:     Options{Branch: "review"},
			wantCode: exitcode.Usage,
			wantErr:  "(this worktree), where the untracked docs.md would be overwritten; nothing was changed: move or remove it (or `git stash -u`)",
		},
		"error_local_changes": {
			setup:    func(t *testing.T, r *gittest.Repo) { r.Write(t, "app.py", "mine\n") },
			opts:     Options{Branch: "review"},
			wantCode: exitcode.Usage,
			wantErr:  "(this worktree), which has local changes",
		},
		"error_lock_held": {
			setup:    lock(0),
			opts:     Options{Branch: "review"},
			wantCode: exitcode.Repo,
			wantErr:  "main.lock exists); nothing was changed: run the command again once it has finished",
		},
		"error_lock_stale": {
			setup:    lock(time.Hour),
			opts:     Options{Branch: "review"},
			wantCode: exitcode.Repo,
			wantErr:  "land: main is locked: its lock file",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r, _ := historytest.Review(t)
			if tt.setup != nil {
				tt.setup(t, r)
			}
			before := r.Snapshot(t).Without("refs/notes/")
			io, _, out, errOut := iostreams.Test()
			opts := tt.opts
			opts.IO, opts.Dir = io, r.Dir
			err := Run(context.Background(), &opts)
			assert.Empty(t, out.String())
			if tt.wantCode != 0 {
				require.ErrorContains(t, err, tt.wantErr)
				assert.Equal(t, tt.wantCode, exitcode.Of(err, -1))
				assert.Equal(t, before, r.Snapshot(t).Without("refs/notes/"), "nothing changed")
				return
			}
			require.NoError(t, err)
			assert.Contains(t, errOut.String(), tt.stderr)
			assert.NotEqual(t, before.Refs["refs/heads/main"], r.Git(t, "rev-parse", "main"))
			assert.Empty(t, r.Git(t, "status", "--porcelain", "--untracked-files=all"), "the files follow main")
		})
	}
}
