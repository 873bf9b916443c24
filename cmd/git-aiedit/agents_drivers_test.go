package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/internal/modelserver"
)

// driver is how TestAgents runs one agent: its program, how it is pointed
// at the model server, how a turn is typed, and its tools' names and
// arguments, as the agent declares them to the model.
type driver struct {
	agent        string // the hook's agent name
	bin          string // the program in node_modules/.bin
	installFlags []string
	setup        func(c *conformance) // configuration before install
	env          func(c *conformance) []string
	args         func(c *conformance, prompt string, mode runMode) []string
	session      func(c *conformance, stdout string) string // the session id a run printed
	settle       func(c *conformance)                       // waits for a hook the agent does not wait for
	// converse, when it returns a function for a turn, speaks to the
	// agent on its standard streams (the Cline CLI resumes a session only
	// over the Agent Client Protocol): it writes to in, reads out, and
	// copies what it read to log.
	converse func(c *conformance, prompt string, mode runMode) func(in io.Writer, out io.Reader, log io.Writer) error
	files    func(c *conformance) []string // what install may change
	// failedShell: the agent records a shell command that exits non-zero
	// as failed (Claude Code's is_error), so nothing of it replays and
	// its writes must be named in Aiedit-Unexplained; otherwise it is
	// replayed and only what the replay did not produce is named.
	failedShell bool

	write func(path, content string) modelserver.Call
	edit  func(path, old, new string) modelserver.Call
	read  func(path string) modelserver.Call
	shell func(c *conformance, command string) modelserver.Call
}

var drivers = []*driver{claudeDriver, geminiDriver, codexDriver, opencodeDriver, copilotDriver, clineCLIDriver, qwenDriver}

// Claude Code 2.x: the Messages API at ANTHROPIC_BASE_URL; -p runs one
// turn, --continue the directory's last session, --resume an id.
var claudeDriver = &driver{
	agent:       "claude-code",
	bin:         "claude",
	failedShell: true,
	env: func(c *conformance) []string {
		return []string{
			"ANTHROPIC_BASE_URL=" + c.server.URL, "ANTHROPIC_API_KEY=dummy",
			"DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1", "DISABLE_AUTOUPDATER=1", "DISABLE_BUG_COMMAND=1",
			"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "CLAUDE_CONFIG_DIR=" + filepath.Join(c.home, ".claude"),
		}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"-p", prompt, "--output-format", "json", "--permission-mode", "acceptEdits", "--allowedTools", "Write,Edit,Bash,Read"}
		switch mode {
		case continueLast:
			args = append(args, "--continue")
		case resumeByID:
			args = append(args, "--resume", c.session)
		}
		return args
	},
	session: func(c *conformance, stdout string) string {
		var out struct {
			SessionID string `json:"session_id"`
		}
		_ = json.Unmarshal([]byte(strings.TrimSpace(stdout)), &out)
		return out.SessionID
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.repo, ".claude", "settings.local.json"), filepath.Join(c.home, ".claude", "settings.json")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "Write", Args: map[string]any{"file_path": p, "content": content}}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "Edit", Args: map[string]any{"file_path": p, "old_string": old, "new_string": new}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "Read", Args: map[string]any{"file_path": p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "Bash", Args: map[string]any{"command": command, "description": "run it"}}
	},
}

// Gemini CLI: generateContent at GOOGLE_GEMINI_BASE_URL with an API key;
// -p runs one turn, --resume latest or an id goes on with a session. Its
// user settings (written before install, so that uninstall must give
// them back byte for byte) turn off telemetry, update checks and folder
// trust.
var geminiDriver = &driver{
	agent: "gemini",
	bin:   "gemini",
	setup: func(c *conformance) {
		dir := filepath.Join(c.home, ".gemini")
		require.NoError(c.t, os.MkdirAll(dir, 0o755))
		// Gemini CLI 0.61.0 reads comments but refuses a trailing comma,
		// and rewrites a file that uses its older keys (disableAutoUpdate):
		// this is the file as it writes it, so that it stays as it was.
		settings := `{
  // the conformance suite's: no telemetry, no update check, no trust prompt
  "security": {
    "auth": {
      "selectedType": "gemini-api-key"
    },
    "folderTrust": {
      "enabled": false
    }
  },
  "general": {
    "enableAutoUpdate": false,
    "enableAutoUpdateNotification": false
  },
  "privacy": {
    "usageStatisticsEnabled": false
  },
  "telemetry": {
    "enabled": false
  }
}`
		require.NoError(c.t, os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644))
	},
	env: func(c *conformance) []string {
		return []string{"GOOGLE_GEMINI_BASE_URL=" + c.server.URL, "GEMINI_API_KEY=dummy", "GEMINI_CLI_NO_RELAUNCH=true"}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"-p", prompt, "--yolo", "--output-format", "json"}
		switch mode {
		case continueLast:
			args = append(args, "--resume", "latest")
		case resumeByID:
			args = append(args, "--resume", c.session)
		}
		return args
	},
	session: func(c *conformance, stdout string) string {
		var out struct {
			SessionID string `json:"session_id"`
		}
		if i := strings.Index(stdout, "{"); i >= 0 {
			_ = json.Unmarshal([]byte(stdout[i:]), &out)
		}
		return out.SessionID
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".gemini", "settings.json"), filepath.Join(c.repo, ".gemini", "settings.json")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "write_file", Args: map[string]any{"file_path": p, "content": content}}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "replace", Args: map[string]any{"file_path": p, "old_string": old, "new_string": new, "instruction": "change it"}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "read_file", Args: map[string]any{"file_path": p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "run_shell_command", Args: map[string]any{"command": command, "description": "run it"}}
	},
}

