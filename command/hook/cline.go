package hook

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/transcript/sessions"
)

// Cline runs hook executables named after their event, without an
// extension, from .clinerules/hooks/ in the workspace and from
// ~/Documents/Cline/Hooks/, once hooks are enabled in its settings
// (macOS and Linux). Each gets one JSON object on standard input with
// clineVersion, hookName, timestamp, taskId, workspaceRoots and userId,
// and answers with a JSON object on standard output ({"cancel": false}
// lets the task go on). install writes a TaskComplete hook of its own;
// the task's conversation, api_conversation_history.json in the editor's
// storage, is rewritten whole at every turn and read by the cline
// transcript source.
var clineSpec = &spec{
	name:       Cline,
	display:    "Cline",
	project:    ".clinerules/hooks/",
	user:       "~/Documents/Cline/Hooks/",
	settings:   clineSettings,
	scopes:     allScopes,
	form:       fileForm{content: clineScript},
	events:     []string{"TaskComplete"},
	describe:   "TaskComplete records the task's turns; the base is HEAD",
	read:       readClineEvent,
	locate:     func(ev Event) string { return sessions.ClineTask(ev.Session, sessions.System()) },
	wholeFile:  true,
	executable: true,
}

func clineSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectFile(ctx, dir, filepath.Join(".clinerules", "hooks"), "TaskComplete")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", exitcode.UsageErrorf("cannot find your home directory: %v", err)
	}
	return filepath.Join(home, "Documents", "Cline", "Hooks", "TaskComplete"), nil
}

// clineScript passes the hook's input to hook run and answers Cline that
// the task goes on, whatever happened.
func clineScript(s *spec) string {
	return `#!/bin/sh
# git-aiedit: records the turns of each Cline task as commits on a review
# branch. Written by ` + "`git aiedit hook install cline`" + `; ` + "`git aiedit hook uninstall cline`" + `
# removes it.
` + runCommand(s.name) + ` >/dev/null 2>&1
echo '{"cancel": false}'
`
}

// clineInput is the hook input the editor extension and the CLI both
// send.
type clineInput struct {
	HookName       string   `json:"hookName"`
	TaskID         string   `json:"taskId"`
	WorkspaceRoots []string `json:"workspaceRoots"`
	SessionContext struct {
		RootSessionID string `json:"rootSessionId"`
	} `json:"sessionContext"`
}

// readClineInput reads the hook's input as sent by who ("Cline", "the
// Cline CLI").
func readClineInput(opts *RunOptions, who string) (clineInput, error) {
	var in clineInput
	data, err := readInput(opts.Stdin, opts.Agent, maxEvent)
	if err != nil {
		return in, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return in, fmt.Errorf("the hook input is not the JSON object %s sends: %w", who, err)
	}
	return in, nil
}

// readClineEvent reads the hook's input.
func readClineEvent(opts *RunOptions) (Event, func(), error) {
	in, err := readClineInput(opts, "Cline")
	if err != nil {
		return Event{}, nil, err
	}
	if id := in.SessionContext.RootSessionID; id != "" {
		// The Cline CLI runs the extension's hook folders too: its
		// sessions are another agent's, read from another store.
		return Event{}, nil, fmt.Errorf("%s for Cline CLI session %s: the cline hook records the editor extension's tasks; "+
			"`git aiedit hook install cline-cli` records the CLI's sessions", in.HookName, id)
	}
	ev := Event{Name: in.HookName, Session: in.TaskID}
	if len(in.WorkspaceRoots) > 0 {
		ev.Cwd = in.WorkspaceRoots[0]
	}
	return ev, nil, nil
}
