package hook

import (
	"fmt"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/live"
)

// health is `hook status`'s last section: per agent installed somewhere
// or seen here, one screen of whether it records. Its hooks and where
// they are installed; when they last ran in this repository, or that they
// never did (with the agent's reason: Codex runs untrusted hooks only
// when told to); the last turn recorded; the hook log's errors for it.
type health struct {
	agent     Agent
	installed []string // scopes where its hooks are installed
	run       *lastRun
	sessions  []*live.Cursor
	errors    []string // its lines of the hook log, oldest first
}

func (h *health) relevant() bool {
	return len(h.installed) > 0 || h.run != nil || len(h.sessions) > 0
}

// print writes the agent's lines: the first after its name, the rest
// under it.
func (h *health) print(w io.Writer) {
	const indent = "               "
	line := func(first bool, format string, args ...any) {
		lead := indent
		if first {
			lead = fmt.Sprintf("  %-12s ", h.agent)
		}
		fmt.Fprintf(w, "%s"+format+"\n", append([]any{lead}, args...)...)
	}
	if len(h.installed) > 0 {
		line(true, "hooks: installed (%s)", strings.Join(h.installed, ", "))
	} else {
		line(true, "hooks: not installed (it recorded here before)")
	}
	switch r := h.run; {
	case r == nil && h.newest() != nil:
		// Recorded by a git-aiedit that did not note its runs yet.
		line(false, "last run: %s", h.newest().Updated)
	case r == nil && len(h.installed) > 0:
		line(false, "last run: never in this repository: %s", h.idle())
	case r == nil:
		line(false, "last run: never in this repository")
	case r.Error != "":
		line(false, "last run: %s, %s: failed: %s", r.Time, orDash(r.Event), r.Error)
	default:
		line(false, "last run: %s, %s", r.Time, orDash(r.Event))
	}
	if c := h.newest(); c != nil {
		line(false, "last turn: %s, %s on %s", c.Updated, english.Count(c.Responses, "response"), c.Branch)
	} else {
		line(false, "last turn: none recorded")
	}
	switch n := len(h.errors); n {
	case 0:
		line(false, "hook log: no problems")
	default:
		line(false, "hook log: %s, the last: %s", english.Count(n, "problem"), h.errors[n-1])
	}
}

// idle is why installed hooks may not have run yet.
func (h *health) idle() string {
	if s := h.agent.spec(); s != nil && s.idle != "" {
		return s.idle
	}
	return "an agent reads its hooks as it starts: start a new session of it in this repository"
}

// newest is the session recorded last.
func (h *health) newest() *live.Cursor {
	var best *live.Cursor
	for _, c := range h.sessions {
		if c.Responses == 0 && c.Tip == "" {
			continue
		}
		if best == nil || c.Updated > best.Updated {
			best = c
		}
	}
	return best
}

// agentLines are the hook log's lines of one agent ("<time> <agent>
// <session> <message>").
func agentLines(lines []string, a Agent) []string {
	var out []string
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 1 && f[1] == string(a) {
			out = append(out, l)
		}
	}
	return out
}
