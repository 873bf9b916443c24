package hook

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/transcript"
	"github.com/git-aiedit/git-aiedit/transcript/sessions"
)

// TestRegistry: every registered agent is complete, parses back from its
// name, and is a transcript source, which apply reads its session file
// as (Aiedit-Session names it too).
func TestRegistry(t *testing.T) {
	require.NotEmpty(t, registry)
	seen := map[Agent]bool{}
	for _, s := range registry {
		t.Run(string(s.name), func(t *testing.T) {
			assert.False(t, seen[s.name], "registered once")
			seen[s.name] = true
			a, err := ParseAgent(" " + strings.ToUpper(string(s.name)) + " ")
			require.NoError(t, err)
			assert.Equal(t, s.name, a)
			assert.Same(t, s, a.spec())
			assert.NotEmpty(t, s.display)
			assert.NotEmpty(t, s.project, "--project's help names its settings file")
			assert.NotEmpty(t, s.user, "--user's help names its settings file")
			assert.NotNil(t, s.settings)
			assert.NotNil(t, s.form)
			assert.NotNil(t, s.read)
			assert.NotEmpty(t, s.events)
			assert.NotEmpty(t, s.describe)
			assert.NotEmpty(t, s.scopes)
			src, err := transcript.ParseSource(string(s.name))
			require.NoError(t, err, "the agent's session file is read as the source of its name")
			assert.True(t, src.Records())
			// Every scope status shows resolves to a file (user scopes
			// need no repository).
			for _, sc := range s.scopes {
				if !sc.user {
					continue
				}
				p, err := s.settings(context.Background(), sc, t.TempDir())
				require.NoError(t, err)
				assert.NotEmpty(t, p)
			}
		})
	}
	assert.Equal(t, len(registry), len(Agents))
	assert.Equal(t, len(Agents), len(AgentNames()))
}