// Codex: the Responses API through a model provider of config.toml
// pointing at the server (a model Codex knows, so that it offers its
// apply_patch tool); `exec` runs one turn, `exec resume --last` or an id
// goes on. A hook Codex has not been told to trust does not run: `exec`
// runs them with --dangerously-bypass-hook-trust (docs/hooks.md).
var codexDriver = &driver{
	agent: "codex",
	bin:   "codex",
	setup: func(c *conformance) {
		dir := filepath.Join(c.home, ".codex")
		require.NoError(c.t, os.MkdirAll(dir, 0o755))
		config := `model = "gpt-5.5"
model_provider = "scripted"
check_for_update_on_startup = false

[model_providers.scripted]
name = "scripted"
base_url = "` + c.server.URL + `/v1"
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"

[analytics]
enabled = false

[features]
plugins = false
remote_plugin = false
plugin_sharing = false
in_app_updates = false

[projects."` + c.repo + `"]
trust_level = "trusted"
`
		require.NoError(c.t, os.WriteFile(filepath.Join(dir, "config.toml"), []byte(config), 0o644))
	},
	env: func(c *conformance) []string {
		return []string{"CODEX_HOME=" + filepath.Join(c.home, ".codex"), "SCRIPTED_API_KEY=dummy", "RUST_LOG=warn"}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"exec", "--json", "--dangerously-bypass-hook-trust", "--dangerously-bypass-approvals-and-sandbox"}
		switch mode {
		case continueLast:
			args = append(args, "resume", "--last")
		case resumeByID:
			args = append(args, "resume", c.session)
		}
		return append(args, prompt)
	},
	session: func(c *conformance, stdout string) string {
		for _, l := range strings.Split(stdout, "\n") {
			var ev struct {
				Type     string `json:"type"`
				ThreadID string `json:"thread_id"`
			}
			if json.Unmarshal([]byte(l), &ev) == nil && ev.Type == "thread.started" {
				return ev.ThreadID
			}
		}
		return ""
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".codex", "hooks.json"), filepath.Join(c.home, ".codex", "config.toml"), filepath.Join(c.repo, ".codex", "hooks.json")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "apply_patch", Custom: true, Input: "*** Begin Patch\n*** Add File: " + p + "\n" + patchLines("+", content) + "*** End Patch\n"}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "apply_patch", Custom: true, Input: "*** Begin Patch\n*** Update File: " + p + "\n@@\n" + patchLines("-", old) + patchLines("+", new) + "*** End Patch\n"}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "exec_command", Args: map[string]any{"cmd": "cat " + p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "exec_command", Args: map[string]any{"cmd": command, "workdir": c.repo}}
	},
}

// patchLines prefixes each line of text for an apply_patch hunk.
func patchLines(prefix, text string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if l != "" {
			b.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n")
		}
	}
	return b.String()
}

