package gitops

import (
	"os"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestMoveCheckedOutAdopting: main is checked out; review changes app.py,
// adds new.py and removes old.py. What the checkout holds decides, path
// by path, whether the move adopts it, updates it or is refused; the
// user's change to mine.py, which review does not touch, always stays.
func TestMoveCheckedOutAdopting(t *testing.T) {
	const app2 = "def f():\n    return 2\n"
	tests := map[string]struct {
		setup   func(t *testing.T, r *gittest.Repo)
		adopted []string
		differ  []string
		status  string // git status --porcelain afterwards, beside " M mine.py"
	}{
		"clean": {},
		"the agent's files": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "app.py", app2)
				r.Write(t, "new.py", "print(1)\n")
				require.NoError(t, os.Remove(r.Path("old.py")))
			},
			adopted: []string{"app.py", "new.py", "old.py"},
		},
		"staged as the branch has it": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "app.py", app2)
				r.Write(t, "new.py", "print(1)\n")
				r.Git(t, "add", "app.py", "new.py")
			},
			adopted: []string{"app.py", "new.py"},
		},
		"error_edited_after": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "app.py", "def f():\n    return 3\n")
				r.Write(t, "new.py", "print(1)\n")
			},
			adopted: []string{"new.py"},
			differ:  []string{"app.py"},
		},
		"error_staged_otherwise": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "app.py", "mine\n")
				r.Git(t, "add", "app.py")
				r.Write(t, "app.py", app2)
			},
			differ: []string{"app.py"},
		},
		"error_executable": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Write(t, "app.py", app2)
				require.NoError(t, os.Chmod(r.Path("app.py"), 0o755))
			},
			differ: []string{"app.py"},
		},
		"error_deleted_file_back": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Git(t, "rm", "-q", "--cached", "old.py")
			},
			differ: []string{"old.py"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r := gittest.New(t, map[string]string{"app.py": "def f():\n    return 1\n", "old.py": "x\n", "mine.py": "a\n"})
			r.Git(t, "switch", "-q", "-c", "review")
			r.Write(t, "app.py", app2)
			r.Write(t, "new.py", "print(1)\n")
			r.Git(t, "rm", "-q", "old.py")
			r.Git(t, "add", ".")
			r.Git(t, "commit", "-q", "-m", "review")
			r.Git(t, "switch", "-q", "main")
			repo := open(t, r)
			old := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
			tip := plumbing.NewHash(r.Git(t, "rev-parse", "review"))
			r.Write(t, "mine.py", "mine\n")
			if tt.setup != nil {
				tt.setup(t, r)
			}
			r.Git(t, "status") // its refresh of the index is git's own
			before := r.Snapshot(t)

			a, err := repo.Adoptable(t.Context(), r.Dir, old, tip)
			require.NoError(t, err)
			assert.Equal(t, tt.adopted, a.Adopted)
			assert.Equal(t, tt.differ, a.Differ)
			assert.Equal(t, before, r.Snapshot(t), "looking changes nothing")

			err = repo.MoveCheckedOutAdopting(t.Context(), r.Dir, "refs/heads/main", a, "test: move")
			if tt.differ != nil {
				var be *CheckoutBlockedError
				require.ErrorAs(t, err, &be)
				assert.Equal(t, tt.differ[0], be.Path)
				assert.Equal(t, before, r.Snapshot(t), "nothing changed")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tip.String(), r.Git(t, "rev-parse", "main"))
			assert.Equal(t, " M mine.py", r.Git(t, "status", "--porcelain", "--untracked-files=all"))
			assert.Equal(t, "mine\n", read(t, r, "mine.py"))
			assert.Equal(t, app2, read(t, r, "app.py"))
			fsck(t, r)
		})
	}
}

// A move that git refuses half-way (a file changed after Adoptable
// looked) gives the adopted paths their index entries back: nothing
// changed but the index's stat information.
func TestMoveCheckedOutAdoptingRefused(t *testing.T) {
	r := gittest.New(t, map[string]string{"app.py": "1\n", "lib.py": "1\n"})
	r.Git(t, "switch", "-q", "-c", "review")
	r.Write(t, "app.py", "2\n")
	r.Write(t, "lib.py", "2\n")
	r.Git(t, "commit", "-q", "-am", "review")
	r.Git(t, "switch", "-q", "main")
	repo := open(t, r)
	old := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
	tip := plumbing.NewHash(r.Git(t, "rev-parse", "review"))
	r.Write(t, "app.py", "2\n")
	a, err := repo.Adoptable(t.Context(), r.Dir, old, tip)
	require.NoError(t, err)
	require.Equal(t, []string{"app.py"}, a.Adopted)
	r.Write(t, "lib.py", "mine\n")
	index := r.Git(t, "ls-files", "-s")

	err = repo.MoveCheckedOutAdopting(t.Context(), r.Dir, "refs/heads/main", a, "test: move")

	var be *CheckoutBlockedError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, "lib.py", be.Path)
	assert.Equal(t, old.String(), r.Git(t, "rev-parse", "main"))
	assert.Equal(t, index, r.Git(t, "ls-files", "-s"), "the index holds what it held")
	assert.Equal(t, "mine\n", read(t, r, "lib.py"))
	assert.Equal(t, "2\n", read(t, r, "app.py"))
}

func read(t *testing.T, r *gittest.Repo, rel string) string {
	t.Helper()
	b, err := os.ReadFile(r.Path(rel))
	require.NoError(t, err)
	return string(b)
}

// A path outside a sparse checkout (skip-worktree, no file) is as the
// index has it: the move updates the index, and no file appears.
func TestMoveCheckedOutAdoptingSparse(t *testing.T) {
	r := gittest.New(t, map[string]string{"app.py": "1\n", "lib.py": "1\n"})
	r.Git(t, "switch", "-q", "-c", "review")
	r.Write(t, "app.py", "2\n")
	r.Write(t, "lib.py", "2\n")
	r.Git(t, "commit", "-q", "-am", "review")
	r.Git(t, "switch", "-q", "main")
	repo := open(t, r)
	old := plumbing.NewHash(r.Git(t, "rev-parse", "main"))
	tip := plumbing.NewHash(r.Git(t, "rev-parse", "review"))
	r.Git(t, "sparse-checkout", "set", "--no-cone", "/app.py")
	require.NoFileExists(t, r.Path("lib.py"))
	r.Write(t, "app.py", "2\n")

	a, err := repo.Adoptable(t.Context(), r.Dir, old, tip)
	require.NoError(t, err)
	assert.Equal(t, []string{"app.py"}, a.Adopted)
	assert.Empty(t, a.Differ)
	require.NoError(t, repo.MoveCheckedOutAdopting(t.Context(), r.Dir, "refs/heads/main", a, "test: move"))
	assert.Equal(t, tip.String(), r.Git(t, "rev-parse", "main"))
	assert.Empty(t, r.Git(t, "status", "--porcelain", "--untracked-files=all"))
	assert.NoFileExists(t, r.Path("lib.py"))
	assert.Contains(t, r.Git(t, "ls-files", "-s", "lib.py"), r.Git(t, "rev-parse", "review:lib.py"))
}
