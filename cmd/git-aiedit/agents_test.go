package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/extdata"
	"github.com/git-aiedit/git-aiedit/internal/modelserver"
)

// TestAgents drives each agent's real program (installed from npm by
// scripts/agents-conformance into $AIEDIT_AGENTS) headless against the
// scripted model server on 127.0.0.1, after `git aiedit hook install`,
// and checks after every turn what docs/hooks.md promises: the review
// branch's tree is the working tree; one commit per turn with edits,
// whose prompt is the prompt typed; a resumed session adds only its new
// turns and a new session gets a new branch; `hook status` and
// `branches` agree; uninstall gives back the files install changed.
// $AIEDIT_AGENTS_ONLY (comma-separated agent names) narrows the run;
// $AIEDIT_AGENTS_SHORT asks three turns of each instead of five.
func TestAgents(t *testing.T) {
	cache := agentsCache(t)
	for _, d := range drivers {
		if !agentWanted(d.agent) {
			continue
		}
		t.Run(d.agent, func(t *testing.T) {
			runConformance(t, d, agentBin(t, cache, d))
		})
	}
}

// agentsCache is where scripts/agents-conformance installed the agents'
// CLIs ($AIEDIT_AGENTS); the test skips, saying so, without it.
func agentsCache(t *testing.T) string {
	cache := os.Getenv("AIEDIT_AGENTS")
	if cache == "" {
		extdata.Missing(t, "$AIEDIT_AGENTS", "the agents' CLIs (from npm, at the versions in scripts/agents-versions)",
			"run scripts/agents-conformance, which installs them at their pinned versions and runs this test")
	}
	return cache
}

// agentWanted reports an agent $AIEDIT_AGENTS_ONLY leaves in (all, unset).
func agentWanted(agent string) bool {
	only := os.Getenv("AIEDIT_AGENTS_ONLY")
	if strings.TrimSpace(only) == "" {
		return true
	}
	for _, a := range strings.Split(only, ",") {
		if strings.TrimSpace(a) == agent {
			return true
		}
	}
	return false
}

// agentBin is the agent's program in the cache, which must be there.
func agentBin(t *testing.T, cache string, d *driver) string {
	bin := filepath.Join(cache, d.agent, "node_modules", ".bin", d.bin)
	extdata.Require(t, bin, d.agent+"'s CLI", "run scripts/agents-conformance (it installs each agent from npm into $AIEDIT_AGENTS)")
	return bin
}

// conformance is one agent's run: its home, repository, model server.
type conformance struct {
	t      *testing.T
	d      *driver
	bin    string
	home   string
	repo   string
	server *modelserver.Server
	// session is the agent's session id of the current run, when the
	// driver can tell it (for --resume).
	session string
	started time.Time // when the current turn began
	mode    runMode   // how the current turn runs
	// branch is the current session's review branch; seen, every review
	// branch the suite has met.
	branch string
	seen   map[string]bool
}

// turnPlan is one prompt and what the scripted model does for it.
type turnPlan struct {
	prompt string
	mode   runMode
	steps  func(c *conformance) []modelserver.Step
	edits  bool // the turn changes files: it must make one commit
	// unexplained are the paths its commit must name in
	// Aiedit-Unexplained: what the record does not explain.
	unexplained []string
}

type runMode int

const (
	newSession runMode = iota
	continueLast
	resumeByID
)

func (m runMode) String() string {
	return [...]string{"new session", "continue", "resume"}[m]
}

