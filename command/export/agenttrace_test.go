package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/export"
	"github.com/git-aiedit/git-aiedit/engine"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// compileSchema compiles the Agent Trace record schema, transcribed into
// testdata (see its $comment), with formats asserted.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	data, err := os.ReadFile(filepath.Join("testdata", "trace-record.schema.json"))
	require.NoError(t, err)
	require.NoError(t, c.AddResource("trace-record.json", bytes.NewReader(data)))
	s, err := c.Compile("trace-record.json")
	require.NoError(t, err)
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, line string) {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(line), &v))
	require.NoError(t, s.Validate(v), line)
}

// The specification's own minimal example passes, and records that break
// it are refused: the schema test can fail.
func TestSchemaDiscriminates(t *testing.T) {
	s := compileSchema(t)
	validate(t, s, `{"version":"0.1","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00Z","files":[{"path":"src/app.ts","conversations":[{"contributor":{"type":"ai"},"ranges":[{"start_line":1,"end_line":50}]}]}]}`)
	for name, bad := range map[string]string{
		"version 0.1.0":  `{"version":"0.1.0","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00Z","files":[]}`,
		"line 0":         `{"version":"0.1","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00Z","files":[{"path":"a","conversations":[{"ranges":[{"start_line":0,"end_line":1}]}]}]}`,
		"extra key":      `{"version":"0.1","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00Z","files":[],"x":1}`,
		"local time":     `{"version":"0.1","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00+01:00","files":[]}`,
		"unknown author": `{"version":"0.1","id":"550e8400-e29b-41d4-a716-446655440000","timestamp":"2026-01-25T10:00:00Z","files":[{"path":"a","conversations":[{"contributor":{"type":"robot"},"ranges":[]}]}]}`,
	} {
		var v any
		require.NoError(t, json.Unmarshal([]byte(bad), &v))
		assert.Error(t, s.Validate(v), name)
	}
}

// Records exported from a real apply validate, and say what the notes say.
func TestAgentTraceValidates(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"app.py": "def f():\n    return 1\n"})
	tr := filepath.Join(t.TempDir(), "chat.md")
	require.NoError(t, os.WriteFile(tr, []byte("## Assistant (claude-sonnet-4)\n\nReturn 2.\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n    # two\n>>>>>>> REPLACE\n```\n"), 0o644))
	ctx := context.Background()
	_, err := engine.Run(ctx, &engine.Options{Dir: r.Dir, Transcripts: []string{tr}, Branch: "review"})
	require.NoError(t, err)

	var out bytes.Buffer
	io := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &bytes.Buffer{}}
	require.NoError(t, export.Run(ctx, &export.Options{Dir: r.Dir, Revs: []string{"review", "main"}, AgentTrace: true, IO: io}))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2)
	s := compileSchema(t)
	for _, l := range lines {
		validate(t, s, l)
	}
	var rec export.Record
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, "0.1", rec.Version)
	assert.Equal(t, strings.TrimSpace(r.Git(t, "rev-parse", "review")), rec.VCS.Revision)
	require.Len(t, rec.Files, 1)
	assert.Equal(t, "app.py", rec.Files[0].Path)
	conv := rec.Files[0].Conversations[0]
	assert.Equal(t, &export.Contributor{Type: "ai", ModelID: "anthropic/claude-sonnet-4"}, conv.Contributor)
	require.Len(t, conv.Ranges, 1)
	assert.Equal(t, 2, conv.Ranges[0].StartLine)
	assert.Equal(t, 3, conv.Ranges[0].EndLine)
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, conv.Ranges[0].ContentHash)
	// The base commit has no note: a record with no files.
	var base export.Record
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &base))
	assert.Empty(t, base.Files)
	// The same commit always exports the same id.
	out.Reset()
	require.NoError(t, export.Run(ctx, &export.Options{Dir: r.Dir, Revs: []string{"review"}, AgentTrace: true, IO: io}))
	assert.Equal(t, lines[0], strings.TrimSpace(out.String()))
}
