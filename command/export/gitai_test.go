package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/export"
	"github.com/git-aiedit/git-aiedit/engine"
	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// checkAuthorshipLog checks a note against the Git AI Standard v3.0.0
// (section 1.2): attestation section, a "---" line, metadata JSON; it
// returns the lines attested per file and key.
func checkAuthorshipLog(t *testing.T, log string) map[string]map[string][]int {
	t.Helper()
	attest, meta, ok := strings.Cut(log, "\n---\n")
	require.True(t, ok, "no --- divider line")
	var m struct {
		SchemaVersion string         `json:"schema_version"`
		BaseCommitSHA string         `json:"base_commit_sha"`
		Prompts       map[string]any `json:"prompts"`
		Sessions      map[string]struct {
			AgentID *struct {
				Tool, ID, Model string
			} `json:"agent_id"`
		} `json:"sessions"`
	}
	require.NoError(t, json.Unmarshal([]byte(meta), &m))
	assert.Equal(t, "authorship/3.0.0", m.SchemaVersion)
	assert.Regexp(t, `^[0-9a-f]{40}$`, m.BaseCommitSHA)
	assert.NotNil(t, m.Prompts, "prompts is required")
	key := regexp.MustCompile(`^(s_[0-9a-f]{14})::t_[0-9a-f]{14}$`)
	ranges := regexp.MustCompile(`^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$`)
	got := map[string]map[string][]int{}
	file := ""
	for _, line := range strings.Split(attest, "\n") {
		if !strings.HasPrefix(line, " ") {
			require.NotEmpty(t, line)
			file = strings.Trim(line, `"`)
			got[file] = map[string][]int{}
			continue
		}
		require.True(t, strings.HasPrefix(line, "  ") && line[2] != ' ', "entry indented by exactly two spaces: %q", line)
		k, spec, ok := strings.Cut(line[2:], " ")
		require.True(t, ok)
		sm := key.FindStringSubmatch(k)
		require.NotNil(t, sm, "key %q", k)
		s, ok := m.Sessions[sm[1]]
		require.True(t, ok, "session %s not in metadata", sm[1])
		require.NotNil(t, s.AgentID)
		require.Regexp(t, ranges, spec)
		last := 0
		for _, part := range strings.Split(spec, ",") {
			a, b, _ := strings.Cut(part, "-")
			start, _ := strconv.Atoi(a)
			end := start
			if b != "" {
				end, _ = strconv.Atoi(b)
			}
			require.True(t, start > last && end >= start, "ranges ascending: %s", spec)
			for i := start; i <= end; i++ {
				got[file][k] = append(got[file][k], i)
			}
			last = end
		}
	}
	return got
}

func TestGitAINotes(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"app.py": "def f():\n    return 1\n\ndef g():\n    return 2\n"})
	tr := filepath.Join(t.TempDir(), "chat.md")
	require.NoError(t, os.WriteFile(tr, []byte("## Assistant (gpt-4o)\n\nChange both.\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 10\n>>>>>>> REPLACE\n```\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 2\n=======\n    return 20\n    # twenty\n>>>>>>> REPLACE\n```\n"), 0o644))
	ctx := context.Background()
	_, err := engine.Run(ctx, &engine.Options{Dir: r.Dir, Transcripts: []string{tr}, Branch: "review"})
	require.NoError(t, err)

	var errb bytes.Buffer
	io := &iostreams.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errb}
	require.NoError(t, export.Run(ctx, &export.Options{Dir: r.Dir, Revs: []string{"main..review"}, GitAI: true, IO: io}))
	assert.Contains(t, errb.String(), "wrote 1 git-ai authorship log on refs/notes/ai")
	log := r.Git(t, "notes", "--ref=ai", "show", "review") + "\n"
	got := checkAuthorshipLog(t, log)
	require.Contains(t, got, "app.py")
	var lines [][]int
	for _, v := range got["app.py"] {
		lines = append(lines, v)
	}
	assert.ElementsMatch(t, [][]int{{2}, {5, 6}}, lines, "one trace per block")
	assert.Contains(t, log, `"model": "gpt-4o"`)
	assert.Contains(t, log, `"tool": "chat"`)
}

// A path with a space is quoted (section 1.2.3).
func TestAuthorshipLogQuotes(t *testing.T) {
	note := &attrnote.Note{
		Responses: []attrnote.Response{{Transcript: "t.md sha256:00", Response: 1, Total: 1, Agent: "aider", Model: "m"}},
		Files:     []attrnote.File{{Path: "my app.py", Lines: []attrnote.Lines{{Start: 1, End: 3, Block: 1}, {Start: 7, End: 7, Block: 1}}}},
	}
	log := string(export.AuthorshipLog(plumbing.NewHash("1111111111111111111111111111111111111111"), note))
	assert.True(t, strings.HasPrefix(log, "\"my app.py\"\n  s_"), log)
	got := checkAuthorshipLog(t, log)
	for _, v := range got["my app.py"] {
		assert.Equal(t, []int{1, 2, 3, 7}, v)
	}
}
