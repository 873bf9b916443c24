package undo

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func TestRun(t *testing.T) {
	tests := map[string]struct {
		setup    func(t *testing.T, git func(...string) string)
		opts     Options
		wantTip  string // revision (before the run) the branch must end at
		stderr   string
		wantCode int
		wantErr  string
	}{
		"newest":           {opts: Options{Branch: "review"}, wantTip: "review~1", stderr: "removed 1 response commit from review"},
		"full name":        {opts: Options{Branch: "refs/heads/review"}, wantTip: "review~1"},
		"to":               {opts: Options{Branch: "review", To: "review~2"}, wantTip: "review~2", stderr: "removed 2 response commits"},
		"to base":          {opts: Options{Branch: "review", To: "main"}, wantTip: "main", stderr: "removed 3 response commits"},
		"to tip":           {opts: Options{Branch: "review", To: "review"}, wantTip: "review", stderr: "nothing to undo"},
		"error_not_aiedit": {opts: Options{Branch: "main"}, wantTip: "review", wantCode: exitcode.Usage, wantErr: "is not an aiedit commit"},
		"current branch, clean": {
			setup: func(t *testing.T, git func(...string) string) { git("switch", "-q", "review") },
			opts:  Options{}, wantTip: "review~1", stderr: "removed 1 response commit from review",
		},
		"other worktree, clean": {
			setup: func(t *testing.T, git func(...string) string) {
				git("worktree", "add", "-q", filepath.Join(t.TempDir(), "wt"), "review")
			},
			opts: Options{Branch: "review"}, wantTip: "review~1",
		},
		"error_current_branch_local_changes": {
			setup: func(t *testing.T, git func(...string) string) {
				git("switch", "-q", "review")
				git("rm", "-q", "--cached", "app.py")
			},
			opts: Options{}, wantTip: "review", wantCode: exitcode.Usage, wantErr: "(this worktree), which has local changes",
		},
		"error_current_branch_locked": {
			setup: func(t *testing.T, git func(...string) string) {
				git("switch", "-q", "review")
				lock(t, git, 0)
			},
			opts: Options{}, wantTip: "review", wantCode: exitcode.Repo, wantErr: "another git process is updating review right now",
		},
		"error_current_branch_stale_lock": {
			setup: func(t *testing.T, git func(...string) string) {
				git("switch", "-q", "review")
				lock(t, git, time.Hour)
			},
			opts: Options{}, wantTip: "review", wantCode: exitcode.Repo, wantErr: "review is locked: its lock file",
		},
		"error_no_branch": {opts: Options{Branch: "nosuch"}, wantTip: "review", wantCode: exitcode.Usage, wantErr: "no branch nosuch"},
		"error_remote_tracking": {
			setup: func(t *testing.T, git func(...string) string) {
				git("update-ref", "refs/remotes/origin/review", "review")
			},
			opts: Options{Branch: "origin/review"}, wantTip: "review", wantCode: exitcode.Usage, wantErr: "origin/review is a remote-tracking branch",
		},
		"error_to_elsewhere": {
			setup: func(t *testing.T, git func(...string) string) { git("commit", "-q", "--allow-empty", "-m", "x") },
			opts:  Options{Branch: "review", To: "main"}, wantTip: "review", wantCode: exitcode.Usage, wantErr: "is not in the history of review",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r, _ := historytest.Review(t)
			git := func(args ...string) string { return r.Git(t, args...) }
			if tt.setup != nil {
				tt.setup(t, git)
			}
			want := git("rev-parse", tt.wantTip)
			status := git("status", "--porcelain", "--untracked-files=all")
			index := read(t, git, "index")
			io, _, out, errOut := iostreams.Test()
			opts := tt.opts
			opts.IO, opts.Dir = io, r.Dir
			err := Run(context.Background(), &opts)
			if tt.wantCode != 0 {
				require.ErrorContains(t, err, tt.wantErr)
				assert.Equal(t, tt.wantCode, exitcode.Of(err, -1))
				assert.Equal(t, status, git("status", "--porcelain", "--untracked-files=all"), "the files are as they were")
				assert.Equal(t, index, read(t, git, "index"), "the index is as it was")
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, want, git("rev-parse", "review"))
			assert.Empty(t, out.String())
			assert.Contains(t, errOut.String(), tt.stderr)
		})
	}
}

// lock makes the branch review's lock file, age old, as a git process
// updating it (or one killed while it did) has.
func lock(t *testing.T, git func(...string) string, age time.Duration) {
	p := filepath.Join(git("rev-parse", "--absolute-git-dir"), "refs", "heads", "review.lock")
	require.NoError(t, os.WriteFile(p, nil, 0o644))
	at := time.Now().Add(-age)
	require.NoError(t, os.Chtimes(p, at, at))
}

// read returns the bytes of a file in the git directory.
func read(t *testing.T, git func(...string) string, name string) string {
	b, err := os.ReadFile(filepath.Join(git("rev-parse", "--absolute-git-dir"), name))
	require.NoError(t, err)
	return string(b)
}
