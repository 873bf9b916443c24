package hook

import "context"

// Qwen Code (a Gemini CLI fork; hooks checked with 0.24.4) reads hooks
// from ~/.qwen/settings.json and .qwen/settings.json in Claude Code's
// shape, and sends Claude Code's fields (session_id, transcript_path,
// cwd, hook_event_name); Stop ends a turn. Its session file,
// ~/.qwen/projects/<cwd>/chats/<id>.jsonl, is appended to, and Stop comes
// once the turn's records are written (run still waits for the file to
// stop growing, at most 1 s).
var qwenSpec = &spec{
	name:     QwenCode,
	display:  "Qwen Code",
	project:  ".qwen/settings.json",
	user:     "~/.qwen/settings.json",
	settings: qwenSettings,
	scopes:   allScopes,
	form:     claudeForm{strict: false},
	events:   []string{"SessionStart", "Stop"},
	describe: "SessionStart takes the base, Stop records each turn",
	read:     readStdin,
	settle:   true,
	idle:     "Qwen Code reads its settings as it starts: start a new `qwen` session in this repository",
}

func qwenSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectSettings(ctx, dir, ".qwen")
	}
	return userSettings(".qwen") // Qwen Code, as Gemini CLI, has no personal project file
}
