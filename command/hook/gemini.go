package hook

import "context"

// Gemini CLI reads hooks from ~/.gemini/settings.json and
// .gemini/settings.json in Claude Code's shape (comments and trailing
// commas allowed), and sends the same fields; AfterAgent ends a turn. Its
// session file is one JSON document rewritten at every turn.
var geminiSpec = &spec{
	name:      Gemini,
	display:   "Gemini CLI",
	project:   ".gemini/settings.json",
	user:      "~/.gemini/settings.json",
	settings:  geminiSettings,
	scopes:    allScopes,
	form:      claudeForm{strict: false},
	events:    []string{"SessionStart", "AfterAgent"},
	describe:  "SessionStart takes the base, AfterAgent records each turn",
	read:      readStdin,
	wholeFile: true,
	idle:      "Gemini CLI reads its settings as it starts: start a new `gemini` session in this repository",
}

func geminiSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.project {
		return projectSettings(ctx, dir, ".gemini")
	}
	return userSettings(".gemini") // Gemini CLI has no personal project file
}
