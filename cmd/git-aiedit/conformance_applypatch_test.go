package main

import (
	"bytes"
	"errors"
	"github.com/git-aiedit/git-aiedit/internal/extdata"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// conformanceDir holds Codex's apply_patch end-to-end scenarios (see its
// README): input/ + patch.txt must give expected/.
const conformanceDir = "../../../shared/conformance/apply-patch"

// failing are the scenarios whose patch is rejected (the README's list).
var failing = []string{
	"005_rejects_empty_patch", "006_rejects_missing_context", "007_rejects_missing_file_delete",
	"008_rejects_empty_update_hunk", "009_requires_existing_file_for_update", "012_delete_directory_fails",
	"013_rejects_invalid_hunk_header", "015_failure_after_partial_success_leaves_changes",
}

// builtBinary is the directory where git-aiedit is this test binary
// (binDir), so that scenarios run the real command the way git does:
// `git aiedit` found on PATH. No second build: under -race a plain one
// compiled the whole program again, minutes of CPU on a cold cache.
func builtBinary(t *testing.T) string {
	t.Helper()
	dir, err := binDir()
	require.NoError(t, err)
	return dir
}

// TestApplyPatchConformance applies every scenario through
// `git aiedit apply --format applypatch` and compares the review branch's
// tree with expected/, byte for byte, every file and no other.
func TestApplyPatchConformance(t *testing.T) {
	t.Parallel()
	extdata.Require(t, conformanceDir, "the Codex apply_patch conformance scenarios",
		"put the Codex apply-patch test scenarios (github.com/openai/codex, codex-rs/apply-patch/tests/fixtures/scenarios) there, beside this repository as ../shared/conformance/apply-patch")
	entries, err := os.ReadDir(conformanceDir)
	require.NoError(t, err)
	bin := builtBinary(t)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runScenario(t, bin, filepath.Join(conformanceDir, name), slices.Contains(failing, name), name != failing[len(failing)-1])
		})
	}
}

func runScenario(t *testing.T, bin, dir string, wantFail, unchanged bool) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	home := filepath.Join(tmp, "home")
	require.NoError(t, os.MkdirAll(home, 0o755))
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ada Author", "GIT_AUTHOR_EMAIL=ada@example.com", "GIT_AUTHOR_DATE=2026-01-02T03:04:05Z",
		"GIT_COMMITTER_NAME=Cy Committer", "GIT_COMMITTER_EMAIL=cy@example.com",
		"GIT_COMMITTER_DATE=2026-01-02T03:04:05Z", "NO_COLOR=1")
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = repo, env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if err != nil {
			return out.String(), errors.New(errb.String())
		}
		return out.String(), nil
	}
	must := func(args ...string) string {
		out, err := git(args...)
		require.NoError(t, err, "git %v", args)
		return out
	}

	require.NoError(t, os.MkdirAll(repo, 0o755))
	must("init", "-q", "-b", "main")
	if _, err := os.Stat(filepath.Join(dir, "input")); err == nil {
		require.NoError(t, os.CopyFS(repo, os.DirFS(filepath.Join(dir, "input"))))
	}
	must("add", "-A")
	must("commit", "-q", "--allow-empty", "-m", "base")

	patch, err := filepath.Abs(filepath.Join(dir, "patch.txt"))
	require.NoError(t, err)
	out, runErr := git("aiedit", "apply", "--format", "applypatch", "-b", "aiedit/conformance", patch)
	if wantFail {
		assert.Error(t, runErr, "a rejected patch must exit non-zero")
	} else {
		require.NoError(t, runErr, "stdout: %s", out)
	}

	ref := "aiedit/conformance"
	if _, err := git("rev-parse", "--verify", "-q", ref); err != nil {
		ref = "main" // nothing was committed
	}
	if wantFail && unchanged {
		assert.Equal(t, must("rev-parse", "main^{tree}"), must("rev-parse", ref+"^{tree}"),
			"a rejected patch leaves the tree as it was")
	}
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(must("ls-tree", "-r", ref)), "\n") {
		if l == "" {
			continue
		}
		meta, path, _ := strings.Cut(l, "\t")
		got[path] = must("cat-file", "blob", strings.Fields(meta)[2])
	}
	want := map[string]string{}
	expected := filepath.Join(dir, "expected")
	err = filepath.WalkDir(expected, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(expected, p)
		want[filepath.ToSlash(rel)] = string(b)
		return err
	})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
