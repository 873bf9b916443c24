package gitops

import (
	"os"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// A live turn's end: the working tree's tree, written without a commit
// and without touching the index, and chosen paths of it taken into
// another tree (written, changed, removed, and a file where a folder was).
func TestTakePaths(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "gone.txt": "x\n", "dir/f": "f\n", "keep.txt": "k\n"})
	repo := open(t, r)
	base := head(t, repo)
	r.Write(t, "a.txt", "a changed\n")
	r.Write(t, "new.txt", "new\n")
	r.Write(t, "keep.txt", "the user's\n")
	require.NoError(t, os.Remove(r.Path("gone.txt")))
	require.NoError(t, os.RemoveAll(r.Path("dir")))
	r.Write(t, "dir", "now a file\n")
	before := r.Snapshot(t)

	work := workTree(t, repo)
	require.Equal(t, before, r.Snapshot(t), "the index, working tree and refs are untouched")

	tests := map[string]struct {
		paths []string
		want  string // ls-tree of the result: path=content
	}{
		"nothing taken":                  {nil, "a.txt=a|b.txt=b|dir/f=f|gone.txt=x|keep.txt=k"},
		"a change":                       {[]string{"a.txt"}, "a.txt=a changed|b.txt=b|dir/f=f|gone.txt=x|keep.txt=k"},
		"a new file":                     {[]string{"new.txt"}, "a.txt=a|b.txt=b|dir/f=f|gone.txt=x|keep.txt=k|new.txt=new"},
		"a removal":                      {[]string{"gone.txt"}, "a.txt=a|b.txt=b|dir/f=f|keep.txt=k"},
		"folder to file":                 {[]string{"dir", "dir/f"}, "a.txt=a|b.txt=b|dir=now a file|gone.txt=x|keep.txt=k"},
		"absent in both":                 {[]string{"never.txt"}, "a.txt=a|b.txt=b|dir/f=f|gone.txt=x|keep.txt=k"},
		"a name with a blank and a star": {[]string{"a.txt", "b *.txt"}, "a.txt=a changed|b.txt=b|dir/f=f|gone.txt=x|keep.txt=k"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := repo.TakePaths(t.Context(), base, work, tt.paths)
			require.NoError(t, err)
			publish(t, repo)
			assert.Equal(t, tt.want, listTree(t, r, got))
		})
	}
	fsck(t, r)
}

// workTree writes the working tree's tree, untracked files and all, as
// a live turn's end takes it (internal/snapshot, without its bounds).
func workTree(t *testing.T, repo *Repo) plumbing.Hash {
	t.Helper()
	index, err := repo.ScratchIndex("test")
	require.NoError(t, err)
	defer index.Close()
	require.NoError(t, index.AddTracked(t.Context()))
	untracked, err := index.Untracked(t.Context())
	require.NoError(t, err)
	require.NoError(t, index.Add(t.Context(), untracked))
	tree, err := index.WriteTree(t.Context())
	require.NoError(t, err)
	return tree
}

func listTree(t *testing.T, r *gittest.Repo, tree plumbing.Hash) string {
	var out []string
	for _, p := range strings.Split(r.Git(t, "ls-tree", "-r", "--name-only", tree.String()), "\n") {
		out = append(out, p+"="+r.Git(t, "show", tree.String()+":"+p))
	}
	return strings.Join(out, "|")
}
