package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// binDir holds a link named git-aiedit to this test binary, which runs the
// real command when invoked under that name (testscript.Main in TestMain).
var binDir = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "git-aiedit-bin-")
	if err != nil {
		return "", err
	}
	return dir, os.Symlink(exe, filepath.Join(dir, "git-aiedit"))
})

// procRepo is a real repository driven through real processes.
type procRepo struct {
	t   *testing.T
	dir string
	env []string
}

func newProcRepo(t *testing.T, files map[string]string) *procRepo {
	t.Helper()
	bin, err := binDir()
	require.NoError(t, err)
	dir := t.TempDir()
	home := t.TempDir()
	r := &procRepo{t: t, dir: dir, env: append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Ada Author", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Cy Committer", "GIT_COMMITTER_EMAIL=cy@example.com",
		"NO_COLOR=1",
	)}
	r.git("init", "-q", "-b", "main")
	for p, c := range files {
		full := filepath.Join(dir, p)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(c), 0o644))
	}
	r.git("add", "-A")
	r.git("commit", "-qm", "base")
	return r
}

func (r *procRepo) cmd(args ...string) *exec.Cmd {
	c := exec.Command("git", args...)
	c.Dir = r.dir
	c.Env = r.env
	return c
}

func (r *procRepo) git(args ...string) string {
	r.t.Helper()
	return strings.TrimSpace(r.gitRaw(args...))
}

// gitRaw is git's output as it is, for blob contents.
func (r *procRepo) gitRaw(args ...string) string {
	r.t.Helper()
	var out, errb bytes.Buffer
	c := r.cmd(args...)
	c.Stdout, c.Stderr = &out, &errb
	require.NoError(r.t, c.Run(), "git %s: %s", strings.Join(args, " "), errb.String())
	return out.String()
}

// fsck requires `git fsck --strict` to find nothing wrong (dangling
// objects from an interrupted run are not wrong).
func (r *procRepo) fsck() {
	r.t.Helper()
	out, err := r.cmd("fsck", "--strict", "--no-dangling").CombinedOutput()
	require.NoError(r.t, err, "git fsck: %s", out)
	require.Empty(r.t, strings.TrimSpace(string(out)), "git fsck")
}

func (r *procRepo) exitCode(err error) int {
	r.t.Helper()
	if err == nil {
		return 0
	}
	ee, ok := err.(*exec.ExitError)
	require.True(r.t, ok, "%v", err)
	return ee.ExitCode()
}

// writeTranscript writes a transcript outside the repository.
func writeTranscript(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func createBlock(path, content string) string {
	return fmt.Sprintf("%s\n««« EDIT\n═══════ REPL\n%s»»» EDIT END\n", path, content)
}
