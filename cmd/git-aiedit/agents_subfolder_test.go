package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/modelserver"
)

// TestAgentSubfolderReplay: an agent's own record of a session started
// in a subfolder, replayed on other machines' clones. Claude Code's and
// Codex's records keep the session's folder (cwd) but no git root;
// Gemini CLI's keeps neither; Copilot CLI's keeps both. The agent writes
// a README.md in sub/ of a repository whose root has one too, and edits
// sub/main.py. Replayed in a clone of the repository's name elsewhere,
// the folder of that name is the root: sub/README.md is made, the
// root's README.md is left as it was. In a clone of another name,
// without a remote, the edit still shows where the root was. With the
// write alone, only a git root the record keeps does; else it is
// reported outside, and the root's README.md is not touched. The
// versions are scripts/agents-versions' (checked with Claude Code
// 2.1.197, Codex 0.171.0, Gemini CLI 0.61.0 and Copilot CLI 1.0.102).
func TestAgentSubfolderReplay(t *testing.T) {
	cache := agentsCache(t)
	for _, a := range []struct {
		d      *driver
		record func(c *conformance, id string) string // the session's record, by its id
		keeps  keeps
	}{
		{claudeDriver, func(c *conformance, id string) string {
			found, _ := filepath.Glob(filepath.Join(c.home, ".claude", "projects", "*", id+".jsonl"))
			require.Len(c.t, found, 1, "Claude Code's record of session %s", id)
			return found[0]
		}, keepsCwd},
		{geminiDriver, func(c *conformance, id string) string {
			found, _ := filepath.Glob(filepath.Join(c.home, ".gemini", "tmp", "*", "chats", "session-*.json*"))
			var mine []string
			for _, f := range found {
				if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), id) {
					mine = append(mine, f)
				}
			}
			require.Len(c.t, mine, 1, "Gemini CLI's record of session %s among %v", id, found)
			return mine[0]
		}, keepsNothing},
		{codexDriver, func(c *conformance, id string) string {
			found, _ := filepath.Glob(filepath.Join(c.home, ".codex", "sessions", "*", "*", "*", "rollout-*"+id+".jsonl"))
			require.Len(c.t, found, 1, "Codex's record of session %s", id)
			return found[0]
		}, keepsCwd},
		{copilotDriver, func(c *conformance, id string) string {
			f := filepath.Join(c.home, ".copilot", "session-state", id, "events.jsonl")
			require.FileExists(c.t, f, "Copilot CLI's record of session %s", id)
			return f
		}, keepsGitRoot},
	} {
		if !agentWanted(a.d.agent) {
			continue
		}
		t.Run(a.d.agent, func(t *testing.T) {
			subfolderReplay(t, a.d, agentBin(t, cache, a.d), a.record, a.keeps)
		})
	}
}

// keeps is what an agent's record keeps of where its session ran.
type keeps int

const (
	keepsNothing keeps = iota // Gemini CLI's session files
	keepsCwd                  // the session's folder: Claude Code, Codex
	keepsGitRoot              // and the root of its repository: Copilot CLI
)

// subfolderRepo is an agent's home and a repository at repo (under a
// temporary root) whose root has a README.md of its own and whose sub/
// has main.py, committed, with the scripted model server playing turns.
func subfolderRepo(t *testing.T, d *driver, bin, root, repo string, turns func(sub string) []modelserver.Turn) *conformance {
	c := &conformance{t: t, d: d, bin: bin, home: filepath.Join(root, "home"), repo: repo}
	sub := filepath.Join(repo, "sub")
	require.NoError(t, os.MkdirAll(c.home, 0o755))
	require.NoError(t, os.MkdirAll(sub, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "README.md"), []byte(rootReadme), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(sub, "main.py"), []byte("print(\"hi\")\n"), 0o644))
	srv, err := modelserver.Start(10*time.Minute, turns(sub)...)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	c.server = srv
	c.git("init", "-q", "-b", "main")
	c.git("add", ".")
	c.git("commit", "-q", "-m", "init")
	if d.setup != nil {
		d.setup(c)
	}
	return c
}

