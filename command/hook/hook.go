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
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
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

// ParseAgent validates an AGENT argument.
func ParseAgent(name string) (Agent, error) {
	n := Agent(strings.ToLower(strings.TrimSpace(name)))
	switch n {
	case "claude", "claudecode":
		n = ClaudeCode
	}
	for _, a := range Agents {
		if n == a {
			return a, nil
		}
	}
	return "", exitcode.UsageErrorf("unknown agent %q; use one of claude-code, codex, gemini", name)
}

// errGemini explains why Gemini CLI is not captured yet.
var errGemini = fmt.Errorf("hooks for Gemini CLI are documented (SessionStart, AfterAgent in .gemini/settings.json), " +
	"but its sessions are saved as one JSON document rewritten every turn, which this version cannot read yet; " +
	"nothing was changed")
