package snapshot

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestSnapshotWorkTree(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", ".gitignore": "*.log\n"})
	repo := open(t, r)
	ctx := context.Background()

	clean, err := Take(ctx, repo, "snapshot\n")
	require.NoError(t, err)
	require.True(t, clean.Clean)
	require.Equal(t, head(t, repo), clean.Commit)

	r.Write(t, "a.txt", "changed\n")
	r.Write(t, "new/c.txt", "untracked\n")
	r.Write(t, "debug.log", "ignored\n")
	r.Git(t, "rm", "-q", "--cached", "b.txt") // staged removal; the file stays on disk
	before := r.Snapshot(t)

	s, err := Take(ctx, repo, "snapshot\n")
	require.NoError(t, err)
	require.False(t, s.Clean)
	require.Equal(t, head(t, repo), s.Head)
	require.Equal(t, before, r.Snapshot(t), "the index, working tree and refs are untouched")
	publish(t, repo)
	require.Equal(t, s.Head.String(), r.Git(t, "rev-parse", s.Commit.String()+"^"))
	require.Equal(t, ".gitignore\na.txt\nb.txt\nnew/c.txt", r.Git(t, "ls-tree", "-r", "--name-only", s.Commit.String()))
	require.Equal(t, "changed", r.Git(t, "show", s.Commit.String()+":a.txt"))
	require.Empty(t, r.Git(t, "stash", "list"))
	fsck(t, r)
}

// A file changed, its size the same, in the second the index was written
// is "racily clean": git compares its content, for it cannot trust the
// stat data. The snapshot works on a copy of the index, which must keep
// the original's time, or the change is missed.
func TestSnapshotRacilyClean(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"app.py": "x = 1\n"})
	r.Git(t, "config", "core.trustctime", "false") // ctime cannot be set: leave it out of the stat match
	at := time.Now().Add(-time.Minute).Truncate(time.Second)
	require.NoError(t, os.Chtimes(r.Path("app.py"), at, at))
	r.Git(t, "update-index", "--refresh")
	require.NoError(t, os.Chtimes(filepath.Join(r.Dir, ".git", "index"), at, at))
	// Changed in place: the same inode, size and (set back) time.
	require.NoError(t, os.WriteFile(r.Path("app.py"), []byte("x = 2\n"), 0o644))
	require.NoError(t, os.Chtimes(r.Path("app.py"), at, at))
	require.NoError(t, os.Chtimes(filepath.Join(r.Dir, ".git", "index"), at, at))

	repo := open(t, r)
	s, err := Take(context.Background(), repo, "snapshot\n")
	require.NoError(t, err)
	require.False(t, s.Clean, "the change is seen")
	publish(t, repo)
	require.Equal(t, "x = 2", r.Git(t, "show", s.Commit.String()+":app.py"))
}
