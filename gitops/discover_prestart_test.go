//go:build linux

package gitops

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/gitops/prestart"
)

// TestPrestartAnswersAsDiscovery: what package prestart starts during
// initialization, taken over, answers as the processes discovery starts
// itself, byte for byte and with the same status: in a work tree, a
// subdirectory, a bare repository, inside the git directory (rev-parse
// fails at --show-toplevel) and outside any repository.
func TestPrestartAnswersAsDiscovery(t *testing.T) {
	gr := gittest.New(t, map[string]string{"src/app/main.py": "print()\n"})
	top, err := filepath.EvalSymlinks(gr.Dir)
	require.NoError(t, err)
	bare := filepath.Join(t.TempDir(), "bare.git")
	gittest.Run(t, ".", nil, "clone", "-q", "--bare", gr.Dir, bare)
	outside := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(outside))

	for name, dir := range map[string]string{
		"top":           top,
		"subdirectory":  filepath.Join(top, "src", "app"),
		"bare":          bare,
		"git directory": filepath.Join(top, ".git"),
		"outside":       outside,
	} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(dir)
			abs, err := filepath.Abs(".")
			require.NoError(t, err)
			p := prestart.Start()
			require.NotNil(t, p, "nothing started")
			d := adopt(p, abs)
			require.NotNil(t, d, "not taken over: %q against %q", p.Dir, abs)
			own := startDiscovery(context.Background(), abs)
			for what, pair := range map[string][2]chan gitOutcome{
				"rev-parse": {d.revParse, own.revParse},
				"config":    {d.config, own.config},
			} {
				got, want := <-pair[0], <-pair[1]
				require.NoError(t, got.err, what)
				require.NoError(t, want.err, what)
				assert.Equal(t, string(want.res.stdout), string(got.res.stdout), what)
				assert.Equal(t, string(want.res.stderr), string(got.res.stderr), what)
				assert.Equal(t, want.res.code, got.res.code, what)
			}
			d.cancel()
			assertGone(t, p)
		})
	}
}

// TestPrestartRefused: processes started for another directory, another
// git or another environment are not taken: they are ended, and waited
// for. Discovery then starts its own.
func TestPrestartRefused(t *testing.T) {
	gr := gittest.New(t, map[string]string{"a.txt": "a\n"})
	top, err := filepath.EvalSymlinks(gr.Dir)
	require.NoError(t, err)
	other := filepath.Join(top, "sub")
	require.NoError(t, os.Mkdir(other, 0o755))

	for name, change := range map[string]func(t *testing.T){
		"another directory": func(t *testing.T) { t.Chdir(other) },
		"another environment": func(t *testing.T) {
			t.Setenv("GIT_CONFIG_PARAMETERS", "'aiedit.test'='1'")
		},
		"another git": func(t *testing.T) {
			shim := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(shim, "git"), []byte("#!/bin/sh\nexit 1\n"), 0o755))
			t.Setenv("PATH", shim+":"+os.Getenv("PATH"))
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(top)
			p := prestart.Start()
			require.NotNil(t, p)
			change(t)
			abs, err := filepath.Abs(".")
			require.NoError(t, err)
			assert.Nil(t, adopt(p, abs))
			assertGone(t, p)
		})
	}
}

// TestPrestartEnded: processes nobody takes (a usage error) are ended by
// EndDiscovery, and waited for.
func TestPrestartEnded(t *testing.T) {
	t.Chdir(gittest.New(t, map[string]string{"a.txt": "a\n"}).Dir)
	p := prestart.Start()
	require.NotNil(t, p)
	p.End()
	assertGone(t, p)
}

// assertGone checks that p's processes are gone, not even zombies: they
// were waited for.
func assertGone(t *testing.T, p *prestart.Discovery) {
	t.Helper()
	for _, pid := range []int{p.RevParse.Pid, p.Config.Pid} {
		assert.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "process %d is still there", pid)
	}
}