func TestParseAgentUnknown(t *testing.T) {
	for name, tc := range map[string]struct {
		in, want string
	}{
		"near miss": {"copilot", "did you mean copilot-cli?"},
		// A typo is answered, never taken silently for the agent it was
		// probably meant to be: hook run would record under the wrong name.
		"typo":          {"clade-code", `unknown agent "clade-code"; did you mean claude-code?`},
		"no hyphen":     {"claudecode", `unknown agent "claudecode"; did you mean claude-code?`},
		"no hyphen cli": {"copilotcli", `unknown agent "copilotcli"; did you mean copilot-cli?`},
		"not live":      {"Windsurf", "windsurf is not recorded live: the transcript Windsurf's hooks pass is not documented"},
		"far off":       {"emacs", "use one of claude-code, codex, gemini, copilot-cli, opencode"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseAgent(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestInstallEveryAgent: for every registered agent, install into a file
// holding the user's own hooks adds the agent's events, a second install
// changes nothing, status sees them, and uninstall cuts out exactly what
// install added.
func TestInstallEveryAgent(t *testing.T) {
	theirs := map[string]string{
		"claude": "{\n  \"model\": \"m\",\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./lint.sh\"}]}\n    ]\n  }\n}\n",
		"flat":   "{\n  \"version\": 1,\n  \"hooks\": {\n    \"postToolUse\": [\n      {\"type\": \"command\", \"bash\": \"./lint.sh\", \"timeoutSec\": 60}\n    ]\n  }\n}\n",
	}
	for _, s := range registry {
		t.Run(string(s.name), func(t *testing.T) {
			text := theirs["claude"]
			switch s.form.(type) {
			case flatForm:
				text = theirs["flat"]
			case fileForm:
				testOwnFile(t, s)
				return
			}
			out, done, err := s.form.add(s, text, true)
			require.NoError(t, err)
			require.False(t, done)
			require.True(t, json.Valid([]byte(out)), out)
			events, err := s.form.installed(s, out)
			require.NoError(t, err)
			assert.Equal(t, s.events, events)
			again, done, err := s.form.add(s, out, true)
			require.NoError(t, err)
			assert.True(t, done)
			assert.Equal(t, out, again)
			back, removed, err := s.form.remove(s, out)
			require.NoError(t, err)
			assert.True(t, removed)
			assert.Equal(t, text, back, "byte for byte")
			events, err = s.form.installed(s, back)
			require.NoError(t, err)
			assert.Empty(t, events)
		})
	}
}

// testOwnFile: a file that is git-aiedit's alone is created, seen,
// removed whole, and a file of the user's by that name is refused.
func testOwnFile(t *testing.T, s *spec) {
	out, done, err := s.form.add(s, "", false)
	require.NoError(t, err)
	require.False(t, done)
	assert.Contains(t, out, runCommand(s.name))
	events, err := s.form.installed(s, out)
	require.NoError(t, err)
	assert.Equal(t, s.events, events)
	_, done, err = s.form.add(s, out, true)
	require.NoError(t, err)
	assert.True(t, done)
	back, removed, err := s.form.remove(s, out)
	require.NoError(t, err)
	assert.True(t, removed)
	assert.Empty(t, back)
	_, _, err = s.form.remove(s, out+"\n# mine too\n")
	require.ErrorContains(t, err, "edited since install", "an edited file keeps the user's edits")
	mine := "// my own plugin\nexport const Mine = async () => ({})\n"
	_, _, err = s.form.add(s, mine, true)
	require.ErrorContains(t, err, "does not run git-aiedit")
	back, removed, err = s.form.remove(s, mine)
	require.NoError(t, err)
	assert.False(t, removed)
	assert.Equal(t, mine, back)
}

func TestFlatForm(t *testing.T) {
	f := copilotSpec.form.(flatForm)
	for name, tc := range map[string]struct {
		text    string
		wantErr string
		// after is install's result, when it is checked whole.
		after string
	}{
		"no file":          {text: "", after: "{\n  \"version\": 1,\n  \"hooks\": {\n    \"sessionStart\": [\n      {\n        \"type\": \"command\",\n        \"bash\": \"git aiedit hook run copilot-cli\",\n        \"powershell\": \"git aiedit hook run copilot-cli\"\n      }\n    ],\n    \"agentStop\": [\n      {\n        \"type\": \"command\",\n        \"bash\": \"git aiedit hook run copilot-cli\",\n        \"powershell\": \"git aiedit hook run copilot-cli\"\n      }\n    ]\n  }\n}\n"},
		"no version":       {text: "{\"hooks\": {}}"},
		"comment":          {text: "{\n  // mine\n  \"version\": 1\n}\n", wantErr: "remove the comments and trailing commas"},
		"not json":         {text: "{\"version\": 1,", wantErr: "not valid JSON"},
		"array":            {text: "[]", wantErr: "not a JSON object"},
		"hooks not object": {text: "{\"version\": 1, \"hooks\": []}", wantErr: `"hooks" is not an object`},
		"event not list":   {text: "{\"version\": 1, \"hooks\": {\"agentStop\": {}}}", wantErr: `"hooks.agentStop" is not a list`},
		"duplicate hooks":  {text: "{\"version\": 1,\n\"hooks\": {},\n\"hooks\": {}}", wantErr: `holds "hooks" 2 times (lines 2, 3)`},
		"duplicate event":  {text: "{\"version\": 1, \"hooks\": {\"agentStop\": [], \"agentStop\": []}}", wantErr: `"hooks" holds "agentStop" 2 times`},
	} {
		t.Run(name, func(t *testing.T) {
			out, _, err := f.add(copilotSpec, tc.text, tc.text != "")
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			if tc.after != "" {
				assert.Equal(t, tc.after, out)
			}
			require.True(t, json.Valid([]byte(out)), out)
			root, err := parseStrictJSON(out)
			require.NoError(t, err)
			_, v := root.member("version")
			require.NotNil(t, v, "Copilot CLI's hook files carry their version")
		})
	}
}

func TestReadOpenCodeEvent(t *testing.T) {
	export := `{"info":{"id":"ses_1","directory":"/w","title":"t"},"messages":[]}`
	for name, tc := range map[string]struct {
		in      string
		want    Event
		wantErr string
	}{
		"export": {in: export + "\n", want: Event{Name: "session.idle", Session: "ses_1", Cwd: "/w", Record: []byte(export)}},
		"start":  {in: `{"hook_event_name":"session.created","session_id":"ses_1","cwd":"/w"}`, want: Event{Name: "SessionStart", Session: "ses_1", Cwd: "/w"}},
		"no id":  {in: `{"info":{"directory":"/w"},"messages":[]}`, wantErr: "no info.id"},
		"other":  {in: `{"hello":1}`, wantErr: "neither a session's export"},
		"text":   {in: `Exporting session`, wantErr: "not what git-aiedit's OpenCode plugin sends"},
	} {
		t.Run(name, func(t *testing.T) {
			ev, _, err := readOpenCodeEvent(&RunOptions{Agent: OpenCode, Stdin: strings.NewReader(tc.in)})
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, ev)
		})
	}
}

func TestReadCopilotEvent(t *testing.T) {
	for name, tc := range map[string]struct {
		in   string
		want Event
	}{
		"session start": {`{"sessionId":"s1","timestamp":1,"cwd":"/w","source":"new","initialPrompt":"hi"}`,
			Event{Name: "SessionStart", Session: "s1", Cwd: "/w", Source: "new"}},
		"agent stop": {`{"sessionId":"s1","timestamp":2,"cwd":"/w","transcriptPath":"/h/events.jsonl","stopReason":"end_turn","stop_hook_active":false}`,
			Event{Name: "agentStop", Session: "s1", Cwd: "/w", Transcript: "/h/events.jsonl"}},
		// The PascalCase events send Claude Code's fields.
		"vs code stop": {`{"hook_event_name":"Stop","session_id":"s1","timestamp":"2026-01-01T00:00:00Z","cwd":"/w","transcript_path":"/h/events.jsonl","stop_reason":"end_turn"}`,
			Event{Name: "Stop", Session: "s1", Cwd: "/w", Transcript: "/h/events.jsonl"}},
	} {
		t.Run(name, func(t *testing.T) {
			ev, wait, err := readCopilotEvent(&RunOptions{Agent: CopilotCLI, Stdin: strings.NewReader(tc.in)})
			require.NoError(t, err)
			assert.Nil(t, wait)
			assert.Equal(t, tc.want, ev)
		})
	}
}

func TestReadCursorEvent(t *testing.T) {
	for name, tc := range map[string]struct {
		in   string
		want Event
	}{
		"session start": {`{"conversation_id":"c1","generation_id":"g","hook_event_name":"sessionStart","workspace_roots":["/w/app"],"transcript_path":null,"session_id":"c1"}`,
			Event{Name: "SessionStart", Session: "c1", Cwd: "/w/app"}},
		"stop": {`{"conversation_id":"c1","generation_id":"g","hook_event_name":"stop","workspace_roots":["/w/app","/w/lib"],"transcript_path":"/h/t.jsonl","status":"completed","loop_count":0}`,
			Event{Name: "stop", Session: "c1", Cwd: "/w/app", Transcript: "/h/t.jsonl"}},
	} {
		t.Run(name, func(t *testing.T) {
			ev, _, err := readCursorEvent(&RunOptions{Agent: CursorAgent, Stdin: strings.NewReader(tc.in)})
			require.NoError(t, err)
			assert.Equal(t, tc.want, ev)
		})
	}
}

// TestCursorTranscript: Cursor's CLI passes no transcript_path; the file
// is found where Cursor keeps it, flat or nested.
func TestCursorTranscript(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	assert.Equal(t, "home-ana-my-app", sessions.CursorProject("/home/ana/my.app"))
	ev := Event{Session: "c1", Cwd: "/home/ana/my.app"}
	assert.Empty(t, cursorTranscript(ev))
	dir := filepath.Join(home, ".cursor", "projects", "home-ana-my-app", "agent-transcripts")
	nested := filepath.Join(dir, "c1", "c1.jsonl")
	require.NoError(t, os.MkdirAll(filepath.Dir(nested), 0o755))
	require.NoError(t, os.WriteFile(nested, nil, 0o644))
	assert.Equal(t, nested, cursorTranscript(ev))
	flat := filepath.Join(dir, "c1.jsonl")
	require.NoError(t, os.WriteFile(flat, nil, 0o644))
	assert.Equal(t, flat, cursorTranscript(ev))
}
