package hook

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
	"github.com/git-aiedit/git-aiedit/transcript"
	"github.com/git-aiedit/git-aiedit/transcript/sessions"
)

// The Cline CLI (`cline` on npm, checked with 3.0.65) runs hook
// executables named after their event, as the editor extension does, but
// from folders of its own too: ~/.cline/hooks ($CLINE_DIR/hooks, and
// --hooks-dir) and .cline/hooks in the workspace, besides the extension's
// ~/Documents/Cline/Hooks and .clinerules/hooks. Its TaskComplete runs
// when an agent run ends (its event is agent_end) and is awaited; its
// TaskStart is not (the agent starts while it runs), so it cannot take a
// base the agent's first edit has not touched yet: PreToolUse (tool_call),
// which the CLI awaits before every tool call, takes it before a new
// session's first one, and does nothing once the session is known. A
// hook gets one JSON object on standard input: the extension's fields
// (hookName, taskId, workspaceRoots), with taskId naming the run, and
// sessionContext.rootSessionId naming the session, whose conversation is
// ~/.cline/data/sessions/<id>/<id>.messages.json, rewritten whole at
// every turn and read by the cline-cli transcript source.
//
// It is an agent of its own, not a scope of cline: its sessions are
// another store in another shape, named by other ids, and install writes
// into the folders only the CLI reads. The CLI also runs the extension's
// hook (cline's), which then says in the log that the event is the CLI's.
var clineCLISpec = &spec{
	name:       ClineCLI,
	display:    "Cline CLI",
	project:    ".cline/hooks/",
	user:       "~/.cline/hooks/",
	settings:   clineCLISettings,
	scopes:     allScopes,
	form:       fileForm{content: hookScript},
	events:     []string{"TaskComplete", "PreToolUse"},
	companions: []string{"PreToolUse"},
	describe:   "PreToolUse takes the base before a new session's first tool call, TaskComplete records each run's turns",
	read:       readClineCLIEvent,
	locate:     func(ev Event) string { return clineCLISession(ev.Session, os.Getenv) },
	wholeFile:  true,
	executable: true,
	idle:       "the Cline CLI reads its hooks as each `cline` run starts: run `cline` in this repository",
}

func clineCLISettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectFile(ctx, dir, filepath.Join(".cline", "hooks"), "TaskComplete")
	}
	d, err := clineDir(os.Getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "hooks", "TaskComplete"), nil
}

// clineDir is the CLI's configuration folder: $CLINE_DIR, or ~/.cline.
func clineDir(getenv func(string) string) (string, error) {
	if d := strings.TrimSpace(getenv("CLINE_DIR")); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", exitcode.UsageErrorf("cannot find your home directory: %v", err)
	}
	return filepath.Join(home, ".cline"), nil
}

// clineCLISessions is where the CLI keeps its sessions (it passes the
// variables that move them on to its hooks).
func clineCLISessions(getenv func(string) string) string {
	home, _ := os.UserHomeDir()
	return sessions.ClineCLIDir(sessions.Env{Home: home, Getenv: getenv})
}

// clineCLISession is the conversation file of session id: <id>/<id>.messages.json
// in the sessions folder, or else the messages_path its manifest
// (<id>/<id>.json) names; "" when there is none.
func clineCLISession(id string, getenv func(string) string) string {
	if id == "" || id != filepath.Base(id) || id == "." || id == ".." {
		return ""
	}
	dir := clineCLISessions(getenv)
	if dir == "" {
		return ""
	}
	f := filepath.Join(dir, id, id+transcript.ClineCLIMessages)
	if info, err := os.Stat(f); err == nil && info.Mode().IsRegular() {
		return f
	}
	m, err := safeopen.Regular(filepath.Join(dir, id, id+".json"))
	if err != nil {
		return ""
	}
	defer m.Close()
	var manifest struct {
		MessagesPath string `json:"messages_path"`
	}
	if json.NewDecoder(m).Decode(&manifest) != nil || !filepath.IsAbs(manifest.MessagesPath) {
		return ""
	}
	return manifest.MessagesPath
}

// hookScript passes the hook's input to hook run and answers Cline (the
// extension or the CLI) that the task goes on, whatever happened.
func hookScript(s *spec) string {
	return `#!/bin/sh
# git-aiedit: records the turns of each ` + s.display + ` session as commits on a
# review branch. Written by ` + "`git aiedit hook install " + string(s.name) + "`" + `; ` + "`git aiedit hook uninstall " + string(s.name) + "`" + `
# removes it.
` + runCommand(s.name) + ` >/dev/null 2>&1
echo '{"cancel": false}'
`
}

// readClineCLIEvent reads the hook's input. The session is the root
// session's id (a resumed session's later runs have task ids of their
// own); the task id stands in when an event has no session context.
func readClineCLIEvent(opts *RunOptions) (Event, func(), error) {
	in, err := readClineInput(opts, "the Cline CLI")
	if err != nil {
		return Event{}, nil, err
	}
	ev := Event{Name: in.HookName, Session: in.SessionContext.RootSessionID}
	if in.HookName == "tool_call" {
		// PreToolUse, which the CLI waits for, before the first edit:
		// the session's start, for a session not seen yet.
		ev.Name, ev.FirstOnly = "SessionStart", true
	}
	if ev.Session == "" {
		ev.Session = in.TaskID
	}
	if len(in.WorkspaceRoots) > 0 {
		ev.Cwd = in.WorkspaceRoots[0]
	}
	return ev, nil, nil
}
