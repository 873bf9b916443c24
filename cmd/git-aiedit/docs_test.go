package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/hook"
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

// TestDocsHookAgents: every agent the hook registry records live has its
// row in docs/hooks.md, and the scripts drive it end to end.
func TestDocsHookAgents(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "hooks.md"))
	require.NoError(t, err)
	for _, a := range hook.AgentNames() {
		assert.Contains(t, string(doc), "| `"+a+"` |", "docs/hooks.md has a row for agent %s", a)
		script := "hook_" + strings.ReplaceAll(a, "-", "_") + ".txtar"
		_, err := os.Stat(filepath.Join("testdata", "script", script))
		assert.NoError(t, err, "agent %s has its end-to-end script %s", a, script)
	}
}

// TestDocsLinks: every relative link in the README, CONTRIBUTING.md and
// docs/ names a file that exists, and the README stays a guide, short
// enough to read through, with the reference in docs/.
func TestDocsLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	pages := []string{"README.md", "CONTRIBUTING.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	for _, d := range docs {
		rel, err := filepath.Rel(root, d)
		require.NoError(t, err)
		pages = append(pages, rel)
	}
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	for _, page := range pages {
		b, err := os.ReadFile(filepath.Join(root, page))
		require.NoError(t, err)
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			_, err := os.Stat(filepath.Join(root, filepath.Dir(page), target))
			assert.NoError(t, err, "%s links %s, which does not exist", page, target)
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, strings.Count(string(readme), "\n"), 320, "README.md is a guide; the reference goes in docs/")
}

// TestDocsDependencies: every module go.mod requires directly has its row
// in the README's Dependencies table, saying why it is there.
func TestDocsDependencies(t *testing.T) {
	root := filepath.Join("..", "..")
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	_, deps, ok := strings.Cut(string(readme), "\n## Dependencies\n")
	require.True(t, ok, "README.md has a Dependencies section")
	deps, _, _ = strings.Cut(deps, "\n## ")
	direct := regexp.MustCompile(`(?m)^\s+(\S+) v\S+$`) // a require line without "// indirect"
	found := direct.FindAllStringSubmatch(string(mod), -1)
	require.NotEmpty(t, found)
	for _, m := range found {
		assert.Contains(t, deps, "`"+m[1]+"`", "README.md's Dependencies table says why %s is required", m[1])
	}
}