// plan is what every agent is asked: two turns, a resume, a failing
// shell command that wrote files, and a new session.
var plan = []turnPlan{
	{prompt: "turn one: write notes.txt and src/a.txt", mode: newSession, edits: true, steps: func(c *conformance) []modelserver.Step {
		return []modelserver.Step{
			{Text: "Writing two files.", Calls: []modelserver.Call{
				c.d.write(c.path("notes.txt"), "one\ntwo\nthree\n"),
				c.d.write(c.path("src/a.txt"), "alpha\n"),
			}},
		}
	}},
	{prompt: "turn two: edit notes.txt and write shell.txt from the shell", mode: continueLast, edits: true, steps: func(c *conformance) []modelserver.Step {
		return []modelserver.Step{
			{Calls: []modelserver.Call{c.d.read(c.path("notes.txt"))}},
			{Calls: []modelserver.Call{c.d.edit(c.path("notes.txt"), "two\n", "TWO\n")}},
			{Calls: []modelserver.Call{c.d.shell(c, "printf 'made by the shell\\n' > shell.txt")}},
		}
	}},
	{prompt: "turn three: a question with no edit", mode: resumeByID, steps: func(c *conformance) []modelserver.Step {
		return []modelserver.Step{{Calls: []modelserver.Call{c.d.read(c.path("notes.txt"))}}}
	}},
	{prompt: "turn four: a shell command that writes, then fails", mode: continueLast, edits: true, unexplained: []string{"notes.txt", "partial.txt"}, steps: func(c *conformance) []modelserver.Step {
		return []modelserver.Step{
			{Calls: []modelserver.Call{c.d.shell(c, "printf 'partial\\n' > partial.txt && sed -i 's/three/THREE/' notes.txt && git mv no-such-file elsewhere")}},
		}
	}},
	{prompt: "turn five: a new session writes b.txt", mode: newSession, edits: true, steps: func(c *conformance) []modelserver.Step {
		return []modelserver.Step{{Calls: []modelserver.Call{c.d.write(c.path("src/b.txt"), "beta\n")}}}
	}},
}

func runConformance(t *testing.T, d *driver, bin string) {
	root := t.TempDir()
	c := &conformance{t: t, d: d, bin: bin, home: filepath.Join(root, "home"), repo: filepath.Join(root, "repo")}
	require.NoError(t, os.MkdirAll(c.home, 0o755))
	require.NoError(t, os.MkdirAll(c.repo, 0o755))
	plan := plan
	if os.Getenv("AIEDIT_AGENTS_SHORT") != "" {
		// A write, the failing shell command that wrote files, a new session.
		plan = []turnPlan{plan[0], plan[3], plan[4]}
	}
	var turns []modelserver.Turn
	for _, p := range plan {
		turns = append(turns, modelserver.Turn{Prompt: p.prompt, Steps: p.steps(c), Final: "Done: " + p.prompt})
	}
	srv, err := modelserver.Start(15*time.Minute, turns...)
	require.NoError(t, err)
	defer srv.Close()
	c.server = srv
	c.git("init", "-q", "-b", "main")
	require.NoError(t, os.WriteFile(filepath.Join(c.repo, "README.md"), []byte("# demo\n"), 0o644))
	c.git("add", ".")
	c.git("commit", "-q", "-m", "init")

	if d.setup != nil {
		d.setup(c)
	}

	before := c.installedFiles()
	out := c.aiedit(append([]string{"hook", "install"}, append(d.installFlags, d.agent)...)...)
	t.Logf("install: %s", out)

	branches := 0
	var sessionTurns []turnPlan
	for i, p := range plan {
		if p.mode == newSession {
			sessionTurns = nil
			branches++
		}
		sessionTurns = append(sessionTurns, p)
		t.Logf("turn %d (%s): %s", i+1, p.mode, p.prompt)
		c.turn(p)
		c.check(p, sessionTurns, branches)
	}

	c.aiedit(append([]string{"hook", "uninstall"}, append(d.installFlags, d.agent)...)...)
	assert.Equal(t, before, c.installedFiles(), "uninstall gives back every file install changed")
	if t.Failed() {
		c.dumpLog()
	}
}

// turn runs the agent for one prompt, headless.
func (c *conformance) turn(p turnPlan) {
	c.mode = p.mode
	args := c.d.args(c, p.prompt, p.mode)
	ctx := c.t.Context()
	cmd := exec.CommandContext(ctx, c.bin, args...)
	cmd.Dir = c.repo
	cmd.Env = c.env()
	cmd.Stdin = nil
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	done := make(chan error, 1)
	start := time.Now()
	c.started = start
	if c.d.converse != nil {
		// The agent is told the prompt over a protocol on its standard
		// streams: the driver speaks it.
		if converse := c.d.converse(c, p.prompt, p.mode); converse != nil {
			cmd.Stdout = nil // the protocol's stream: converse copies it to stdout
			stdin, err := cmd.StdinPipe()
			require.NoError(c.t, err)
			out, err := cmd.StdoutPipe()
			require.NoError(c.t, err)
			require.NoError(c.t, cmd.Start())
			go func() {
				err := converse(stdin, out, &stdout)
				stdin.Close()
				_, _ = io.Copy(io.Discard, out)
				if werr := cmd.Wait(); err == nil {
					err = werr
				}
				done <- err
			}()
		} else {
			go func() { done <- cmd.Run() }()
		}
	} else {
		go func() { done <- cmd.Run() }()
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(4 * time.Minute):
		_ = cmd.Process.Kill()
		err = <-done
		c.t.Errorf("%s did not finish a turn in 4 minutes", c.d.agent)
	}
	c.t.Logf("%s %s: %v in %s\nstdout: %s\nstderr: %s", c.d.agent, strings.Join(args, " "), err, time.Since(start).Round(time.Millisecond),
		tail(stdout.String(), 2000), tail(stderr.String(), 2000))
	require.NoError(c.t, err, "the agent's run failed")
	if c.d.session != nil {
		if id := c.d.session(c, stdout.String()+"\n"+stderr.String()); id != "" {
			c.session = id
		}
	}
	if c.d.settle != nil {
		c.d.settle(c)
	}
}

