package engine

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// TestEntireCopyBounded: apply --from entire copies a session's
// transcript to a temporary file to read it (twice, as any file), at
// most maxSpool in all, as a stream is spooled: a larger one is refused
// before anything is written, saying how to apply it from a file of its
// own. Before, the copy grew with the transcript, whatever its size.
func TestEntireCopyBounded(t *testing.T) {
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{"app.py": "x\n"})
	// A session of one turn, padded past 1 MiB with a record the reader skips.
	session := `{"type":"progress","pad":"` + strings.Repeat("a", 3<<19) + `"}` + "\n"
	blob := strings.TrimSpace(gittest.RunInput(t, repo.Dir, nil, session, "hash-object", "-w", "--stdin"))
	meta := strings.TrimSpace(gittest.RunInput(t, repo.Dir, nil, "{}\n", "hash-object", "-w", "--stdin"))
	tree := func(entries string) string {
		return strings.TrimSpace(gittest.RunInput(t, repo.Dir, nil, entries, "mktree"))
	}
	inner := tree("100644 blob " + blob + "\tfull.jsonl\n100644 blob " + meta + "\tmetadata.json\n")
	root := tree("040000 tree " + tree("040000 tree "+tree("040000 tree "+inner+"\t0\n")+"\tb2c4d5e6f7\n") + "\ta3\n")
	c := strings.TrimSpace(repo.Git(t, "commit-tree", "-m", "checkpoints", root))
	repo.Git(t, "update-ref", "refs/heads/entire/checkpoints/v1", c)

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(old int64) { maxSpool = old }(maxSpool)
	resolve := func() error {
		opts := &Options{Dir: repo.Dir, From: "entire", Transcripts: []string{"a3b2c4d5e6f7"}}
		cleanup, err := opts.resolveEntire(context.Background())
		cleanup()
		left, _ := os.ReadDir(tmp)
		assert.Empty(t, left, "the temporary folder is left behind")
		return err
	}

	maxSpool = 1 << 20
	err := resolve()
	require.Error(t, err)
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, 0))
	assert.Contains(t, err.Error(), "checkpoint a3b2c4d5e6f7: its transcripts go on past 1 MiB, the most apply copies from entire/checkpoints/v1 to read them; write the session to a file (git show entire/checkpoints/v1:a3/b2c4d5e6f7/0/full.jsonl >FILE) and apply the file")

	maxSpool = 2 << 20
	require.NoError(t, resolve())
}
