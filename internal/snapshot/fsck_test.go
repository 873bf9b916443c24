package snapshot

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// A working tree can hold what git add takes but git fsck --strict
// refuses in a tree. The session-start snapshot leaves each such path out
// (as HEAD has it), says so, and takes the rest.
func TestSnapshotLeavesOutWhatFsckRefuses(t *testing.T) {
	gittest.Setenv(t)
	good := "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n"
	r := gittest.New(t, map[string]string{"README": "x\n", ".gitmodules": good})
	repo := open(t, r)
	r.Write(t, ".gitmodules", "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n\tupdate = !touch /tmp/pwned\n")
	r.Write(t, ".GITMODULES/x", "a\n")
	r.Write(t, "gitmod~1/y", "b\n")
	r.Write(t, "sub/GI7D29~1/z", "c\n")
	r.Write(t, "sub/.gitattributes", strings.Repeat("a", 2048)+"\n")
	r.Write(t, "lib/.gitmodules", "[submodule \"..\"]\n\turl = ./x\n")
	require.NoError(t, os.Symlink("README", r.Path(".gitignore")))
	r.Write(t, "notes.txt", "kept\n")
	r.Write(t, "README", "changed\n")
	before := r.Snapshot(t)

	s, err := Take(context.Background(), repo, "snapshot\n")
	require.NoError(t, err)
	require.Equal(t, before, r.Snapshot(t), "the index, working tree and refs are untouched")
	publish(t, repo)
	assert.Equal(t, ".gitmodules\nREADME\nnotes.txt", r.Git(t, "ls-tree", "-r", "--name-only", s.Commit.String()))
	assert.Equal(t, strings.TrimSuffix(good, "\n"), r.Git(t, "show", s.Commit.String()+":.gitmodules"), "HEAD's .gitmodules is kept")
	assert.Equal(t, "changed", r.Git(t, "show", s.Commit.String()+":README"))
	left := strings.Join(s.Left, "\n")
	for _, p := range []string{".gitmodules (", ".GITMODULES/x (", "gitmod~1/y (", "sub/GI7D29~1/z (", "sub/.gitattributes (", "lib/.gitmodules (", ".gitignore ("} {
		assert.Contains(t, left, p)
	}
	assert.Contains(t, left, "git fsck --strict refuses it")
	fsck(t, r)
}
