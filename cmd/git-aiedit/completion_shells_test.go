package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// completionCases are typed into each shell: a command, a flag, a branch,
// a flag's value, and the binary called directly.
var completionCases = map[string]struct {
	line string
	want []string
}{
	"command":           {"git aiedit lo", []string{"log"}},
	"flag":              {"git aiedit log --verb", []string{"--verbose"}},
	"branch":            {"git aiedit undo aiedit/", []string{"aiedit/fix-login", "aiedit/other"}},
	"source value":      {"git aiedit apply --from cla", []string{"claude-code"}},
	"hook agent":        {"git aiedit hook install copi", []string{"copilot-cli"}},
	"binary, a command": {"git-aiedit ap", []string{"apply"}},
}

func requireShell(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no %s on PATH: .ci/run installs it", name)
		}
		t.Skipf("no %s on PATH (apt-get install %s)", name, name)
	}
}

// completionRepo is a repository with two review branches and the
// shell's completion script written out by the binary.
func completionRepo(t *testing.T, shell string) (*procRepo, string) {
	r := newProcRepo(t, map[string]string{"a.txt": "a\n"})
	r.git("branch", "aiedit/fix-login")
	r.git("branch", "aiedit/other")
	script, err := r.cmd("aiedit", "completion", shell).Output()
	require.NoError(t, err)
	dir := t.TempDir()
	name := map[string]string{"zsh": "_git-aiedit", "fish": "git-aiedit.fish"}[shell]
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), script, 0o644))
	return r, dir
}

// TestFishCompletion loads the generated script in a real fish and asks
// it what it completes (complete -C, as on TAB).
func TestFishCompletion(t *testing.T) {
	t.Parallel()
	requireShell(t, "fish")
	r, dir := completionRepo(t, "fish")
	for name, tc := range completionCases {
		t.Run(name, func(t *testing.T) {
			c := exec.Command("fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", filepath.Join(dir, "git-aiedit.fish"), tc.line)
			c.Dir, c.Env = r.dir, r.env
			out, err := c.CombinedOutput()
			require.NoError(t, err, "%s", out)
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				cand, _, _ := strings.Cut(l, "\t")
				got = append(got, cand)
			}
			sort.Strings(got)
			assert.Equal(t, tc.want, got)
		})
	}
}

// zshDriver starts an interactive zsh under zsh/zpty, loads compsys with
// the script's directory in fpath, types the line and presses a key bound
// to completion; every candidate offered (through compadd) is written to
// a file. zsh's own git completion dispatches "git aiedit" to the script.
// Nothing is typed after the key until the completion is done (typeahead
// would cut it short).
const zshDriver = `zmodload zsh/zpty
dir=$1 line=$2 out=$3
zpty z zsh -f -i
zpty -w z "PS1= RPROMPT=; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -D; unsetopt beep"
zpty -w z "compadd() { local -a c; builtin compadd -O c \"\$@\"; (( \${#c} )) && print -rl -- \"\${c[@]}\" >>$out; builtin compadd \"\$@\" }"
zpty -w z "zle -C try-complete complete-word _main_complete"
zpty -w z "try() { zle try-complete; : >$out.done }; zle -N try; bindkey '^T' try"
zpty -w -n z "$line"$'\x14'
for i in {1..200}; do [[ -e $out.done ]] && break; sleep 0.05; done
zpty -d z
[[ -e $out.done ]]
`

// TestZshCompletion drives the generated script through zsh's real
// completion system in a pseudo-terminal.
func TestZshCompletion(t *testing.T) {
	t.Parallel()
	requireShell(t, "zsh")
	r, dir := completionRepo(t, "zsh")
	driver := filepath.Join(dir, "drive.zsh")
	require.NoError(t, os.WriteFile(driver, []byte(zshDriver), 0o644))
	for name, tc := range completionCases {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "candidates")
			c := exec.Command("zsh", "-f", driver, dir, tc.line, out)
			c.Dir, c.Env = r.dir, r.env
			b, err := c.CombinedOutput()
			require.NoError(t, err, "%s", b)
			data, err := os.ReadFile(out)
			require.NoError(t, err, "no candidate offered for %q", tc.line)
			got := map[string]bool{}
			for _, l := range strings.Fields(string(data)) {
				got[l] = true
			}
			var list []string
			for l := range got {
				list = append(list, l)
			}
			sort.Strings(list)
			assert.Equal(t, tc.want, list)
		})
	}
}
