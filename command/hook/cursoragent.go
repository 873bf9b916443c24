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

// Cursor reads hooks from ~/.cursor/hooks.json and .cursor/hooks.json,
// {"version": 1, "hooks": {"<event>": [{"command": …}]}}, and sends each
// hook one JSON object on standard input with conversation_id,
// generation_id, hook_event_name, workspace_roots and transcript_path
// (null in its CLI). Its agent transcript,
// ~/.cursor/projects/<workspace>/agent-transcripts/<conversation id>.jsonl
// (or <id>/<id>.jsonl), is appended to, and read by the cursor transcript
// source. install adds sessionStart (the base) and stop (the agent loop
// ended: the turn is over); afterFileEdit, which fires at every edit in
// the middle of a turn, is not used.
var cursorSpec = &spec{
	name:     CursorAgent,
	display:  "Cursor",
	project:  ".cursor/hooks.json",
	user:     "~/.cursor/hooks.json",
	settings: cursorSettings,
	scopes:   allScopes,
	form:     flatForm{version: true, entry: cursorEntry, cmdKeys: []string{"command"}},
	events:   []string{"sessionStart", "stop"},
	describe: "sessionStart takes the base, stop records each turn",
	read:     readCursorEvent,
	locate:   cursorTranscript,
	// stop may come while the turn's last records are being written.
	settle: true,
}

func cursorSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectFile(ctx, dir, ".cursor", "hooks.json")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", exitcode.UsageErrorf("cannot find your home directory: %v", err)
	}
	return filepath.Join(home, ".cursor", "hooks.json"), nil
}

func cursorEntry(command string) any {
	return struct {
		Command string `json:"command"`
	}{command}
}

// readCursorEvent reads Cursor's hook input.
func readCursorEvent(opts *RunOptions) (Event, func(), error) {
	var in struct {
		ConversationID string   `json:"conversation_id"`
		SessionID      string   `json:"session_id"`
		HookEventName  string   `json:"hook_event_name"`
		WorkspaceRoots []string `json:"workspace_roots"`
		TranscriptPath *string  `json:"transcript_path"`
	}
	data, err := readInput(opts.Stdin, opts.Agent, maxEvent)
	if err != nil {
		return Event{}, nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return Event{}, nil, fmt.Errorf("the hook input is not the JSON object Cursor sends: %w", err)
	}
	ev := Event{Name: in.HookEventName, Session: firstOf(in.ConversationID, in.SessionID)}
	if ev.Name == "sessionStart" {
		ev.Name = "SessionStart"
	}
	if len(in.WorkspaceRoots) > 0 {
		ev.Cwd = in.WorkspaceRoots[0]
	}
	if in.TranscriptPath != nil {
		ev.Transcript = *in.TranscriptPath
	}
	return ev, nil, nil
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// cursorTranscript finds the agent transcript of an event that names
// none: under ~/.cursor/projects/, in the folder named after the
// workspace (its path without the leading separator, every character but
// letters and digits as "-"), <id>.jsonl or <id>/<id>.jsonl.
func cursorTranscript(ev Event) string {
	home, err := os.UserHomeDir()
	if err != nil || ev.Session == "" || ev.Cwd == "" {
		return ""
	}
	dir := filepath.Join(home, ".cursor", "projects", sessions.CursorProject(ev.Cwd), "agent-transcripts")
	id := safeID(ev.Session)
	for _, p := range []string{filepath.Join(dir, id+".jsonl"), filepath.Join(dir, id, id+".jsonl")} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}
