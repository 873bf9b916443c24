package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrestartEarly: apply's discovery starts during initialization,
// before go-git and the other heavy packages are initialized
// (GODEBUG=inittrace=1 lists each package as it is initialized), so git
// starts while they are. TestApplyGitProcesses checks that its answers
// are the ones used: otherwise apply would start two more processes.
func TestPrestartEarly(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"calc.py": "def add(a, b):\n    return a - b\n"})
	tr := writeTranscript(t, "fix.md", "calc.py\n```python\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n>>>>>>> REPLACE\n```\n")
	bin, err := binDir()
	require.NoError(t, err)
	c := exec.Command(filepath.Join(bin, "git-aiedit"), "apply", "-q", "-b", "fix", tr)
	c.Dir = r.dir
	c.Env = append(r.env, "GODEBUG=inittrace=1")
	var errb bytes.Buffer
	c.Stderr = &errb
	require.NoError(t, c.Run(), errb.String())
	require.Equal(t, "def add(a, b):\n    return a + b\n", r.gitRaw("show", "fix:calc.py"))

	var order []string
	for _, line := range strings.Split(errb.String(), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order = append(order, f[1])
		}
	}
	at := func(pkg string) int {
		for i, p := range order {
			if p == pkg || strings.HasPrefix(p, pkg) {
				return i
			}
		}
		return -1
	}
	early := at("github.com/git-aiedit/git-aiedit/gitops/prestart")
	require.GreaterOrEqual(t, early, 0, "prestart not initialized: %v", order)
	for _, heavy := range []string{"github.com/go-git/", "github.com/zricethezav/gitleaks/", "encoding/gob", "go.yaml.in/yaml", "github.com/urfave/cli", "github.com/spf13/viper"} {
		i := at(heavy)
		require.GreaterOrEqual(t, i, 0, "%s is not initialized at all: the test needs another package", heavy)
		assert.Less(t, early, i, "%s initialized before prestart (does prestart import more than syscall?)", heavy)
	}
}