// check holds the branches after a turn to what docs/hooks.md promises.
func (c *conformance) check(p turnPlan, session []turnPlan, wantBranches int) {
	t := c.t
	refs := c.lines(c.git("for-each-ref", "--format=%(refname:short)", "refs/heads/aiedit/"+c.d.agent+"/"))
	if len(refs) != wantBranches {
		log, _ := os.ReadFile(filepath.Join(c.repo, ".git", "aiedit", "hook.log"))
		t.Logf("the hook log:\n%s", log)
	}
	require.Len(t, refs, wantBranches, "one branch per session: %v", refs)
	branch := c.sessionBranch(refs, p.mode == newSession)

	// The branch's tree is the working tree (as `git add -A` sees it).
	if work := c.worktreeTree(); !assert.Equal(t, work, strings.TrimSpace(c.git("rev-parse", branch+"^{tree}")),
		"the tree of %s is the working tree after %q", branch, p.prompt) {
		t.Logf("the branch, then the working tree:\n%s", c.git("diff", "--stat", "-p", branch, work))
	}

	// One commit per turn that edited, its prompt the prompt typed.
	bodies := c.turnCommits(branch)
	var want []string
	for _, s := range session {
		if s.edits {
			want = append(want, s.prompt)
		}
	}
	var got []string
	for _, b := range bodies {
		got = append(got, promptOf(b))
	}
	assert.Equal(t, want, got, "the prompts of %s's commits", branch)
	if p.edits && len(bodies) > 0 {
		// What the record does not explain is named, as git reads trailers.
		cmd := exec.Command("git", "interpret-trailers", "--parse")
		cmd.Stdin = strings.NewReader(bodies[len(bodies)-1] + "\n")
		out, err := cmd.Output()
		require.NoError(t, err)
		var named []string
		for _, l := range c.lines(string(out)) {
			if v, ok := strings.CutPrefix(l, "Aiedit-Unexplained: "); ok {
				named = append(named, v)
			}
		}
		if c.d.failedShell {
			assert.Equal(t, p.unexplained, named, "Aiedit-Unexplained of the commit for %q", p.prompt)
		} else {
			assert.Subset(t, p.unexplained, named, "Aiedit-Unexplained of the commit for %q", p.prompt)
		}
	}

	// hook status counts what branches shows.
	status := c.aiedit("hook", "status", c.d.agent)
	count := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(c.d.agent) + `\s+\S+\s+` + regexp.QuoteMeta(branch) + `\s+(\d+) responses?`).FindStringSubmatch(status)
	if assert.NotNil(t, count, "hook status lists %s:\n%s", branch, status) {
		assert.Equal(t, fmt.Sprint(len(session)), count[1], "hook status counts the session's turns:\n%s", status)
	}
	listed := c.aiedit("branches")
	assert.Contains(t, listed, branch, "branches lists the session's branch")
	c.git("fsck", "--strict", "--no-progress")
}

// turnCommits are the bodies of the branch's commits that record turns
// (not the session-start snapshot), oldest first.
func (c *conformance) turnCommits(branch string) []string {
	out := c.git("log", "--reverse", "--format=%B%x00", "main.."+branch)
	var bodies []string
	for _, b := range strings.Split(out, "\x00") {
		b = strings.TrimSpace(b)
		if b == "" || strings.Contains(b, "\nAiedit-Snapshot:") {
			continue
		}
		bodies = append(bodies, b)
	}
	return bodies
}

