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
// cannot ship undocumented; and every source has its end-to-end script.
func TestDocsNames(t *testing.T) {
	t.Parallel()
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
		// And a script applies it end to end (or records it live).
		n := strings.ReplaceAll(s, "-", "_")
		scripts, _ := filepath.Glob(filepath.Join("testdata", "script", "transcript_"+n+"*.txtar"))
		hooked, _ := filepath.Glob(filepath.Join("testdata", "script", "hook_"+n+".txtar"))
		assert.NotEmpty(t, append(scripts, hooked...), "source %s has its end-to-end script transcript_%s.txtar", s, n)
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
	t.Parallel()
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
	t.Parallel()
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
			if err == nil && m[2] != "" && strings.HasSuffix(target, ".md") {
				b, err := os.ReadFile(filepath.Join(root, filepath.Dir(page), target))
				require.NoError(t, err)
				assert.Contains(t, headingAnchors(string(b)), m[2][1:], "%s links %s%s: no such heading there", page, target, m[2])
			}
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, strings.Count(string(readme), "\n"), 320, "README.md is a guide; the reference goes in docs/")
}

// TestDocsCommands: the README's table of commands names every command
// the binary has (and every subcommand of hook), so a new command cannot
// ship missing from the guide.
func TestDocsCommands(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	table := between(string(readme), "## Commands", "\n## ")
	require.NotEmpty(t, table, "README.md has a Commands section")
	app := newApp(nil, nil, nil)
	names := []string{"completion"} // added by urfave/cli when the app runs
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
		if c.Name == "hook" {
			for _, s := range c.Commands {
				if !s.Hidden {
					assert.Regexp(t, "`git aiedit hook [^`]*\\b"+regexp.QuoteMeta(s.Name)+"\\b", table, "the README's table names hook %s", s.Name)
				}
			}
		}
	}
	require.Greater(t, len(names), 15, "the binary's commands were read")
	for _, n := range names {
		assert.Regexp(t, "`(git aiedit )?"+regexp.QuoteMeta(n)+"[ `]", table, "the README's table of commands names %s", n)
	}
}

// headingAnchors are the anchors GitHub gives a Markdown page's headings:
// lower case, punctuation dropped, spaces as hyphens. Headings inside
// fenced code are none; a fence closes only at a run of its character at
// least as long as its opening, as CommonMark says.
func headingAnchors(page string) map[string]bool {
	out := map[string]bool{}
	open := ""
	run := regexp.MustCompile("^ {0,3}(`{3,}|~{3,})(.*)$")
	drop := regexp.MustCompile(`[^\p{L}\p{N}_\- ]`)
	for _, line := range strings.Split(page, "\n") {
		if m := run.FindStringSubmatch(line); m != nil {
			switch {
			case open == "" && m[1][0] == '`' && strings.Contains(m[2], "`"):
				// Not a fence: a backtick fence's info string holds no
				// backtick (a line that starts with a code span).
			case open == "":
				open = m[1]
			case m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(m[2]) == "":
				open = ""
			}
			continue
		}
		if open != "" || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(line, "#"))
		out[strings.ReplaceAll(drop.ReplaceAllString(strings.ToLower(h), ""), " ", "-")] = true
	}
	return out
}

// TestDocsDependencies: every module go.mod requires directly has its row
// in the README's Dependencies table, saying why it is there.
func TestDocsDependencies(t *testing.T) {
	t.Parallel()
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
