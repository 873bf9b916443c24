package apply

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestLineTooLong: a reply with an absurdly long line is refused with exit
// 2 and a message, and nothing is recorded (transcripts.md: "a 1 GB single
// line must not crash anything").
func TestLineTooLong(t *testing.T) {
	defer func(n int) { parse.MaxLine = n }(parse.MaxLine)
	parse.MaxLine = 1000
	repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
	reply := filepath.Join(t.TempDir(), "reply.md")
	text := "a.txt\n««« EDIT\none\n═══════ REPL\ntwo\n»»» EDIT END\n" + strings.Repeat("x", 5000) + "\n"
	require.NoError(t, os.WriteFile(reply, []byte(text), 0o644))

	err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{reply}})
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
	require.ErrorContains(t, err, "line 7 is longer than")
	assert.Empty(t, repo.Git(t, "for-each-ref", "refs/heads/aiedit/"), "nothing recorded")
}