// rootReadme is the README.md at the root of subfolderRepo's repository.
const rootReadme = "# proj\n\nThe root's readme.\n"

// in is c working in another repository (a clone), with the same agent,
// home and environment.
func (c *conformance) in(dir string) *conformance {
	cc := *c
	cc.repo = dir
	return &cc
}

func subfolderReplay(t *testing.T, d *driver, bin string, record func(c *conformance, id string) string, kept keeps) {
	root := t.TempDir()
	var both, alone modelserver.Turn
	c := subfolderRepo(t, d, bin, root, filepath.Join(root, "machine", "proj"), func(sub string) []modelserver.Turn {
		both = modelserver.Turn{Prompt: "document this folder and say hello", Final: "Done.", Steps: []modelserver.Step{
			{Text: "Writing the folder's README.", Calls: []modelserver.Call{d.write(filepath.Join(sub, "README.md"), "# sub\n\nPrints a greeting.\n")}},
			{Calls: []modelserver.Call{d.read(filepath.Join(sub, "main.py"))}},
			{Calls: []modelserver.Call{d.edit(filepath.Join(sub, "main.py"), "print(\"hi\")", "print(\"hello\")")}},
		}}
		alone = modelserver.Turn{Prompt: "only document this folder", Final: "Done.", Steps: []modelserver.Step{
			{Calls: []modelserver.Call{d.write(filepath.Join(sub, "README.md"), "# sub\n\nPrints a greeting.\n")}},
		}}
		return []modelserver.Turn{both, alone}
	})
	sub := filepath.Join(c.repo, "sub")
	base := strings.TrimSpace(c.git("rev-parse", "HEAD"))

	// Each prompt in a session of its own, run in sub/; the files are put
	// back between them, so that the second starts where the first did.
	var sessions []string
	for _, prompt := range []string{both.Prompt, alone.Prompt} {
		cmd := exec.CommandContext(t.Context(), bin, d.args(c, prompt, newSession)...)
		cmd.Dir = sub
		cmd.Env = c.env()
		cmd.WaitDelay = 5 * time.Second
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		require.NoError(t, err, "%s: %s\n%s", d.agent, tail(stdout.String(), 2000), tail(stderr.String(), 2000))
		id := d.session(c, stdout.String())
		if id == "" {
			id = d.session(c, stdout.String()+"\n"+stderr.String())
		}
		require.NotEmpty(t, id, "the session id %s printed: %s\n%s", d.agent, stdout.String(), tail(stderr.String(), 3000))
		sessions = append(sessions, record(c, id))
		c.git("checkout", "-q", "--", ".")
		require.NoError(t, os.RemoveAll(filepath.Join(sub, "README.md")))
	}
	rec, err := os.ReadFile(sessions[0])
	require.NoError(t, err)
	switch kept {
	case keepsNothing:
		require.NotContains(t, string(rec), `"cwd"`, "the record keeps no folder of the session's")
	case keepsCwd:
		require.Contains(t, string(rec), `"cwd":"`+sub+`"`, "the record keeps the session's folder")
		require.NotContains(t, string(rec), "gitRoot", "the record keeps no git root")
	case keepsGitRoot:
		require.Contains(t, string(rec), `"gitRoot":"`+c.repo+`"`, "the record keeps the repository's root")
	}

	// clone copies the repository at its first commit to another machine's
	// folder, without a remote: only its folder's name names it.
	clone := func(name string) *conformance {
		dir := filepath.Join(root, "elsewhere", name)
		c.git("clone", "-q", c.repo, dir)
		cc := c.in(dir)
		cc.git("remote", "remove", "origin")
		return cc
	}
	// show is a file of a branch, and whether it has one.
	show := func(cc *conformance, spec string) (string, bool) {
		cmd := exec.Command("git", "show", spec)
		cmd.Dir = cc.repo
		out, err := cmd.Output()
		return string(out), err == nil
	}

	named := clone("proj")
	out := named.aiedit("apply", "-b", "replay", "--base", base, sessions[0])
	readme, _ := show(named, "replay:README.md")
	assert.Equal(t, rootReadme, readme, "the root's README.md is left as it was:\n%s", out)
	subReadme, ok := show(named, "replay:sub/README.md")
	assert.True(t, ok, "sub/README.md is made:\n%s", out)
	assert.Equal(t, "# sub\n\nPrints a greeting.\n", subReadme)
	mainPy, _ := show(named, "replay:sub/main.py")
	assert.Equal(t, "print(\"hello\")\n", mainPy, "sub/main.py is edited:\n%s", out)
	named.git("fsck", "--strict", "--no-progress")

	other := clone("review")
	out = other.aiedit("apply", "-b", "replay", "--base", base, sessions[0])
	subReadme, ok = show(other, "replay:sub/README.md")
	assert.True(t, ok, "the Edit of sub/main.py places the root:\n%s", out)
	assert.Equal(t, "# sub\n\nPrints a greeting.\n", subReadme)
	readme, _ = show(other, "replay:README.md")
	assert.Equal(t, rootReadme, readme)
	other.git("fsck", "--strict", "--no-progress")

	out = other.aiedit("apply", "-b", "alone", "--base", base, sessions[1])
	readme, _ = show(other, "alone:README.md")
	assert.Equal(t, rootReadme, readme, "the root's README.md is never written from the write alone:\n%s", out)
	subReadme, ok = show(other, "alone:sub/README.md")
	if kept == keepsGitRoot {
		assert.True(t, ok, "the git root the record keeps places the write:\n%s", out)
		assert.Equal(t, "# sub\n\nPrints a greeting.\n", subReadme)
	} else {
		assert.False(t, ok, "nor is sub/README.md: nothing in the record tells which it is")
		assert.Contains(t, out, "may be the repository's root or its folder sub/")
	}
	other.git("fsck", "--strict", "--no-progress")
}

