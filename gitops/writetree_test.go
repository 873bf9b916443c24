package gitops

import (
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// treeBase has names that sort differently as files and as directories.
var treeBase = map[string]string{
	"a.b":              "dot\n",
	"a/x":              "in a\n",
	"a-b":              "dash\n",
	"a0":               "zero\n",
	"deep/1/2/3/f.txt": "deep\n",
	"deep/1/g.txt":     "g\n",
	"bin/tool":         "#!/bin/sh\n",
	"gone/only.txt":    "last one\n",
	"old/x.txt":        "x\n",
	"old/sub/y.txt":    "y\n",
}

func TestWriteTreeMatchesGit(t *testing.T) {
	tests := map[string]struct {
		apply   func(fs *TreeFS) error
		changes []change // the same edit, made with git plumbing
		changed []string // expected Changed()
	}{
		"no change": {
			apply: func(fs *TreeFS) error { _, err := fs.Open("deep/1/2/3/f.txt"); return err },
		},
		"modify deep file": {
			apply:   func(fs *TreeFS) error { return util.WriteFile(fs, "deep/1/2/3/f.txt", []byte("changed\n"), 0o644) },
			changes: []change{{path: "deep/1/2/3/f.txt", content: "changed\n"}},
			changed: []string{"deep/1/2/3/f.txt"},
		},
		"write identical bytes": {
			apply: func(fs *TreeFS) error { return util.WriteFile(fs, "deep/1/g.txt", []byte("g\n"), 0o644) },
		},
		"add file in new nested dirs": {
			apply:   func(fs *TreeFS) error { return util.WriteFile(fs, "new/p/q/r.txt", []byte("r\n"), 0o644) },
			changes: []change{{path: "new/p/q/r.txt", content: "r\n"}},
			changed: []string{"new/p/q/r.txt"},
		},
		"delete last file of a dir": {
			apply:   func(fs *TreeFS) error { return fs.Remove("gone/only.txt") },
			changes: []change{{path: "gone/only.txt", del: true}},
			changed: []string{"gone/only.txt"},
		},
		"remove directory recursively": {
			apply:   func(fs *TreeFS) error { return fs.Remove("old") },
			changes: []change{{path: "old", del: true}},
			changed: []string{"old/sub/y.txt", "old/x.txt"},
		},
		"rename dir": {
			apply: func(fs *TreeFS) error { return fs.Rename("old", "moved/old2") },
			changes: []change{
				{path: "old", del: true},
				{path: "moved/old2/x.txt", content: "x\n"},
				{path: "moved/old2/sub/y.txt", content: "y\n"},
			},
			changed: []string{"moved/old2/sub/y.txt", "moved/old2/x.txt", "old/sub/y.txt", "old/x.txt"},
		},
		"rename file over file": {
			apply: func(fs *TreeFS) error { return fs.Rename("a0", "a-b") },
			changes: []change{
				{path: "a0", del: true},
				{path: "a-b", content: "zero\n"},
			},
			changed: []string{"a-b", "a0"},
		},
		"tricky names": {
			apply: func(fs *TreeFS) error {
				for _, p := range []string{"a+", "a=", "a/b/c", "a.b.c", "a-/z", "a/.x"} {
					if err := util.WriteFile(fs, p, []byte(p+"\n"), 0o644); err != nil {
						return err
					}
				}
				return nil
			},
			changes: []change{
				{path: "a+", content: "a+\n"}, {path: "a=", content: "a=\n"},
				{path: "a/b/c", content: "a/b/c\n"}, {path: "a.b.c", content: "a.b.c\n"},
				{path: "a-/z", content: "a-/z\n"}, {path: "a/.x", content: "a/.x\n"},
			},
			changed: []string{"a+", "a-/z", "a.b.c", "a/.x", "a/b/c", "a="},
		},
		"file becomes directory": {
			apply: func(fs *TreeFS) error {
				if err := fs.Remove("a.b"); err != nil {
					return err
				}
				return util.WriteFile(fs, "a.b/inner", []byte("i\n"), 0o644)
			},
			changes: []change{{path: "a.b", del: true}, {path: "a.b/inner", content: "i\n"}},
			changed: []string{"a.b", "a.b/inner"},
		},
		"executable bit kept": {
			apply:   func(fs *TreeFS) error { return util.WriteFile(fs, "bin/tool", []byte("#!/bin/sh\necho\n"), 0o644) },
			changes: []change{{path: "bin/tool", content: "#!/bin/sh\necho\n", exec: true}},
			changed: []string{"bin/tool"},
		},
		"empty directory is dropped": {
			apply: func(fs *TreeFS) error { return fs.MkdirAll("empty/dir", 0o755) },
		},
		"remove everything": {
			apply: func(fs *TreeFS) error {
				infos, err := fs.ReadDir("/")
				if err != nil {
					return err
				}
				for _, fi := range infos {
					if err := fs.Remove(fi.Name()); err != nil {
						return err
					}
				}
				return nil
			},
			changes: []change{{path: ".", del: true}},
			changed: []string{"a-b", "a.b", "a/x", "a0", "bin/tool", "deep/1/2/3/f.txt", "deep/1/g.txt", "gone/only.txt", "old/sub/y.txt", "old/x.txt"},
		},
	}
	gr := gittest.New(t, treeBase)
	gr.Git(t, "update-index", "--chmod=+x", "bin/tool")
	gr.Git(t, "commit", "-q", "-m", "exec")
	repo := open(t, gr)
	base := head(t, repo)
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fs, err := repo.TreeFS(base)
			require.NoError(t, err)
			require.NoError(t, tc.apply(fs))
			changed, err := fs.Changed()
			require.NoError(t, err)
			assert.Equal(t, tc.changed, nilIfEmpty(changed))
			tree, err := repo.WriteTree(fs)
			require.NoError(t, err)
			want := gitTree(t, gr, base.String(), tc.changes)
			assert.Equal(t, want, tree.String())
			assert.Equal(t, "tree", gr.Git(t, "cat-file", "-t", tree.String()))
			// Still usable and unchanged after writing.
			again, err := repo.WriteTree(fs)
			require.NoError(t, err)
			assert.Equal(t, tree, again)
			changed, err = fs.Changed()
			require.NoError(t, err)
			assert.Equal(t, tc.changed, nilIfEmpty(changed))
		})
	}
	fsck(t, gr)
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestEncodeTreeOrder(t *testing.T) {
	// git orders a directory as if its name ended in '/'.
	entries := []treeEntry{
		{name: "a0", mode: 0o100644}, {name: "a", mode: 0o40000},
		{name: "a.b", mode: 0o100644}, {name: "a-b", mode: 0o100644},
		{name: "b", mode: 0o100644}, {name: "a/", mode: 0o100644},
	}
	encodeTree(entries)
	var names []string
	for _, e := range entries {
		names = append(names, e.name)
	}
	assert.Equal(t, []string{"a-b", "a.b", "a", "a/", "a0", "b"}, names)
}
