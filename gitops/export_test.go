package gitops

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestExportTree(t *testing.T) {
	tests := map[string]string{
		"work tree": "",
		"bare":      "bare\n",
	}
	for name, opts := range tests {
		t.Run(name, func(t *testing.T) {
			gr := gittest.FromTxtarString(t, "-- "+gittest.OptionsFile+" --\n"+opts+
				"exec: bin/run\nsymlink: link -> src/a.txt\n-- src/a.txt --\na\n-- bin/run --\n#!/bin/sh\n")
			before := gr.Snapshot(t)
			repo := open(t, gr)
			fs, err := repo.TreeFS(head(t, repo))
			require.NoError(t, err)
			require.NoError(t, util.WriteFile(fs, "src/new.txt", []byte("new\n"), 0o644))
			require.NoError(t, fs.Remove("src/a.txt"))
			tree, err := repo.WriteTree(fs)
			require.NoError(t, err)

			dir := filepath.Join(t.TempDir(), "out")
			require.NoError(t, repo.ExportTree(context.Background(), tree, dir))
			got, err := os.ReadFile(filepath.Join(dir, "src", "new.txt"))
			require.NoError(t, err)
			assert.Equal(t, "new\n", string(got))
			assert.NoFileExists(t, filepath.Join(dir, "src", "a.txt"))
			info, err := os.Stat(filepath.Join(dir, "bin", "run"))
			require.NoError(t, err)
			assert.NotZero(t, info.Mode()&0o100, "executable bit kept")
			target, err := os.Readlink(filepath.Join(dir, "link"))
			require.NoError(t, err)
			assert.Equal(t, "src/a.txt", target)
			assert.Equal(t, before, gr.Snapshot(t), "the user's checkout, index and refs are untouched")
		})
	}
}
