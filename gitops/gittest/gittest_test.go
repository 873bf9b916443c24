package gittest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewIsReproducible(t *testing.T) {
	files := map[string]string{"a.txt": "a\n", "dir/b.txt": "b\n"}
	first := New(t, files).Git(t, "rev-parse", "HEAD")
	second := New(t, files).Git(t, "rev-parse", "HEAD")
	assert.Equal(t, first, second)
	assert.Len(t, first, 40)
}

func TestFromTxtarOptions(t *testing.T) {
	r := FromTxtarString(t, `
-- .aiedit-fixture --
# comment
exec: bin/run
symlink: link -> bin
submodule: vendor/lib
branch: trunk
message: first commit
-- bin/run --
#!/bin/sh
-- README --
hello
`)
	assert.Equal(t, "trunk", r.Git(t, "symbolic-ref", "--short", "HEAD"))
	assert.Equal(t, "first commit", r.Git(t, "log", "-1", "--format=%s"))
	tree := r.Git(t, "ls-tree", "-r", "HEAD")
	assert.Contains(t, tree, "100755 blob")
	assert.Regexp(t, `100755 blob \w+\tbin/run`, tree)
	assert.Regexp(t, `120000 blob \w+\tlink`, tree)
	assert.Regexp(t, `160000 commit 1{40}\tvendor/lib`, tree)
	assert.Regexp(t, `100644 blob \w+\tREADME`, tree)
	assert.NotContains(t, tree, ".aiedit-fixture")
}

func TestFromTxtarBare(t *testing.T) {
	r := FromTxtarString(t, "-- .aiedit-fixture --\nbare\n-- f --\nx\n")
	assert.True(t, r.Bare)
	assert.Equal(t, "true", r.Git(t, "rev-parse", "--is-bare-repository"))
	assert.Equal(t, "x", r.Git(t, "show", "HEAD:f"))
}

func TestFixtureFiles(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "repos", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			r := FromTxtar(t, p)
			assert.NotEmpty(t, r.Git(t, "ls-tree", "-r", "HEAD"))
			assert.Empty(t, r.Git(t, "status", "--porcelain"))
		})
	}
}

func TestSnapshotSeesChanges(t *testing.T) {
	tests := map[string]func(t *testing.T, r *Repo){
		"file content": func(t *testing.T, r *Repo) { r.Write(t, "a.txt", "changed\n") },
		"new file":     func(t *testing.T, r *Repo) { r.Write(t, "new.txt", "n\n") },
		"mode":         func(t *testing.T, r *Repo) { require.NoError(t, os.Chmod(r.Path("a.txt"), 0o755)) },
		"index":        func(t *testing.T, r *Repo) { r.Write(t, "b.txt", "b\n"); r.Git(t, "add", "b.txt") },
		"HEAD":         func(t *testing.T, r *Repo) { r.Git(t, "checkout", "-q", "--detach") },
		"ref":          func(t *testing.T, r *Repo) { r.Git(t, "branch", "other") },
	}
	for name, change := range tests {
		t.Run(name, func(t *testing.T) {
			r := New(t, map[string]string{"a.txt": "a\n"})
			before := r.Snapshot(t)
			assert.Equal(t, before, r.Snapshot(t))
			change(t, r)
			assert.NotEqual(t, before, r.Snapshot(t))
		})
	}
}

func TestSnapshotWithout(t *testing.T) {
	r := New(t, map[string]string{"a.txt": "a\n"})
	before := r.Snapshot(t)
	r.Git(t, "branch", "aiedit/x")
	after := r.Snapshot(t)
	assert.NotEqual(t, before, after)
	assert.Equal(t, before, after.Without("refs/heads/aiedit/"))
	assert.True(t, strings.HasPrefix(after.Files["a.txt"], "-rw-r--r-- "))
}
