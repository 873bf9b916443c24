package gitops

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestTreeFSWriteFile: a whole file written from a slice (large ones
// straight to the object store) reads back as util.WriteFile's would,
// keeps an existing file's mode, creates directories, and leaves special
// files and links to the ordinary path and its checks.
func TestTreeFSWriteFile(t *testing.T) {
	gr := gittest.FromTxtar(t, filepath.Join("..", "testdata", "repos", "special_entries.txtar"))
	repo := open(t, gr)
	fs, err := repo.TreeFS(head(t, repo))
	require.NoError(t, err)
	big := bytes.Repeat([]byte("a large line of a large file\n"), 4000) // over releaseMin
	small := []byte("small\n")

	require.NoError(t, fs.WriteFile("new/dir/big.txt", big, 0o644))
	require.NoError(t, fs.WriteFile("new/small.txt", small, 0o644))
	info, err := fs.Lstat("new/dir/big.txt")
	require.NoError(t, err)
	assert.EqualValues(t, len(big), info.Size(), "the size is known without reading the blob")
	got, err := util.ReadFile(fs, "new/dir/big.txt")
	require.NoError(t, err)
	assert.Equal(t, big, got)
	// Over a file written before, whole and then large.
	require.NoError(t, fs.WriteFile("new/small.txt", big, 0o644))
	got, err = fs.ReadFile("new/small.txt")
	require.NoError(t, err)
	assert.Equal(t, big, got)
	// An executable stays one.
	require.NoError(t, fs.WriteFile("run.sh", small, 0o644))
	require.NoError(t, fs.Chmod("run.sh", 0o755))
	require.NoError(t, fs.WriteFile("run.sh", big, 0o644))
	info, err = fs.Lstat("run.sh")
	require.NoError(t, err)
	assert.Equal(t, 0o755, int(info.Mode().Perm()))
	// Through a symbolic link: refused as OpenFile refuses it.
	var unsafe *UnsafePathError
	require.ErrorAs(t, fs.WriteFile("src/alias.txt", big, 0o644), &unsafe)
	// A large .gitattributes goes the ordinary way: WriteTree checks it.
	attrs := []byte(strings.Repeat("x", attrMaxLine+1) + "\n")
	attrs = append(attrs, big...)
	require.NoError(t, fs.WriteFile(".gitattributes", attrs, 0o644))
	_, err = repo.WriteTree(fs)
	require.Error(t, err, "the check on .gitattributes was skipped")
	require.NoError(t, fs.Remove(".gitattributes"))

	tree, err := repo.WriteTree(fs)
	require.NoError(t, err)
	publish(t, repo)
	assert.Equal(t, strings.TrimSuffix(string(big), "\n"), gr.Git(t, "cat-file", "blob", tree.String()+":new/dir/big.txt"))
	assert.Contains(t, gr.Git(t, "ls-tree", tree.String(), "new/dir/big.txt"), "100644 blob")
	assert.Contains(t, gr.Git(t, "ls-tree", tree.String(), "run.sh"), "100755 blob")
}
