package main

import (
	"os"
	"path/filepath"
	"regexp"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/modelserver"
)

// Qwen Code (a Gemini CLI fork): an OpenAI-compatible API at
// OPENAI_BASE_URL (Chat Completions); -p runs one turn, --continue the
// project's last session, --resume an id. Its user settings, written
// before install so that uninstall must give them back byte for byte,
// turn off usage statistics, telemetry and update checks; they carry the
// "$version" Qwen Code 0.24.4 adds to a file without one, so that it
// leaves the file as it is.
var qwenDriver = &driver{
	agent:       "qwen-code",
	bin:         "qwen",
	failedShell: true,
	setup: func(c *conformance) {
		dir := filepath.Join(c.home, ".qwen")
		require.NoError(c.t, os.MkdirAll(dir, 0o755))
		settings := `{
  "security": {"auth": {"selectedType": "openai"}},
  "model": {"name": "m"},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
  "$version": 4
}
`
		require.NoError(c.t, os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644))
	},
	env: func(c *conformance) []string {
		return []string{"OPENAI_BASE_URL=" + c.server.URL + "/v1", "OPENAI_API_KEY=dummy", "OPENAI_MODEL=m", "QWEN_CODE_SUPPRESS_YOLO_WARNING=1"}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"-p", prompt, "--yolo", "--output-format", "json"}
		switch mode {
		case continueLast:
			args = append(args, "--continue")
		case resumeByID:
			args = append(args, "--resume", c.session)
		}
		return args
	},
	session: func(c *conformance, stdout string) string {
		if m := regexp.MustCompile(`"session_id":"([^"]+)"`).FindStringSubmatch(stdout); m != nil {
			return m[1]
		}
		return ""
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".qwen", "settings.json"), filepath.Join(c.repo, ".qwen", "settings.json")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "write_file", Args: map[string]any{"file_path": p, "content": content}}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "edit", Args: map[string]any{"file_path": p, "old_string": old, "new_string": new}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "read_file", Args: map[string]any{"absolute_path": p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "run_shell_command", Args: map[string]any{"command": command, "description": "run it", "is_background": false}}
	},
}
