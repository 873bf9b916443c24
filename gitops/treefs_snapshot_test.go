package gitops

import (
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestSnapshotRestore(t *testing.T) {
	tests := map[string]struct {
		before func(fs *TreeFS) error // changes made before the snapshot
		write  bool                   // WriteTree between before and the snapshot
		after  func(fs *TreeFS) error // changes undone by Restore
	}{
		"clean view": {
			after: func(fs *TreeFS) error { return util.WriteFile(fs, "deep/1/g.txt", []byte("changed\n"), 0o644) },
		},
		"unwritten changes kept": {
			before: func(fs *TreeFS) error { return util.WriteFile(fs, "a/x", []byte("first\n"), 0o644) },
			after:  func(fs *TreeFS) error { return util.WriteFile(fs, "a/x", []byte("second\n"), 0o644) },
		},
		"written changes kept": {
			before: func(fs *TreeFS) error { return util.WriteFile(fs, "new/n.txt", []byte("n\n"), 0o644) },
			write:  true,
			after:  func(fs *TreeFS) error { return fs.Remove("new") },
		},
		"remove and rename undone": {
			before: func(fs *TreeFS) error { return fs.Remove("gone/only.txt") },
			after: func(fs *TreeFS) error {
				if err := fs.Rename("old", "moved/old2"); err != nil {
					return err
				}
				return fs.Remove("a.b")
			},
		},
		"write through an open handle undone": {
			before: func(fs *TreeFS) error { return util.WriteFile(fs, "a0", []byte("zero!\n"), 0o644) },
			after: func(fs *TreeFS) error {
				f, err := fs.OpenFile("a0", 2 /* O_RDWR */, 0)
				if err != nil {
					return err
				}
				_, err = f.Write([]byte("ZERO"))
				return err
			},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			repo := open(t, gittest.New(t, treeBase))
			fs, err := repo.TreeFS(head(t, repo))
			require.NoError(t, err)
			if tc.before != nil {
				require.NoError(t, tc.before(fs))
			}
			if tc.write {
				_, err := repo.WriteTree(fs)
				require.NoError(t, err)
			}
			want, err := repo.WriteTree(fs.Snapshot()) // the content to come back to
			require.NoError(t, err)
			snap := fs.Snapshot()
			require.NoError(t, tc.after(fs))
			changedTree, err := repo.WriteTree(fs)
			require.NoError(t, err)
			require.NotEqual(t, want, changedTree, "the change must show in the view")
			snapTree, err := repo.WriteTree(snap)
			require.NoError(t, err)
			assert.Equal(t, want, snapTree, "the snapshot must not see later changes")

			fs.Restore(snap)
			got, err := repo.WriteTree(fs)
			require.NoError(t, err)
			assert.Equal(t, want, got)

			// The snapshot stays usable: change again, restore again.
			require.NoError(t, util.WriteFile(fs, "a/x", []byte("again\n"), 0o644))
			fs.Restore(snap)
			got, err = repo.WriteTree(fs)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestSnapshotReadsOldContent(t *testing.T) {
	repo := open(t, gittest.New(t, treeBase))
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	require.NoError(t, util.WriteFile(fs, "a/x", []byte("v1\n"), 0o644))
	_, err = repo.WriteTree(fs)
	require.NoError(t, err)
	snap := fs.Snapshot()
	require.NoError(t, util.WriteFile(fs, "a/x", []byte("v2\n"), 0o644))

	old, err := util.ReadFile(snap, "a/x")
	require.NoError(t, err)
	assert.Equal(t, "v1\n", string(old))
	cur, err := util.ReadFile(fs, "a/x")
	require.NoError(t, err)
	assert.Equal(t, "v2\n", string(cur))
	changed, err := snap.Changed()
	require.NoError(t, err)
	assert.Equal(t, []string{"a/x"}, changed, "a snapshot compares with the same base commit")
}