// OpenCode: an OpenAI-compatible provider in its config pointing at the
// server (Chat Completions); `run` runs one turn, --continue or --session
// goes on. The prompt goes as words, which `run` joins with blanks (a
// quoted argument with blanks is recorded with its quotes). OpenCode
// installs @opencode-ai/plugin into its config folder at every start; the
// suite puts there the copy scripts/agents-conformance installed, so that
// OpenCode finds it and reaches for no registry.
var opencodeDriver = &driver{
	agent: "opencode",
	bin:   "opencode",
	setup: func(c *conformance) {
		dir := filepath.Join(c.home, ".config", "opencode")
		require.NoError(c.t, os.MkdirAll(dir, 0o755))
		if deps := filepath.Join(os.Getenv("AIEDIT_AGENTS"), "opencode-plugin"); dirExists(deps) {
			out, err := exec.Command("cp", "-R", deps+"/.", dir).CombinedOutput()
			require.NoError(c.t, err, "%s", out)
		}
		config := `{
  "autoupdate": false,
  "share": "disabled",
  "model": "scripted/m",
  "provider": {
    "scripted": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "scripted",
      "options": {"baseURL": "` + c.server.URL + `/v1", "apiKey": "dummy"},
      "models": {"m": {"name": "m", "tool_call": true}}
    }
  }
}
`
		require.NoError(c.t, os.WriteFile(filepath.Join(dir, "opencode.json"), []byte(config), 0o644))
	},
	env: func(c *conformance) []string {
		return []string{"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_SHARE=1",
			"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1"}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"run", "--auto", "--format", "json"}
		switch mode {
		case continueLast:
			args = append(args, "--continue")
		case resumeByID:
			args = append(args, "--session", c.session)
		}
		return append(args, strings.Fields(prompt)...)
	},
	session: func(c *conformance, stdout string) string {
		if m := regexp.MustCompile(`"sessionID"\s*:\s*"([^"]+)"`).FindStringSubmatch(stdout); m != nil {
			return m[1]
		}
		return ""
	},
	// The plugin's hook run outlives `opencode run`: wait for it.
	settle: func(c *conformance) {
		dir := filepath.Join(c.repo, ".git", "aiedit", "sessions", "opencode")
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) { // a hang guard
			locks, _ := filepath.Glob(filepath.Join(dir, "*.lock"))
			cursors, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			for _, p := range cursors {
				if info, err := os.Stat(p); err == nil && info.ModTime().After(c.started) && len(locks) == 0 {
					return
				}
			}
		}
		c.t.Log("opencode: the plugin's hook run did not finish within 2 minutes")
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".config", "opencode", "plugins", "git-aiedit.js"), filepath.Join(c.repo, ".opencode", "plugins", "git-aiedit.js")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "write", Args: map[string]any{"filePath": p, "content": content}}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "edit", Args: map[string]any{"filePath": p, "oldString": old, "newString": new}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "read", Args: map[string]any{"filePath": p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "bash", Args: map[string]any{"command": command, "description": "run it"}}
	},
}

func dirExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// GitHub Copilot CLI: its own model provider (BYOK) at
// COPILOT_PROVIDER_BASE_URL, Chat Completions; -p runs one turn,
// --continue or --resume=<id> goes on. Its session id is in the resume
// hint it prints.
var copilotDriver = &driver{
	agent: "copilot-cli",
	bin:   "copilot",
	env: func(c *conformance) []string {
		return []string{"COPILOT_PROVIDER_BASE_URL=" + c.server.URL + "/v1", "COPILOT_PROVIDER_TYPE=openai",
			"COPILOT_PROVIDER_API_KEY=dummy", "COPILOT_MODEL=m", "COPILOT_HOME=" + filepath.Join(c.home, ".copilot")}
	},
	args: func(c *conformance, prompt string, mode runMode) []string {
		args := []string{"-p", prompt, "--allow-all-tools", "--allow-all-paths", "--disable-client-telemetry"}
		switch mode {
		case continueLast:
			args = append(args, "--continue")
		case resumeByID:
			args = append(args, "--resume="+c.session)
		}
		return args
	},
	session: func(c *conformance, stdout string) string {
		if m := regexp.MustCompile(`--resume=([0-9a-f-]+)`).FindStringSubmatch(stdout); m != nil {
			return m[1]
		}
		return ""
	},
	files: func(c *conformance) []string {
		return []string{filepath.Join(c.home, ".copilot", "hooks", "git-aiedit.json"), filepath.Join(c.repo, ".github", "hooks", "git-aiedit.json")}
	},
	write: func(p, content string) modelserver.Call {
		return modelserver.Call{Name: "create", Args: map[string]any{"path": p, "file_text": content}}
	},
	edit: func(p, old, new string) modelserver.Call {
		return modelserver.Call{Name: "edit", Args: map[string]any{"path": p, "old_str": old, "new_str": new}}
	},
	read: func(p string) modelserver.Call {
		return modelserver.Call{Name: "view", Args: map[string]any{"path": p}}
	},
	shell: func(c *conformance, command string) modelserver.Call {
		return modelserver.Call{Name: "bash", Args: map[string]any{"command": command, "description": "run it", "mode": "sync"}}
	},
}
