package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// TestLineTooLong: a reply with an absurdly long line is refused with exit
// 2 and a message, and nothing is recorded: however long a line, nothing
// crashes (docs/reliability.md).
func TestLineTooLong(t *testing.T) {
	defer func(n int) { parse.MaxLine = n }(parse.MaxLine)
	parse.MaxLine = 1000
	repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
	reply := filepath.Join(t.TempDir(), "reply.md")
	text := "a.txt\n««« EDIT\none\n═══════ REPL\ntwo\n»»» EDIT END\n" + strings.Repeat("x", 5000) + "\n"
	require.NoError(t, os.WriteFile(reply, []byte(text), 0o644))

	err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{reply}})
	assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1))
	require.ErrorContains(t, err, "line 7: line longer than the limit")
	assert.Empty(t, repo.Git(t, "for-each-ref", "refs/heads/aiedit/"), "nothing recorded")
}

// TestCutLineEverySource: a line over the limit inside a block never lets
// the block apply. Text transcripts (markdown, aider, raw) are refused
// whole with exit 2, on the SEARCH and on the REPLACE side; a JSONL
// session skips the over-long record with a warning shown even with -q,
// and the edits of its other records still apply.
func TestCutLineEverySource(t *testing.T) {
	defer func(n, m int) { transcript.MaxLine, parse.MaxLine = n, m }(transcript.MaxLine, parse.MaxLine)
	transcript.MaxLine, parse.MaxLine = 1000, 1000
	long := strings.Repeat("x", 5000)
	block := func(search, replace string) string {
		return "a.txt\n<<<<<<< SEARCH\n" + search + "\n=======\n" + replace + "\n>>>>>>> REPLACE\n"
	}
	text := map[string]string{
		"markdown": "## User\n\nFix.\n\n## Assistant\n\nHere.\n\n",
		"aider":    "#### Fix.\n\nHere.\n\n",
		"raw":      "Here.\n\n",
	}
	for from, head := range text {
		for side, body := range map[string]string{"search": block(long, "two"), "replace": block("one", long)} {
			t.Run(from+"/"+side, func(t *testing.T) {
				gittest.Setenv(t)
				repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
				reply := filepath.Join(t.TempDir(), "reply.md")
				require.NoError(t, os.WriteFile(reply, []byte(head+body), 0o644))
				s, _, _, stderr := iostreams.Test()
				err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{reply}, From: from, Quiet: true, IO: s})
				assert.Equal(t, exitcode.Usage, exitcode.Of(err, -1), stderr.String())
				require.ErrorContains(t, err, "longer than")
				assert.Empty(t, repo.Git(t, "for-each-ref", "refs/heads/aiedit/"), "nothing recorded")
			})
		}
	}

	t.Run("claude-code", func(t *testing.T) {
		gittest.Setenv(t)
		repo := gittest.New(t, map[string]string{"a.txt": "one\n"})
		edit := func(id, old, new string) string {
			return `{"type":"assistant","message":{"role":"assistant","model":"m","content":[{"type":"tool_use","id":"` + id +
				`","name":"Edit","input":{"file_path":"a.txt","old_string":"` + old + `","new_string":"` + new + `"}}]}}` + "\n"
		}
		session := `{"type":"user","message":{"role":"user","content":"Fix."}}` + "\n" +
			edit("t1", "one", "two") + edit("t2", "two", long) + edit("t3", "two", "three")
		path := filepath.Join(t.TempDir(), "session.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(session), 0o644))
		s, _, _, stderr := iostreams.Test()
		err := runErr(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, From: "claude-code", Quiet: true, IO: s})
		require.NoError(t, err, stderr.String())
		assert.Contains(t, stderr.String(), "session.jsonl:3: record longer than")
		assert.Equal(t, "three", repo.Git(t, "show", "aiedit/session:a.txt"), "the other records' edits apply")
	})
}
