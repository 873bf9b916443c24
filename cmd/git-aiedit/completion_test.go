package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/hook"
)

const gitBashCompletion = "/usr/share/bash-completion/completions/git"

// TestBashCompletion drives the bash script the way bash does on TAB,
// through git's own completion: `git aiedit …` completes commands, flags
// and branches.
func TestBashCompletion(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	if _, err := os.Stat(gitBashCompletion); err != nil {
		t.Skip("no git bash completion at " + gitBashCompletion)
	}
	r := newProcRepo(t, map[string]string{"a.txt": "a\n"})
	r.git("branch", "aiedit/fix-login")
	r.git("tag", "aiedit-v1")
	r.git("update-ref", "refs/remotes/origin/aiedit/remote", "HEAD")
	script, err := r.cmd("aiedit", "completion", "bash").Output()
	require.NoError(t, err)
	scriptPath := filepath.Join(t.TempDir(), "aiedit.bash")
	require.NoError(t, os.WriteFile(scriptPath, script, 0o644))

	complete := func(line string) []string {
		t.Helper()
		driver := `source ` + gitBashCompletion + `
source "$1"
read -ra COMP_WORDS <<<"$2"
[[ $2 == *' ' ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE=$2
COMP_POINT=${#2}
__git_wrap__git_main
printf '%s\n' "${COMPREPLY[@]}"`
		c := exec.Command("bash", "-c", driver, "bash", scriptPath, line)
		c.Dir, c.Env = r.dir, r.env
		out, err := c.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return strings.Fields(string(out))
	}
	tests := map[string]struct {
		line string
		want []string
	}{
		"command":      {line: "git aiedit lo", want: []string{"log"}},
		"commands":     {line: "git aiedit ", want: []string{"apply", "completion", "help", "log", "man", "retry-prompt", "show", "undo"}},
		"flag":         {line: "git aiedit log --verb", want: []string{"--verbose"}},
		"apply flag":   {line: "git aiedit apply --summ", want: []string{"--summary-md"}},
		"branch":       {line: "git aiedit undo aiedit/", want: []string{"aiedit/fix-login"}},
		"after a flag": {line: "git aiedit log -v aiedit/f", want: []string{"aiedit/fix-login"}},
		"with git -C":  {line: "git -C . aiedit sh", want: []string{"show"}},
		"shell":        {line: "git aiedit completion f", want: []string{"fish"}},
		"format value": {line: "git aiedit apply --format ud", want: []string{"udiff"}},
		"source value": {line: "git aiedit apply --from cla", want: []string{"claude-code"}},
		"source =":     {line: "git aiedit apply --from=openh", want: []string{"openhands"}},
		"checks value": {line: "git aiedit apply --checks req", want: []string{"require"}},
		// undo moves a local branch: no tag, no remote-tracking branch.
		"undo branch":  {line: "git aiedit undo ai", want: []string{"aiedit/fix-login"}},
		"hook":         {line: "git aiedit hook ", want: []string{"install", "uninstall", "status"}},
		"hook install": {line: "git aiedit hook install cla", want: []string{"claude-code"}},
		"hook agent":   {line: "git aiedit hook install cop", want: []string{"copilot-cli"}},
		"hook agents":  {line: "git aiedit hook status ", want: hook.AgentNames()},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got := complete(tt.line)
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
			if len(tt.want) == 1 {
				assert.Len(t, got, 1, "%v", got)
			}
		})
	}
}
