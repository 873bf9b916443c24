package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore/parse"
	"github.com/git-aiedit/git-aiedit/transcript"
)

// TestDocsNames: every name the registries and the status enums define is
// documented in docs/, so a new format, source, status or error type
// cannot ship undocumented.
func TestDocsNames(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
		require.NoError(t, err)
		return string(b)
	}
	formats, sources, report := read("formats.md"), read("transcripts.md"), read("json-report.md")
	for _, f := range append(parse.Names(), transcript.ToolCallFormat) {
		assert.Contains(t, formats, "`"+f+"`", "docs/formats.md documents format %s", f)
	}
	for _, s := range transcript.SourceNames() {
		assert.Contains(t, sources, "`"+s+"`", "docs/transcripts.md documents source %s", s)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "editcore", "result.go"))
	require.NoError(t, err)
	enum := regexp.MustCompile(`(?m)^\s*\w+\s+(?:Status|ErrorType)\s*=\s*"([a-z_]+)"`)
	found := enum.FindAllStringSubmatch(string(src), -1)
	require.NotEmpty(t, found)
	for _, m := range found {
		assert.Contains(t, report, "`"+m[1]+"`", "docs/json-report.md documents %s", m[1])
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	for _, page := range []string{"docs/formats.md", "docs/transcripts.md", "docs/trailers.md", "docs/json-report.md"} {
		assert.True(t, strings.Contains(string(readme), page), "README links %s", page)
	}
}
