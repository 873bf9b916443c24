//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCurrentDirectoryGone: a worktree removed with rm -rf by another
// shell while this one was in it. Every command run there says that the
// current directory is gone and what to do (git says only "Unable to
// read current working directory"; this said "getwd: no such file or
// directory (in .)"), and changes nothing.
func TestCurrentDirectoryGone(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	reply := writeTranscript(t, "reply.md", streamReply)
	out, err := r.aiedit("apply", "-q", "-b", "aiedit/fix", reply).CombinedOutput()
	require.NoError(t, err, "%s", out)
	refs := r.git("for-each-ref")
	bin, err := binDir()
	require.NoError(t, err)
	for i, args := range [][]string{
		{"apply", "-b", "side", reply},
		{"land", "--onto", "main", "aiedit/fix"},
		{"undo", "aiedit/fix"},
		{"log"},
	} {
		t.Run(args[0], func(t *testing.T) {
			wt := filepath.Join(t.TempDir(), fmt.Sprintf("wt%d", i))
			r.git("worktree", "add", "-q", wt, "-b", fmt.Sprintf("wt%d", i))
			// In the worktree, which another shell then deletes.
			c := exec.Command("/bin/sh", append([]string{"-c", `cd "$1" && rm -rf "$1" && shift && exec "$@"`, "sh", wt,
				filepath.Join(bin, "git-aiedit")}, args...)...)
			c.Env = r.env
			var stderr bytes.Buffer
			c.Stderr = &stderr
			err := c.Run()
			assert.Equal(t, 3, r.exitCode(err), "%s", stderr.String())
			assert.Equal(t, "git-aiedit: the current directory has been deleted; cd to one that exists; "+
				"if it was a worktree, `git worktree prune` forgets it\n", stderr.String())
			r.git("worktree", "prune")
			r.git("branch", "-D", fmt.Sprintf("wt%d", i))
			assert.Equal(t, refs, r.git("for-each-ref"), "nothing changed")
		})
	}
}
