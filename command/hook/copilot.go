package hook

import (
	"context"
	"os"
	"path/filepath"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// GitHub Copilot CLI reads every *.json file in .github/hooks/ at the top
// of the repository and in $COPILOT_HOME/hooks/ (default ~/.copilot), each
// {"version": 1, "hooks": {"<event>": [{"type": "command", "bash": …,
// "powershell": …}]}}, and runs all of them. install writes a file of its
// own there, git-aiedit.json, so no file of the user's is touched. For
// camelCase events a hook gets one JSON object on standard input:
// sessionStart {sessionId, timestamp, cwd, source, initialPrompt} and
// agentStop {sessionId, timestamp, cwd, transcriptPath, stopReason}; the
// session log is $COPILOT_HOME/session-state/<id>/events.jsonl, appended
// to, which the copilot-cli transcript source reads.
var copilotSpec = &spec{
	name:     CopilotCLI,
	display:  "GitHub Copilot CLI",
	project:  ".github/hooks/",
	user:     "$COPILOT_HOME/hooks/",
	settings: copilotSettings,
	scopes:   allScopes,
	form:     flatForm{version: true, entry: copilotEntry, cmdKeys: []string{"bash", "powershell", "command"}},
	events:   []string{"sessionStart", "agentStop"},
	describe: "sessionStart takes the base, agentStop records each turn",
	read:     readCopilotEvent,
	locate:   copilotSessionFile,
	// agentStop may come while the turn's last events are being written.
	settle: true,
}

// copilotFile is the hook file install writes in a hooks directory.
const copilotFile = "git-aiedit.json"

func copilotSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectFile(ctx, dir, filepath.Join(".github", "hooks"), copilotFile)
	}
	home := copilotHome()
	if home == "" {
		return "", exitcode.UsageErrorf("cannot find your home directory for $COPILOT_HOME; set COPILOT_HOME")
	}
	return filepath.Join(home, "hooks", copilotFile), nil
}

// copilotHome is $COPILOT_HOME, by default ~/.copilot.
func copilotHome() string {
	if h := os.Getenv("COPILOT_HOME"); h != "" {
		return h
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".copilot")
}

// copilotEntry runs git-aiedit from bash and from PowerShell alike.
func copilotEntry(command string) any {
	return struct {
		Type       string `json:"type"`
		Bash       string `json:"bash"`
		PowerShell string `json:"powershell"`
	}{"command", command, command}
}

// readCopilotEvent reads a camelCase event. It names no event: an event
// with a source is the session's start, any other the end of a turn. The
// PascalCase events (SessionStart, Stop) send Claude Code's fields, and
// are read as such.
func readCopilotEvent(opts *RunOptions) (Event, func(), error) {
	ev, err := readClaude(opts.Stdin, opts.Agent)
	if err != nil {
		return ev, nil, err
	}
	switch {
	case ev.Name == "sessionStart", ev.Name == "" && ev.Source != "":
		ev.Name = "SessionStart"
	case ev.Name == "":
		ev.Name = "agentStop"
	}
	return ev, nil, nil
}

// copilotSessionFile is the session log of an event that names none (the
// session's start): events.jsonl in the session's directory, or
// <id>.jsonl as Copilot CLI before 0.0.340 wrote it.
func copilotSessionFile(ev Event) string {
	home := copilotHome()
	if home == "" || ev.Session == "" {
		return ""
	}
	id := safeID(ev.Session)
	for _, p := range []string{
		filepath.Join(home, "session-state", id, "events.jsonl"),
		filepath.Join(home, "session-state", id+".jsonl"),
	} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}