// TestAgentGeminiStreamRelative: the real Gemini CLI, run headless in
// sub/ with `--output-format stream-json`, writes README.md given as a
// relative path: it writes sub/README.md, the file of the folder it ran
// in. Its output keeps the relative path and the call's status, neither
// that folder nor the file written. Applied, the write is reported
// outside, saying why, and the root's README.md is left as it was (it
// was once taken from the root: a wrong file). Checked with Gemini CLI
// 0.61.0, scripts/agents-versions' version.
func TestAgentGeminiStreamRelative(t *testing.T) {
	cache := agentsCache(t)
	if !agentWanted(geminiDriver.agent) {
		t.Skip("$AIEDIT_AGENTS_ONLY leaves out gemini")
	}
	d := geminiDriver
	bin := agentBin(t, cache, d)
	root := t.TempDir()
	c := subfolderRepo(t, d, bin, root, filepath.Join(root, "proj"), func(string) []modelserver.Turn {
		return []modelserver.Turn{{Prompt: "document this folder", Final: "Done.",
			Steps: []modelserver.Step{{Calls: []modelserver.Call{d.write("README.md", "# sub\n")}}}}}
	})

	cmd := exec.CommandContext(t.Context(), bin, "-p", "document this folder", "--yolo", "--output-format", "stream-json")
	cmd.Dir = filepath.Join(c.repo, "sub")
	cmd.Env = c.env()
	cmd.WaitDelay = 5 * time.Second
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "gemini: %s", tail(stderr.String(), 2000))
	require.Contains(t, string(out), `"file_path":"README.md"`, "the output keeps the path as the model gave it")
	wrote, err := os.ReadFile(filepath.Join(c.repo, "sub", "README.md"))
	require.NoError(t, err, "Gemini CLI wrote the file of the folder it ran in")
	require.Equal(t, "# sub\n", string(wrote))

	run := filepath.Join(root, "run.jsonl")
	require.NoError(t, os.WriteFile(run, out, 0o644))
	c.git("checkout", "-q", "--", ".")
	require.NoError(t, os.Remove(filepath.Join(c.repo, "sub", "README.md")))
	report := c.aiedit("apply", "-b", "stream", run)
	assert.Regexp(t, `outside +README\.md`, report)
	assert.Contains(t, report, "stream-json output does not record")
	assert.Equal(t, rootReadme, c.git("show", "stream:README.md"), "the root's README.md is left as it was")
	c.git("fsck", "--strict", "--no-progress")
}
