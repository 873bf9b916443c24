//go:build linux

package prestart

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDedupEnvAsExec: git gets the environment os/exec would give it: the
// last definition of each variable (the user's LC_ALL gives way to C),
// entries without "=" kept, a leading "=" part of the name. The reference
// is what `env` prints, started by os/exec.
func TestDedupEnvAsExec(t *testing.T) {
	envPath, err := exec.LookPath("env")
	require.NoError(t, err)
	for _, env := range [][]string{
		{"A=1", "B=2"},
		{"LC_ALL=fr_FR.UTF-8", "HOME=/h", "LANGUAGE=fr", "LC_ALL=C", "LANGUAGE="},
		{"A=1", "B=2", "A=3", "C", "B=4", "=x=1", "=x=2", "=y", "=z"},
		{},
	} {
		assert.Equal(t, envAsExec(t, envPath, env), orNil(dedupEnv(env)), "%q", env)
	}
}

// envAsExec is the environment a process started by os/exec with env
// gets, as `env -0` prints it (nil for none).
func envAsExec(t *testing.T, envPath string, env []string) []string {
	t.Helper()
	c := exec.Command(envPath, "-0")
	c.Env = append([]string{}, env...) // not nil: no inherited environment
	out, err := c.Output()
	require.NoError(t, err)
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

func orNil(env []string) []string {
	if len(env) == 0 {
		return nil
	}
	return env
}

// TestLookGit: git is found as a PATH search finds it, and nothing is
// started when a relative entry would be searched first (os/exec
// refuses those; gitops then reports it).
func TestLookGit(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "git")
	require.NoError(t, os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755))
	notExe := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(notExe, "git"), []byte("#!/bin/sh\n"), 0o644))
	asDir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(asDir, "git"), 0o755))
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{dir, exe, true},
		{notExe + ":" + asDir + ":" + dir, exe, true},
		{"/nonexistent:" + dir, exe, true},
		{"relative:" + dir, "", false},
		{":" + dir, "", false}, // an empty entry is the current directory
		{"/nonexistent", "", false},
	} {
		t.Setenv("PATH", tc.path)
		got, ok := lookGit()
		assert.Equal(t, tc.ok, ok, tc.path)
		assert.Equal(t, tc.want, got, tc.path)
	}
}

// TestGetwd: the directory is filepath.Abs("."): $PWD when it names the
// current directory (a path through a symbolic link stays as the user
// typed it), else the system's answer.
func TestGetwd(t *testing.T) {
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(real, link))
	t.Chdir(real)
	for _, pwd := range []string{link, real, "/", "relative", ""} {
		t.Setenv("PWD", pwd)
		want, err := filepath.Abs(".")
		require.NoError(t, err)
		got, ok := getwd()
		require.True(t, ok)
		assert.Equal(t, want, got, "PWD=%q", pwd)
	}
}

// FuzzDedupEnv holds dedupEnv to what os/exec gives a process for any
// list of variables (the fuzzer's bytes cut at newlines): `env -0`,
// started by os/exec with that list, prints what the process got.
func FuzzDedupEnv(f *testing.F) {
	envPath, err := exec.LookPath("env")
	if err != nil {
		f.Skip("no env")
	}
	f.Add("A=1\nB=2\nA=3")
	f.Add("LC_ALL=fr\nLC_ALL=C\n=x=1\n=x\nC\n\nD=")
	f.Fuzz(func(t *testing.T, list string) {
		if strings.IndexByte(list, 0) >= 0 {
			return // os/exec refuses a NUL; so does the kernel
		}
		env := strings.Split(list, "\n")
		require.Equal(t, envAsExec(t, envPath, env), orNil(dedupEnv(env)), "%q", env)
	})
}
