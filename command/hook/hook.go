// Package hook implements `git aiedit hook`: live capture of an agent's
// session. `hook install` writes the agent's own hook configuration so
// that the agent calls `git aiedit hook run AGENT` when a session starts
// and whenever a turn ends; `hook run` records the turns not yet recorded
// on the session's review branch, reading only what the session file
// gained since the last run (a cursor in .git/aiedit/sessions/), and
// never fails the agent: it exits 0 and writes problems to
// .git/aiedit/hook.log, which `hook status` shows.
package hook

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/didyoumean"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Agent is an agent whose hooks git-aiedit knows.
type Agent string

const (
	ClaudeCode Agent = "claude-code"
	Codex      Agent = "codex"
	Gemini     Agent = "gemini"
)

// Agents lists the agents `hook` accepts, in documentation order.
var Agents = []Agent{ClaudeCode, Codex, Gemini}

// ParseAgent validates an AGENT argument. A name is taken only as it is
// written (case and surrounding space aside), by every subcommand alike;
// a near miss is answered with the name it was probably meant to be.
func ParseAgent(name string) (Agent, error) {
	n := Agent(strings.ToLower(strings.TrimSpace(name)))
	names := make([]string, len(Agents))
	for i, a := range Agents {
		if n == a {
			return a, nil
		}
		names[i] = string(a)
	}
	if s := didyoumean.Suggest(string(n), names); s != "" {
		return "", exitcode.UsageErrorf("unknown agent %q; did you mean %s? (agents: %s)", name, s, strings.Join(names, ", "))
	}
	return "", exitcode.UsageErrorf("unknown agent %q; use one of %s", name, strings.Join(names, ", "))
}

// display is the agent's product name, for messages.
func (a Agent) display() string {
	switch a {
	case ClaudeCode:
		return "Claude Code"
	case Gemini:
		return "Gemini CLI"
	}
	return "Codex"
}

// wholeFile reports an agent whose session file is one document rewritten
// at every turn (Gemini CLI): it is read whole each time, and its turns
// are known by their own ids rather than by where they are in the file.
func (a Agent) wholeFile() bool { return a == Gemini }
