package gitops

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestMoveCheckedOut moves main, checked out and clean, to a commit that
// changes app.py and adds new.py. Whatever stops the move, the branch,
// the index and the files are as they were.
func TestMoveCheckedOut(t *testing.T) {
	lock := func(age time.Duration) func(t *testing.T, r *gittest.Repo) {
		return func(t *testing.T, r *gittest.Repo) { r.LockRef(t, "refs/heads/main", age) }
	}
	tests := map[string]struct {
		setup func(t *testing.T, r *gittest.Repo)
		old   string                        // what the caller read ("" = main)
		check func(t *testing.T, err error) // nil: the move must succeed
	}{
		"clean": {},
		"error_lock_held": {
			setup: lock(0),
			check: func(t *testing.T, err error) {
				var le *RefLockError
				require.ErrorAs(t, err, &le)
				assert.False(t, le.Stale)
				assert.ErrorIs(t, err, ErrRefMoved, "contention: callers read again")
				assert.Contains(t, err.Error(), "another git process is updating refs/heads/main")
			},
		},
		"error_lock_stale": {
			setup: lock(time.Hour),
			check: func(t *testing.T, err error) {
				assert.ErrorIs(t, err, ErrRefLocked)
				assert.NotErrorIs(t, err, ErrRefMoved)
				assert.Contains(t, err.Error(), "main.lock exists (since ")
			},
		},
		"error_moved": {
			old:   "main~1",
			check: func(t *testing.T, err error) { assert.ErrorIs(t, err, ErrRefMoved) },
		},
		"error_index_locked": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Write(t, ".git/index.lock", "") },
			check: func(t *testing.T, err error) {
				assert.ErrorContains(t, err, "the index is locked (")
				assert.ErrorContains(t, err, "index.lock exists): another git process is using it; nothing was changed")
				assert.ErrorContains(t, err, "remove it (rm ")
				assert.NotContains(t, err.Error(), "Another git process seems", "git's own text is said in ours")
			},
		},
		"error_untracked_in_the_way": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Write(t, "new.py", "mine\n") },
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.True(t, be.Untracked)
				assert.Equal(t, "new.py", be.Path)
			},
		},
		"error_untracked_directory_in_the_way": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Write(t, "new.py/x", "mine\n") },
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.True(t, be.Untracked)
				assert.Equal(t, "new.py", be.Path)
			},
		},
		"error_ignored_in_the_way": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, ".git/info/exclude", "new.py\n")
				r.Write(t, "new.py", "mine\n")
			},
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.True(t, be.Untracked)
				assert.True(t, be.Ignored)
				assert.Equal(t, "new.py", be.Path)
			},
		},
		"error_ignored_directory_in_the_way": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, ".git/info/exclude", "new.py\n")
				r.Write(t, "new.py/keep", "mine\n")
			},
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.True(t, be.Ignored)
				assert.Equal(t, "new.py/keep", be.Path, "the file that would be lost")
			},
		},
		// The directory matches no pattern, the file in it does: it is
		// ignored all the same, and git stash -u would not take it.
		"error_ignored_file_in_a_directory_in_the_way": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, ".git/info/exclude", "*.log\n")
				r.Write(t, "new.py/build.log", "mine\n")
			},
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.True(t, be.Ignored)
				assert.Equal(t, "new.py/build.log", be.Path)
			},
		},
		"ignored, the same bytes": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, ".git/info/exclude", "new.py\n")
				r.Write(t, "new.py", "print(1)\n")
			},
		},
		"error_local_change": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Write(t, "app.py", "def f():\n    return 7\n") },
			check: func(t *testing.T, err error) {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.False(t, be.Untracked)
				assert.Equal(t, "app.py", be.Path)
			},
		},
		"error_switched_away": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "switch", "-q", "-c", "other") },
			check: func(t *testing.T, err error) {
				assert.ErrorIs(t, err, ErrRefMoved)
				assert.Contains(t, err.Error(), "no longer has refs/heads/main checked out")
			},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r := gittest.New(t, map[string]string{"app.py": "def f():\n    return 1\n"})
			r.Git(t, "commit", "-q", "--allow-empty", "-m", "second")
			r.Git(t, "switch", "-q", "-c", "review")
			r.Write(t, "app.py", "def f():\n    return 2\n")
			r.Write(t, "new.py", "print(1)\n")
			r.Git(t, "add", ".")
			r.Git(t, "commit", "-q", "-m", "review")
			r.Git(t, "switch", "-q", "main")
			repo := open(t, r)
			old := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
			if tt.old != "" {
				old = plumbing.NewHash(r.Git(t, "rev-parse", tt.old))
			}
			tip := plumbing.NewHash(r.Git(t, "rev-parse", "review"))
			if tt.setup != nil {
				tt.setup(t, r)
			}
			before := r.Snapshot(t)

			err := repo.MoveCheckedOut(t.Context(), r.Dir, "refs/heads/main", tip, old, "test: move")

			if tt.check != nil {
				require.Error(t, err)
				tt.check(t, err)
				assert.Equal(t, before, r.Snapshot(t), "nothing changed")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tip.String(), r.Git(t, "rev-parse", "main"))
			assert.Empty(t, r.Git(t, "status", "--porcelain"), "index and files follow the branch")
			assert.Equal(t, "test: move", r.Git(t, "log", "-g", "-1", "--format=%gs", "HEAD"), "HEAD's reflog says why")
			fsck(t, r)
		})
	}
}

// A move started with a context already cancelled changes nothing.
func TestMoveCheckedOutCancelled(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "second")
	repo := open(t, r)
	old := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
	to := plumbing.NewHash(r.Git(t, "rev-parse", "main~1"))
	before := r.Snapshot(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err := repo.MoveCheckedOut(ctx, r.Dir, "refs/heads/main", to, old, "test: move")
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.Canceled), "got %v", err)
	assert.Equal(t, before, r.Snapshot(t))
}

func TestGitVersion(t *testing.T) {
	tests := map[string]struct {
		in           string
		major, minor int
		ok           bool
	}{
		"plain":        {in: "git version 2.39.5\n", major: 2, minor: 39, ok: true},
		"vendor":       {in: "git version 2.39.5 (Apple Git-154)", major: 2, minor: 39, ok: true},
		"windows":      {in: "git version 2.45.1.windows.1", major: 2, minor: 45, ok: true},
		"error_other":  {in: "hub version 2.14.2"},
		"error_number": {in: "git version two"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			major, minor, ok := gitVersion(tt.in)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.major, major)
			assert.Equal(t, tt.minor, minor)
		})
	}
}
