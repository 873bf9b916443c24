package land

import (
	"context"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
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
		status   string // git status --porcelain afterwards
	}{
		"rebase":  {opts: Options{Branch: "review"}, stderr: "landed 3 commits of review on main"},
		"squash":  {opts: Options{Branch: "review", Squash: true}, stderr: "as one commit"},
		"onto it": {opts: Options{Branch: "review", Onto: "main"}, stderr: "landed 3 commits"},
		"remote-tracking": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "update-ref", "refs/remotes/origin/review", "review") },
			opts:  Options{Branch: "origin/review"}, stderr: "landed 3 commits of origin/review on main",
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
			wantErr:  "(this worktree), where app.py holds a local change that is not what landing review brings",
		},
		"error_staged_otherwise": {
			// The file as review has it, the index as neither: git add
			// of something else, then the file put back.
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "docs.md", "staged\n")
				r.Git(t, "add", "docs.md")
				r.Write(t, "docs.md", r.Git(t, "show", "review:docs.md")+"\n")
				asReview(t, r, "app.py", "notes.txt")
				r.Git(t, "status") // its refresh of the index is git's own
			},
			opts:     Options{Branch: "review"},
			wantCode: exitcode.Usage,
			wantErr:  "where docs.md holds a local change",
		},
		"other local changes stay": {
			setup:  func(t *testing.T, r *gittest.Repo) { r.Write(t, "lib.py", "mine\n") },
			opts:   Options{Branch: "review"},
			stderr: "landed 3 commits",
			status: " M lib.py",
		},
		"the branch's changes adopted": {
			setup: func(t *testing.T, r *gittest.Repo) {
				asReview(t, r, "app.py", "other.py", "notes.txt", "docs.md")
				r.Git(t, "add", "other.py")
				r.Write(t, "lib.py", "mine\n")
				r.Git(t, "add", "lib.py")
			},
			opts:   Options{Branch: "review", Squash: true},
			stderr: "the agent's changes to 4 files were already in",
			status: "M  lib.py",
		},
		"partly adopted": {
			setup:  func(t *testing.T, r *gittest.Repo) { asReview(t, r, "docs.md") },
			opts:   Options{Branch: "review"},
			stderr: "the agent's changes to 1 file were already in",
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
			assert.Equal(t, tt.status, r.Git(t, "status", "--porcelain", "--untracked-files=all"), "the files follow main")
			r.Git(t, "fsck", "--strict")
		})
	}
}

// TestSquashMessage: the squash commit lists every commit of the branch;
// a retry round is named as the round it is, and Aiedit-Squashed counts
// responses, not the rounds retrying them.
func TestSquashMessage(t *testing.T) {
	commit := func(n byte, msg string) *gitops.Commit {
		var h plumbing.Hash
		h[0] = n
		return &gitops.Commit{Hash: h, Message: msg, Author: gitops.Signature{Name: "Ada Author"}}
	}
	response := func(n byte, subject, trailers string) *gitops.Commit {
		return commit(n, subject+"\n\nAiedit-Transcript: fix.md sha256:ab\n"+trailers+
			"Aiedit-Block: 1 applied app.py\nAiedit-Summary: applied=1 already_applied=0 failed=0 skipped=0 not_in_context=0\nAssisted-by: chat:gpt-4o\n")
	}
	tests := map[string]struct {
		commits []*gitops.Commit
		want    []string
	}{
		"responses": {
			commits: []*gitops.Commit{
				response(1, "Fix f.", "Aiedit-Response: 1/2\n"),
				response(2, "Fix g.", "Aiedit-Response: 2/2\n"),
			},
			want: []string{
				"aiedit: 2 responses from review\n",
				"\n- 01000000 response 1/2: Fix f. (1 applied)\n",
				"\n- 02000000 response 2/2: Fix g. (1 applied)\n",
				"\nAiedit-Squashed: 2 responses from review\nAssisted-by: chat:gpt-4o\n",
			},
		},
		"retry rounds": {
			commits: []*gitops.Commit{
				response(1, "Fix f.", "Aiedit-Response: 1/2\n"),
				response(2, "Sorry, f again.", "Aiedit-Response: 1/2\nAiedit-Retry-Of: 1 round 1\n"),
				response(3, "Fix g.", "Aiedit-Response: 2/2\n"),
				commit(4, "fix by hand\n"),
			},
			want: []string{
				"aiedit: 2 responses from review\n",
				"\n- 02000000 response 1/2, retry round 1: Sorry, f again. (1 applied)\n",
				"\n- 03000000 response 2/2: Fix g. (1 applied)\n",
				"\n- 04000000 fix by hand (Ada Author)\n",
				"\nAiedit-Squashed: 2 responses from review\n",
			},
		},
		"one response and its round": {
			commits: []*gitops.Commit{
				response(1, "Fix f.", "Aiedit-Response: 1/1\n"),
				response(2, "Sorry.", "Aiedit-Response: 1/1\nAiedit-Retry-Of: 1 round 1\n"),
			},
			want: []string{"\nAiedit-Squashed: 1 responses from review\n"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			l := &lander{branch: "review"}
			got := l.squashMessage(tc.commits)
			for _, w := range tc.want {
				assert.Contains(t, got, w)
			}
		})
	}
}

// asReview writes the files as the branch review has them, as an agent
// working in the checkout would have left them.
func asReview(t *testing.T, r *gittest.Repo, paths ...string) {
	t.Helper()
	for _, p := range paths {
		r.Write(t, p, r.Git(t, "show", "review:"+p)+"\n")
	}
}
