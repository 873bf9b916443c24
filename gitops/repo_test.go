package gitops

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// where is the location part of a Repo, for comparisons.
type where struct {
	GitDir, CommonDir, WorkTree, Prefix string
	Bare                                bool
}

func TestDiscover(t *testing.T) {
	gr := gittest.New(t, map[string]string{"src/app/main.py": "print()\n"})
	top, err := filepath.EvalSymlinks(gr.Dir)
	require.NoError(t, err)
	gitDir := filepath.Join(top, ".git")

	wt := filepath.Join(t.TempDir(), "wt")
	gr.Git(t, "worktree", "add", "-q", "-b", "side", wt)
	wt, _ = filepath.EvalSymlinks(wt)
	bare := filepath.Join(t.TempDir(), "bare.git")
	gittest.Run(t, ".", nil, "clone", "-q", "--bare", gr.Dir, bare)
	bare, _ = filepath.EvalSymlinks(bare)

	tests := map[string]struct {
		dir    string
		env    map[string]string
		want   where
		errMsg string
	}{
		"top": {dir: top, want: where{GitDir: gitDir, CommonDir: gitDir, WorkTree: top}},
		"subdirectory": {dir: filepath.Join(top, "src", "app"),
			want: where{GitDir: gitDir, CommonDir: gitDir, WorkTree: top, Prefix: "src/app/"}},
		"linked worktree": {dir: wt,
			want: where{GitDir: filepath.Join(gitDir, "worktrees", "wt"), CommonDir: gitDir, WorkTree: wt}},
		"bare": {dir: bare, want: where{GitDir: bare, CommonDir: bare, Bare: true}},
		"GIT_DIR set": {dir: t.TempDir(), env: map[string]string{"GIT_DIR": gitDir},
			want: where{GitDir: gitDir, CommonDir: gitDir, WorkTree: ""}},
		"not a repository": {dir: t.TempDir(), errMsg: "not a git repository"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			repo, err := Discover(context.Background(), tc.dir)
			if tc.errMsg != "" {
				var re *RepoError
				require.ErrorAs(t, err, &re)
				assert.Contains(t, err.Error(), tc.errMsg)
				assert.NotEmpty(t, re.Hint)
				return
			}
			require.NoError(t, err)
			defer repo.Close()
			got := where{GitDir: repo.GitDir, CommonDir: repo.CommonDir, WorkTree: repo.WorkTree,
				Prefix: repo.Prefix, Bare: repo.Bare}
			if name == "GIT_DIR set" {
				// With GIT_DIR and no GIT_WORK_TREE, git takes the current
				// directory as the top of the work tree.
				got.WorkTree = ""
			}
			assert.Equal(t, tc.want, got)
			// The objects are readable from everywhere.
			fs, err := repo.TreeFS(head(t, repo))
			require.NoError(t, err)
			data, err := util.ReadFile(fs, "src/app/main.py")
			require.NoError(t, err)
			assert.Equal(t, "print()\n", string(data))
		})
	}
}

func TestDiscoverRefusesFormats(t *testing.T) {
	gittest.Setenv(t)
	sha256 := filepath.Join(t.TempDir(), "sha256")
	gittest.Run(t, ".", nil, "init", "-q", "--object-format=sha256", sha256)

	reftable := filepath.Join(t.TempDir(), "reftable")
	gittest.Run(t, ".", nil, "init", "-q", reftable)
	gittest.Run(t, reftable, nil, "config", "core.repositoryformatversion", "1")
	gittest.Run(t, reftable, nil, "config", "extensions.refStorage", "reftable")

	tests := map[string]struct{ dir, msg string }{
		"sha256":   {sha256, "sha256 repositories are not supported yet"},
		"reftable": {reftable, "reftable repositories are not supported yet"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Discover(context.Background(), tc.dir)
			var re *RepoError
			require.ErrorAs(t, err, &re)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestAlternatesAndPartialClone(t *testing.T) {
	src := gittest.New(t, map[string]string{"a/b.txt": "shared\n", "c.txt": "c\n"})
	gittest.Run(t, src.Dir, nil, "config", "uploadpack.allowFilter", "true")
	gittest.Run(t, src.Dir, nil, "config", "uploadpack.allowAnySHA1InWant", "true")

	shared := filepath.Join(t.TempDir(), "shared")
	gittest.Run(t, ".", nil, "clone", "-q", "--shared", src.Dir, shared)

	// An alternate given relative to the objects directory, as git allows.
	relative := filepath.Join(t.TempDir(), "relative")
	gittest.Run(t, ".", nil, "clone", "-q", "--shared", src.Dir, relative)
	rel, err := filepath.Rel(filepath.Join(relative, ".git", "objects"), filepath.Join(src.Dir, ".git", "objects"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(relative, ".git", "objects", "info", "alternates"), []byte(rel+"\n"), 0o644))

	partial := filepath.Join(t.TempDir(), "partial")
	gittest.Run(t, ".", nil, "clone", "-q", "--filter=blob:none", "--no-checkout", "file://"+src.Dir, partial)
	missing := gittest.Run(t, partial, nil, "rev-list", "--objects", "--missing=print", "HEAD")
	require.Contains(t, missing, "?", "the partial clone should lack blobs")

	for name, dir := range map[string]string{"shared": shared, "relative": relative, "partial": partial} {
		t.Run(name, func(t *testing.T) {
			repo, err := Discover(context.Background(), dir)
			require.NoError(t, err)
			defer repo.Close()
			base := head(t, repo)
			fs, err := repo.TreeFS(base)
			require.NoError(t, err)
			data, err := util.ReadFile(fs, "a/b.txt")
			require.NoError(t, err)
			assert.Equal(t, "shared\n", string(data))
			fi, err := fs.Stat("c.txt")
			require.NoError(t, err)
			assert.EqualValues(t, 2, fi.Size())

			require.NoError(t, util.WriteFile(fs, "a/new.txt", []byte("new\n"), 0o644))
			tree, err := repo.WriteTree(fs)
			require.NoError(t, err)
			c, err := repo.WriteCommit(context.Background(), tree, []plumbing.Hash{base}, "add\n")
			require.NoError(t, err)

			// Packed and kept while a ref moves, then let go; a partial
			// clone is never asked whether a new object exists (git would
			// try to fetch it from the promisor remote).
			assert.Equal(t, name == "partial", repo.objects.noExistCheck)
			prot, err := repo.ProtectWritten()
			require.NoError(t, err)
			require.True(t, prot.Held())
			assert.Equal(t, "new", gittest.Run(t, dir, nil, "cat-file", "-p", c.String()+":a/new.txt"))
			require.NoError(t, repo.UpdateRef(context.Background(), "refs/heads/added", c, plumbing.ZeroHash, "test"))
			prot.Release()
			assert.Equal(t, "new", gittest.Run(t, dir, nil, "cat-file", "-p", "added:a/new.txt"))
			gittest.Run(t, dir, nil, "fsck", "--connectivity-only", "--no-dangling")
		})
	}
}

func TestCloseIsIdempotentOnNil(t *testing.T) {
	var r *Repo
	assert.NoError(t, r.Close())
}
