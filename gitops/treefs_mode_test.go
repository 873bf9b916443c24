package gitops_test

import (
	"context"
	"testing"

	"github.com/go-git/go-billy/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestTreeFSChmod(t *testing.T) {
	g := gittest.New(t, map[string]string{"run.sh": "echo hi\n", "lib/a.txt": "a\n"})
	repo, err := gitops.Discover(context.Background(), g.Dir)
	require.NoError(t, err)
	defer repo.Close()
	head, _, err := repo.ReadRef(t.Context(), "HEAD")
	require.NoError(t, err)
	fs, err := repo.TreeFS(head)
	require.NoError(t, err)

	var ch billy.Change = fs
	require.NoError(t, ch.Chmod("run.sh", 0o755))
	require.Error(t, ch.Chmod("lib", 0o755), "directories have no mode of their own")
	require.Error(t, ch.Chmod("missing", 0o755))
	info, err := fs.Lstat("run.sh")
	require.NoError(t, err)
	assert.Equal(t, 0o755, int(info.Mode().Perm()))

	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	require.NoError(t, repo.PublishObjects())
	assert.Contains(t, g.Git(t, "ls-tree", tree.String(), "run.sh"), "100755 blob")
	assert.Contains(t, g.Git(t, "ls-tree", "-r", tree.String(), "lib/a.txt"), "100644 blob")
}
