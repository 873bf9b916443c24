package gitops

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

const (
	modulesBase = "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n[tool]\n\tname = x\n"
	// ours drops the [tool] header; theirs appends under it.
	modulesOurs   = "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n\tname = x\n"
	modulesTheirs = modulesBase + "\tupdate = !touch pwned\n"
)

// TestMergeTreesRefusesWhatFsckRefuses: two .gitmodules git fsck accepts
// merge into one it refuses; MergeTrees says which path and why, and
// leaves no object of the merge anywhere (git fsck --strict is clean, not
// even a dangling blob to report). A merge that keeps what ours already
// had, however bad, is not this merge's doing and passes.
func TestMergeTreesRefusesWhatFsckRefuses(t *testing.T) {
	gittest.Setenv(t)
	tests := []struct {
		name         string
		base         map[string]string
		ours, theirs map[string]string
		wantPath     string // "" = clean
	}{
		{
			name:     "error_gitmodules_update_moved_under_a_submodule",
			base:     map[string]string{".gitmodules": modulesBase},
			ours:     map[string]string{".gitmodules": modulesOurs},
			theirs:   map[string]string{".gitmodules": modulesTheirs},
			wantPath: ".gitmodules",
		},
		{
			name:     "error_nested_gitmodules",
			base:     map[string]string{"sub/.gitmodules": modulesBase},
			ours:     map[string]string{"sub/.gitmodules": modulesOurs},
			theirs:   map[string]string{"sub/.gitmodules": modulesTheirs},
			wantPath: "sub/.gitmodules",
		},
		{
			name:   "gitmodules_merged_cleanly",
			base:   map[string]string{".gitmodules": modulesBase},
			ours:   map[string]string{"a.txt": "ours\n"},
			theirs: map[string]string{".gitmodules": modulesBase + "\tcolor = blue\n"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"a.txt": "a\n"}
			for p, c := range tc.base {
				files[p] = c
			}
			r := gittest.New(t, files)
			commitFiles := func(branch string, m map[string]string) plumbing.Hash {
				r.Git(t, "switch", "-q", "-C", branch, "main~0")
				for p, c := range m {
					r.Write(t, p, c)
				}
				r.Git(t, "add", ".")
				r.Git(t, "commit", "-qm", branch)
				return plumbing.NewHash(r.Git(t, "rev-parse", "HEAD"))
			}
			theirs := commitFiles("theirs", tc.theirs)
			ours := commitFiles("ours", tc.ours)
			repo := open(t, r)

			tree, clean, err := repo.MergeTrees(t.Context(), ours, theirs)
			if tc.wantPath == "" {
				require.NoError(t, err)
				require.True(t, clean)
				assert.NotEqual(t, plumbing.ZeroHash, tree)
				return
			}
			var fe *FsckError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.wantPath, fe.Path)
			assert.Contains(t, fe.Reason, "update")
			assert.False(t, clean)
			require.NoError(t, repo.Close())
			left, _ := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", quarantinePrefix+"*"))
			assert.Empty(t, left, "the quarantine was not removed")
			out := gittest.Run(t, r.Dir, nil, "fsck", "--strict", "--no-progress")
			assert.NotContains(t, out, "error")
		})
	}
}

// TestQuarantineSweep: a quarantine a killed run left (an hour old) is
// removed by the next merge; a fresh one, another run's, stays.
func TestQuarantineSweep(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	objects := filepath.Join(r.Dir, ".git", "objects")
	old := filepath.Join(objects, quarantinePrefix+"old")
	fresh := filepath.Join(objects, quarantinePrefix+"fresh")
	for _, d := range []string{old, fresh} {
		require.NoError(t, os.MkdirAll(filepath.Join(d, "ab"), 0o755))
	}
	past := time.Now().Add(-2 * quarantineStale)
	require.NoError(t, os.Chtimes(old, past, past))
	q, err := newQuarantine(objects)
	require.NoError(t, err)
	q.remove()
	assert.NoDirExists(t, old)
	assert.DirExists(t, fresh)
}

// TestMergeTreesPartialClone: in a partial clone git merge-tree fetches
// the blobs it lacks, so it runs without a quarantine (the packs it
// fetches would go with it); the merge is still held to the rules.
func TestMergeTreesPartialClone(t *testing.T) {
	gittest.Setenv(t)
	src := gittest.New(t, map[string]string{"a.txt": "a\n", ".gitmodules": modulesBase})
	src.Git(t, "config", "uploadpack.allowFilter", "true")
	src.Git(t, "switch", "-q", "-c", "theirs")
	src.Write(t, ".gitmodules", modulesTheirs)
	src.Git(t, "commit", "-qam", "theirs")
	src.Git(t, "switch", "-q", "-c", "side", "main")
	src.Write(t, "b.txt", "b\n")
	src.Git(t, "add", ".")
	src.Git(t, "commit", "-qm", "side")
	src.Git(t, "switch", "-q", "main")
	src.Write(t, ".gitmodules", modulesOurs)
	src.Git(t, "commit", "-qam", "ours")
	dir := filepath.Join(t.TempDir(), "clone")
	gittest.Run(t, src.Dir, nil, "clone", "-q", "--no-local", "--filter=blob:none", "--no-checkout", "file://"+src.Dir, dir)
	repo, err := Discover(t.Context(), dir)
	require.NoError(t, err)
	defer repo.Close()
	require.True(t, repo.partial)
	rev := func(name string) plumbing.Hash {
		return plumbing.NewHash(gittest.Run(t, dir, nil, "rev-parse", "origin/"+name))
	}

	_, clean, err := repo.MergeTrees(t.Context(), rev("main"), rev("side"))
	require.NoError(t, err)
	assert.True(t, clean)
	_, _, err = repo.MergeTrees(t.Context(), rev("main"), rev("theirs"))
	var fe *FsckError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, ".gitmodules", fe.Path)
}