// promptOf is the prompt a commit's message quotes ("Prompt:" then "> "
// lines).
func promptOf(body string) string {
	_, rest, ok := strings.Cut(body, "\nPrompt:\n")
	if !ok {
		return ""
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		q, ok := strings.CutPrefix(l, "> ")
		if !ok && l != ">" {
			break
		}
		lines = append(lines, q)
	}
	return strings.Join(lines, "\n")
}

// worktreeTree is the tree `git add -A` would make of the working tree,
// through an index of its own (the user's is not touched).
func (c *conformance) worktreeTree() string {
	index := filepath.Join(c.t.TempDir(), "index")
	c.gitEnv([]string{"GIT_INDEX_FILE=" + index}, "add", "-A")
	return strings.TrimSpace(c.gitEnv([]string{"GIT_INDEX_FILE=" + index}, "write-tree"))
}

// newest is the branch whose tip is newest.
// sessionBranch is the current session's branch: after a new session's
// first turn the one branch not met before, else the one it was. Not the
// newest by commit date: two sessions' turns can fall within one second.
func (c *conformance) sessionBranch(refs []string, fresh bool) string {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if fresh || c.branch == "" {
		for _, r := range refs {
			if !c.seen[r] {
				c.branch = r
			}
		}
	}
	for _, r := range refs {
		c.seen[r] = true
	}
	return c.branch
}

// installedFiles are the bytes of every file install may change, by path
// ("" for none): the agent's settings in the home and the repository, and
// git's exclude file.
func (c *conformance) installedFiles() map[string]string {
	files := map[string]string{}
	for _, p := range append(c.d.files(c), filepath.Join(c.repo, ".git", "info", "exclude")) {
		b, err := os.ReadFile(p)
		if err != nil {
			files[p] = "(none)"
			continue
		}
		files[p] = string(b)
	}
	return files
}

func (c *conformance) path(rel string) string { return filepath.Join(c.repo, rel) }

// env is the agent's whole environment: its own home, the model server,
// and every way out of the machine closed (an unused local proxy).
func (c *conformance) env() []string {
	gitAiedit, err := exec.LookPath("git-aiedit")
	require.NoError(c.t, err)
	proxy := "http://127.0.0.1:9"
	env := []string{
		"HOME=" + c.home,
		"PATH=" + strings.Join([]string{filepath.Dir(gitAiedit), filepath.Dir(c.bin), filepath.Dir(mustLook(c.t, "git")), filepath.Dir(mustLook(c.t, "node")), "/usr/bin", "/bin"}, string(os.PathListSeparator)),
		"XDG_CONFIG_HOME=" + filepath.Join(c.home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(c.home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(c.home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(c.home, ".cache"),
		"TMPDIR=" + os.TempDir(),
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
		"CI=true",
		"HTTP_PROXY=" + proxy, "HTTPS_PROXY=" + proxy, "ALL_PROXY=" + proxy,
		"http_proxy=" + proxy, "https_proxy=" + proxy, "all_proxy=" + proxy,
		"NO_PROXY=127.0.0.1,localhost", "no_proxy=127.0.0.1,localhost",
		"GIT_AUTHOR_NAME=Ada Author", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Cy Committer", "GIT_COMMITTER_EMAIL=cy@example.com",
		"GIT_CONFIG_NOSYSTEM=1",
	}
	return append(env, c.d.env(c)...)
}

func mustLook(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	require.NoError(t, err, "%s is needed to run the agents", name)
	return p
}

func (c *conformance) git(args ...string) string { return c.gitEnv(nil, args...) }

func (c *conformance) gitEnv(extra []string, args ...string) string {
	c.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = c.repo
	cmd.Env = append(c.env(), extra...)
	out, err := cmd.CombinedOutput()
	require.NoError(c.t, err, "git %s: %s", strings.Join(args, " "), out)
	return string(out)
}

func (c *conformance) aiedit(args ...string) string {
	c.t.Helper()
	return c.git(append([]string{"aiedit"}, args...)...)
}

func (c *conformance) lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// dumpLog shows the hook's log and the model's requests after a failure.
func (c *conformance) dumpLog() {
	b, _ := os.ReadFile(filepath.Join(c.repo, ".git", "aiedit", "hook.log"))
	c.t.Logf("hook.log:\n%s", b)
	for _, r := range c.server.Requests() {
		c.t.Logf("model request: %s prompt=%q step=%d tools=%d", r.API, r.Prompt, r.Step, len(r.Tools))
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
