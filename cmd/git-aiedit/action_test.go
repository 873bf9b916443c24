package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// action is the part of .github/actions/aiedit/action.yml the test runs.
type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name  string            `yaml:"name"`
			If    string            `yaml:"if"`
			Shell string            `yaml:"shell"`
			Env   map[string]string `yaml:"env"`
			Run   string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

var expr = regexp.MustCompile(`\$\{\{\s*([a-z_.-]+)\s*\}\}`)

// TestActionEndToEnd runs the composite action's shell steps as a runner
// would (inputs and github.action_path substituted, env set, bash), in a
// clone whose origin is a local bare repository, with gh stood in by a
// script that records what it was asked: the branch and the notes reach
// the remote, and the pull request body is the summary with its
// attribution table.
func TestActionEndToEnd(t *testing.T) {
	t.Parallel()
	actionDir, err := filepath.Abs("../../.github/actions/aiedit")
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(actionDir, "action.yml"))
	require.NoError(t, err)
	var a action
	require.NoError(t, yaml.Unmarshal(data, &a))
	require.Equal(t, "composite", a.Runs.Using)

	r := newProcRepo(t, map[string]string{"app.py": "def f():\n    return 1\n"})
	bare := filepath.Join(t.TempDir(), "remote.git")
	r.git("init", "-q", "--bare", bare)
	r.git("remote", "add", "origin", bare)
	r.git("push", "-q", "origin", "main")
	transcript := filepath.Join(t.TempDir(), "fix.md")
	require.NoError(t, os.WriteFile(transcript, []byte("## Assistant (gpt-4o)\n\nReturn 2.\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n"), 0o644))

	// gh: records its arguments and the body it was given.
	ghDir := t.TempDir()
	ghLog := filepath.Join(ghDir, "gh.log")
	ghBody := filepath.Join(ghDir, "body.md")
	require.NoError(t, os.WriteFile(filepath.Join(ghDir, "gh"), []byte(`#!/bin/sh
echo "$@" >> "`+ghLog+`"
while [ $# -gt 0 ]; do
	if [ "$1" = --body-file ]; then cp "$2" "`+ghBody+`"; fi
	shift
done
`), 0o755))
	output := filepath.Join(t.TempDir(), "github_output")

	inputs := map[string]string{}
	for k, v := range a.Inputs {
		inputs[k] = v.Default
	}
	inputs["transcript"] = transcript
	inputs["install"] = "false" // the test binary is on PATH; no network
	subst := func(s string) string {
		return expr.ReplaceAllStringFunc(s, func(m string) string {
			key := expr.FindStringSubmatch(m)[1]
			switch {
			case key == "github.action_path":
				return actionDir
			case strings.HasPrefix(key, "inputs."):
				return inputs[strings.TrimPrefix(key, "inputs.")]
			}
			t.Fatalf("unknown expression %s", m)
			return ""
		})
	}
	ran := 0
	for _, step := range a.Runs.Steps {
		if step.If == "inputs.install == 'true'" && inputs["install"] != "true" {
			continue
		}
		require.Empty(t, step.If, "step %q: condition the test does not know", step.Name)
		require.Equal(t, "bash", step.Shell)
		cmd := exec.Command("bash", "-e", "-c", subst(step.Run))
		cmd.Dir = r.dir
		cmd.Env = append(r.env, "PATH="+ghDir+string(os.PathListSeparator)+envPath(r.env), "GITHUB_OUTPUT="+output)
		for k, v := range step.Env {
			cmd.Env = append(cmd.Env, k+"="+subst(v))
		}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "step %q:\n%s", step.Name, out)
		ran++
	}
	require.Equal(t, 1, ran)

	// The branch and the notes are on the remote.
	remote := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"--git-dir", bare}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return strings.TrimSpace(string(out))
	}
	assert.Equal(t, r.git("rev-parse", "aiedit/fix"), remote("rev-parse", "refs/heads/aiedit/fix"))
	assert.Contains(t, remote("notes", "--ref=aiedit", "show", "refs/heads/aiedit/fix"), `"model": "gpt-4o"`)

	// gh was asked for the pull request with the summary as its body.
	log, err := os.ReadFile(ghLog)
	require.NoError(t, err)
	assert.Equal(t, "pr create --base main --head aiedit/fix --title aiedit/fix --body-file", strings.TrimSpace(regexp.MustCompile(`\S+$`).ReplaceAllString(strings.TrimSpace(string(log)), "")))
	body, err := os.ReadFile(ghBody)
	require.NoError(t, err)
	assert.Contains(t, string(body), "## AI edits: 1 response")
	assert.Contains(t, string(body), "### Attribution")
	assert.Contains(t, string(body), "| gpt-4o | 1 |")
	got, err := os.ReadFile(output)
	require.NoError(t, err)
	assert.Equal(t, "branch=aiedit/fix\nstatus=0\n", string(got))
}

// envPath is PATH as env sets it (the last entry wins, as exec does).
func envPath(env []string) string {
	p := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			p = v
		}
	}
	return p
}
