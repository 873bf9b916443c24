package hook

import (
	"context"
	"os"
	"path/filepath"
)

// Claude Code reads hooks from ~/.claude/settings.json (or
// $CLAUDE_CONFIG_DIR/settings.json), .claude/settings.json and
// .claude/settings.local.json, as "hooks": {"<Event>": [{"hooks":
// [{"type": "command", "command": …}]}]}, and sends each hook one JSON
// object on standard input (event.go). It fires Stop before the turn's
// last records reach the session file (complete.go).
var claudeSpec = &spec{
	name:     ClaudeCode,
	display:  "Claude Code",
	project:  ".claude/settings.json",
	user:     "~/.claude/settings.json",
	settings: claudeSettings,
	// The personal file (.claude/settings.local.json) first: it is the
	// default (personal.go).
	scopes:        []scope{{}, {project: true}, {user: true}},
	form:          claudeForm{strict: true},
	events:        []string{"SessionStart", "Stop", "SessionEnd"},
	describe:      "SessionStart takes the base, Stop records each turn, SessionEnd the last",
	read:          readStdin,
	completeTurns: true,
	projectEnv:    "CLAUDE_PROJECT_DIR",
}

func claudeSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.user {
		if d := os.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
			return filepath.Join(d, "settings.json"), nil
		}
		return userSettings(".claude")
	}
	if sc.project {
		return projectSettings(ctx, dir, ".claude")
	}
	return projectFile(ctx, dir, ".claude", claudeLocal) // personal.go
}

// readStdin reads an event in Claude Code's shape from standard input.
func readStdin(opts *RunOptions) (Event, func(), error) {
	ev, err := readClaude(opts.Stdin, opts.Agent)
	return ev, nil, err
}
