package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQuickStart runs the README's Quick start verbatim, with bash, on a
// git with no configuration at all (so init.defaultBranch is git's own),
// and checks that the output and the commit it shows are what the
// commands really print.
func TestQuickStart(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	section := between(string(readme), "## Quick start", "\n## ")
	blocks := fenced(section)
	require.GreaterOrEqual(t, len(blocks), 3, "the Quick start has its commands, their output and the commit")
	script, wantOut, wantMsg := blocks[0], blocks[1], blocks[2]

	bin, err := binDir()
	require.NoError(t, err)
	dir, home := t.TempDir(), t.TempDir()
	var stdout, stderr bytes.Buffer
	c := exec.Command("bash", "-e", "-c", script)
	c.Dir, c.Stdout, c.Stderr = dir, &stdout, &stderr
	c.Env = []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home, "XDG_CONFIG_HOME=" + home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ada Author", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Cy Committer", "GIT_COMMITTER_EMAIL=cy@example.com",
		"NO_COLOR=1", "LANG=C.UTF-8",
		"GORACE=" + os.Getenv("GORACE"), // quickRaceExit's
	}
	require.NoError(t, c.Run(), "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())

	hash := regexp.MustCompile(`\([0-9a-f]{12}\)`)
	assert.Equal(t, hash.ReplaceAllString(strings.TrimSpace(wantOut), "(HASH)"),
		hash.ReplaceAllString(strings.TrimSpace(stderr.String()), "(HASH)"), "the Quick start's output")

	branch := regexp.MustCompile(`commits? on (\S+) \(`).FindStringSubmatch(stderr.String())
	require.NotNil(t, branch, "apply names the branch it wrote")
	g := exec.Command("git", "log", "-1", "--format=%B", branch[1])
	g.Dir, g.Env = filepath.Join(dir, "demo"), c.Env
	msg, err := g.Output()
	require.NoError(t, err)
	sum := regexp.MustCompile(`sha256:\S+`)
	assert.Equal(t, sum.ReplaceAllString(strings.TrimSpace(wantMsg), "sha256:…"),
		sum.ReplaceAllString(strings.TrimSpace(string(msg)), "sha256:…"), "the Quick start's commit")
}

// between returns the part of s from start up to the next end after it.
func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	if j := strings.Index(s, end); j >= 0 {
		s = s[:j]
	}
	return s
}

// fenced returns the contents of the fenced blocks of a Markdown text.
// A fence closes only at a line of the same character at least as long as
// its opening, as CommonMark says, so a block of four backticks can hold
// a log whose own code blocks are fenced with three.
func fenced(s string) []string {
	var out []string
	var cur []string
	open := ""
	for _, line := range strings.Split(s, "\n") {
		if open == "" {
			if f := fence(line); f != "" {
				open, cur = f, nil
			}
			continue
		}
		if f := fence(line); f != "" && f[0] == open[0] && len(f) >= len(open) && strings.TrimSpace(line) == f {
			out = append(out, strings.Join(cur, "\n"))
			open = ""
			continue
		}
		cur = append(cur, line)
	}
	return out
}

// fence returns the run of backticks or tildes (three or more) that line
// starts with, or "".
func fence(line string) string {
	for _, c := range []string{"`", "~"} {
		n := len(line) - len(strings.TrimLeft(line, c))
		if n >= 3 {
			return line[:n]
		}
	}
	return ""
}
