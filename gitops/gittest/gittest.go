// Package gittest builds real git repositories for tests, from a map of
// files or a txtar archive, with a fixed identity and fixed dates so commit
// hashes are reproducible, and snapshots a checkout so a test can assert
// that nothing the user owns changed.
package gittest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// Fixed identity and dates; every repository made here uses them.
const (
	Name  = "Test"
	Email = "test@example.com"
	Date  = "1700000000 +0100"
)

// Repo is a repository made for a test.
type Repo struct {
	Dir  string // top of the working tree, or the git directory when Bare
	Bare bool
}

// Setenv fixes the environment git sees in this test (and in code under
// test that runs git): identity, dates, an empty HOME and no system or
// global configuration. It uses t.Setenv, so the test cannot be parallel.
func Setenv(t testing.TB) {
	t.Helper()
	home := t.TempDir()
	for k, v := range map[string]string{
		"HOME":                home,
		"XDG_CONFIG_HOME":     filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM": "1",
		"GIT_CONFIG_GLOBAL":   filepath.Join(home, ".gitconfig"),
		"GIT_AUTHOR_NAME":     Name,
		"GIT_AUTHOR_EMAIL":    Email,
		"GIT_AUTHOR_DATE":     Date,
		"GIT_COMMITTER_NAME":  Name,
		"GIT_COMMITTER_EMAIL": Email,
		"GIT_COMMITTER_DATE":  Date,
		"GIT_TERMINAL_PROMPT": "0",
		"LC_ALL":              "C",
	} {
		t.Setenv(k, v)
	}
	for _, k := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
		"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES"} {
		if _, ok := os.LookupEnv(k); ok {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
}

// New makes a repository whose single commit on branch main holds files
// (slash-separated path → content).
func New(t testing.TB, files map[string]string) *Repo {
	t.Helper()
	return build(t, &fixture{files: files})
}

// Git runs git in the repository and returns its standard output with the
// final newline removed; it fails the test when git fails.
func (r *Repo) Git(t testing.TB, args ...string) string {
	t.Helper()
	return Run(t, r.Dir, nil, args...)
}

// Path returns the absolute path of a slash-separated path in the work tree.
func (r *Repo) Path(rel string) string {
	return filepath.Join(r.Dir, filepath.FromSlash(rel))
}

// Write writes a file in the work tree (not committed), making parents.
func (r *Repo) Write(t testing.TB, rel, content string) {
	t.Helper()
	p := r.Path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// LockRef makes the lock file of the ref (refs/heads/main) as old as age,
// as a git process updating it has, or one killed while it did left.
func (r *Repo) LockRef(t testing.TB, ref string, age time.Duration) {
	t.Helper()
	p := filepath.Join(r.Git(t, "rev-parse", "--absolute-git-dir"), filepath.FromSlash(ref)+".lock")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-age)
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
}

// Run runs git in dir with extra environment entries and returns its
// trimmed standard output; it fails the test when git fails.
func Run(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSuffix(string(out), "\n")
}

// RunInput is Run with standard input.
func RunInput(t testing.TB, dir string, env []string, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSuffix(string(out), "\n")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// RunErr runs git in dir and returns its standard output (final newline
// kept) or an error carrying its standard error, for tests that expect git
// to fail.
func RunErr(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}
