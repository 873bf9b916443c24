// Package hook implements `git aiedit hook`: live capture of an agent's
// session. `hook install` writes the agent's own hook configuration so
// that the agent calls `git aiedit hook run AGENT` when a session starts
// and whenever a turn ends; `hook run` records the turns not yet recorded
// on the session's review branch, reading only what the session file
// gained since the last run (a cursor in .git/aiedit/sessions/), and
// never fails the agent: it exits 0 and writes problems to
// .git/aiedit/hook.log, which `hook status` shows.
//
// Every agent is one spec (agent.go) in its own file, listed once in
// registry: install, uninstall, status, run, the help and the docs test
// read it from there.
package hook

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/didyoumean"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Agent is an agent whose hooks git-aiedit knows.
type Agent string

const (
	ClaudeCode  Agent = "claude-code"
	Codex       Agent = "codex"
	Gemini      Agent = "gemini"
	CopilotCLI  Agent = "copilot-cli"
	OpenCode    Agent = "opencode"
	Cline       Agent = "cline"
	ClineCLI    Agent = "cline-cli"
	QwenCode    Agent = "qwen-code"
	CursorAgent Agent = "cursor"
)

// registry is every hooked agent, in documentation order. A new agent is
// its own file defining its spec, and one line here. It is filled in
// init: the specs' functions look agents up in it.
var registry []*spec

func init() {
	registry = []*spec{
		claudeSpec,
		codexSpec,
		geminiSpec,
		copilotSpec,
		opencodeSpec,
		clineSpec,
		clineCLISpec,
		cursorSpec,
		qwenSpec,
	}
	for _, s := range registry {
		Agents = append(Agents, s.name)
	}
}

// Agents lists the agents `hook` accepts, in documentation order.
var Agents []Agent

// SettingsFiles lists every agent's settings file (or folder) for
// --project (project) or --user, as the flags' help shows them.
func SettingsFiles(project bool) string {
	out := make([]string, len(registry))
	for i, s := range registry {
		out[i] = s.user
		if project {
			out[i] = s.project
		}
	}
	return strings.Join(out, ", ")
}

// AgentNames are the AGENT arguments, in documentation order.
func AgentNames() []string {
	out := make([]string, len(Agents))
	for i, a := range Agents {
		out[i] = string(a)
	}
	return out
}

// ParseAgent validates an AGENT argument. A name is taken only as it is
// written (case and surrounding space aside), by every subcommand alike;
// a near miss is answered with the name it was probably meant to be.
func ParseAgent(name string) (Agent, error) {
	n := Agent(strings.ToLower(strings.TrimSpace(name)))
	names := AgentNames()
	if lookup(n) != nil {
		return n, nil
	}
	if why, ok := notLive[n]; ok {
		return "", exitcode.UsageErrorf("%s is not recorded live: %s (agents: %s)", n, why, strings.Join(names, ", "))
	}
	if s := didyoumean.Suggest(string(n), names); s != "" {
		return "", exitcode.UsageErrorf("unknown agent %q; did you mean %s? (agents: %s)", name, s, strings.Join(names, ", "))
	}
	return "", exitcode.UsageErrorf("unknown agent %q; use one of %s", name, strings.Join(names, ", "))
}

// notLive are agents asked for that git-aiedit does not record live, and
// why (docs/hooks.md, "Agents without live capture").
var notLive = map[Agent]string{
	"windsurf": "the transcript Windsurf's hooks pass is not documented and git-aiedit has no reader for it; " +
		"Cascade chats saved by SpecStory are read by `git aiedit apply --from specstory`",
}

// lookup is the agent's spec, nil for an unknown name.
func lookup(a Agent) *spec {
	for _, s := range registry {
		if s.name == a {
			return s
		}
	}
	return nil
}

// spec is the agent's spec; every Agent a command holds was parsed, so
// an unknown one is a programming error, answered with an empty spec
// that installs and records nothing rather than a panic.
func (a Agent) spec() *spec {
	if s := lookup(a); s != nil {
		return s
	}
	return &spec{name: a, display: string(a), form: claudeForm{strict: true}}
}

// display is the agent's product name, for messages.
func (a Agent) display() string { return a.spec().display }

// wholeFile reports an agent whose session file is one document rewritten
// at every turn (Gemini CLI): it is read whole each time, and its turns
// are known by their own ids rather than by where they are in the file.
func (a Agent) wholeFile() bool { return a.spec().wholeFile }
