package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/cmd/git-aiedit/internal/fastpath"
)

// TestFastPathHelp: what package fastpath prints for --help, -h,
// --version and no arguments, before main runs, is what main prints.
// With -update it rewrites fastpath's help.txt from main's rendering.
func TestFastPathHelp(t *testing.T) {
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		status := Main(context.Background(), append([]string{"git-aiedit"}, args...), strings.NewReader(""), &out, &errb)
		require.Equal(t, 0, status, "git-aiedit %v: %s", args, errb.String())
		require.Empty(t, errb.String())
		return out.String()
	}
	if *update {
		help := run("--help")
		require.Equal(t, 1, strings.Count(help, versionLine()))
		help = strings.Replace(help, versionLine(), fastpath.VersionMarker, 1)
		require.NoError(t, os.WriteFile(filepath.Join("internal", "fastpath", "help.txt"), []byte(help), 0o644))
		t.Log("rewrote internal/fastpath/help.txt; rebuild to use it")
		return
	}
	for _, args := range [][]string{nil, {"--help"}, {"-h"}, {"--version"}} {
		got, ok := fastpath.Answer(args)
		require.True(t, ok, "fastpath answers %v", args)
		assert.Equal(t, run(args...), got, "git-aiedit %v (if the help changed: go test ./cmd/git-aiedit -run TestFastPathHelp -update)", args)
	}
}

// TestFastPathEarly: the real process answers --help before go-git and
// the other heavy packages are initialized (GODEBUG=inittrace=1 lists
// each package as it is initialized), and prints the same.
func TestFastPathEarly(t *testing.T) {
	bin, err := binDir()
	require.NoError(t, err)
	want, ok := fastpath.Answer([]string{"--help"})
	require.True(t, ok)
	c := exec.Command(filepath.Join(bin, "git-aiedit"), "--help")
	c.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	require.NoError(t, c.Run(), errb.String())
	assert.Equal(t, want, out.String())
	require.Contains(t, errb.String(), "init os @", "inittrace works")
	var early []string
	for _, line := range strings.Split(errb.String(), "\n") {
		for _, heavy := range []string{"github.com/go-git/", "github.com/ProtonMail/", "encoding/gob", "go.yaml.in/yaml", "github.com/urfave/cli"} {
			if strings.HasPrefix(line, "init "+heavy) {
				early = append(early, strings.Fields(line)[1])
			}
		}
	}
	assert.Empty(t, early, "initialized before the fast path answered (does it import more than os?)")
}
