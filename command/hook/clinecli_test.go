package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClineCLISession: the session file is found where the CLI keeps it,
// however its folders were moved, and through its manifest's
// messages_path; ids that name anything but a folder are refused.
func TestClineCLISession(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	def := write("home/.cline/data/sessions/s1/s1.messages.json", "{}")
	clineDir := write("cfg/data/sessions/s2/s2.messages.json", "{}")
	dataDir := write("data/sessions/s3/s3.messages.json", "{}")
	sessDir := write("sess/s4/s4.messages.json", "{}")
	elsewhere := write("elsewhere/s5.messages.json", "{}")
	write("home/.cline/data/sessions/s5/s5.json", `{"session_id":"s5","messages_path":"`+elsewhere+`"}`)
	write("home/.cline/data/sessions/s6/s6.json", `{"messages_path":"relative.json"}`)
	t.Setenv("HOME", filepath.Join(root, "home"))

	tests := map[string]struct {
		id   string
		env  map[string]string
		want string
	}{
		"the default folder":         {id: "s1", want: def},
		"CLINE_DIR":                  {id: "s2", env: map[string]string{"CLINE_DIR": filepath.Join(root, "cfg")}, want: clineDir},
		"CLINE_DATA_DIR":             {id: "s3", env: map[string]string{"CLINE_DATA_DIR": filepath.Join(root, "data")}, want: dataDir},
		"CLINE_SESSION_DATA_DIR":     {id: "s4", env: map[string]string{"CLINE_SESSION_DATA_DIR": filepath.Join(root, "sess"), "CLINE_DATA_DIR": "/nowhere"}, want: sessDir},
		"the manifest's path":        {id: "s5", want: elsewhere},
		"a relative manifest path":   {id: "s6"},
		"no such session":            {id: "s7"},
		"an id that is a path":       {id: "../s1"},
		"an id that is the parent":   {id: ".."},
		"no id":                      {id: ""},
		"a folder named as the file": {id: "s1/s1.messages.json"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			got := clineCLISession(tc.id, getenv)
			assert.Equal(t, tc.want, got)
			assert.False(t, strings.Contains(got, ".."))
		})
	}
}

// TestReadClineCLIEvent: the session is the root session's id (each run
// of a resumed session has a task id of its own); PreToolUse is a
// session's start for a session not seen yet; the extension's hook
// refuses the CLI's events, saying whose they are.
func TestReadClineCLIEvent(t *testing.T) {
	tests := map[string]struct {
		input string
		want  Event
	}{
		"agent_end": {
			input: `{"hookName":"agent_end","taskId":"conv_2","sessionContext":{"rootSessionId":"s1"},"workspaceRoots":["/w"]}`,
			want:  Event{Name: "agent_end", Session: "s1", Cwd: "/w"},
		},
		"tool_call": {
			input: `{"hookName":"tool_call","taskId":"conv_1","sessionContext":{"rootSessionId":"s1"},"workspaceRoots":[]}`,
			want:  Event{Name: "SessionStart", Session: "s1", FirstOnly: true},
		},
		"no session context": {
			input: `{"hookName":"agent_end","taskId":"conv_3"}`,
			want:  Event{Name: "agent_end", Session: "conv_3"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			ev, _, err := readClineCLIEvent(&RunOptions{Agent: ClineCLI, Stdin: strings.NewReader(tc.input)})
			require.NoError(t, err)
			assert.Equal(t, tc.want, ev)
		})
	}
	_, _, err := readClineCLIEvent(&RunOptions{Agent: ClineCLI, Stdin: strings.NewReader(`[1]`)})
	assert.ErrorContains(t, err, "not the JSON object the Cline CLI sends")
	_, _, err = readClineEvent(&RunOptions{Agent: Cline, Stdin: strings.NewReader(`{"hookName":"agent_end","taskId":"conv_2","sessionContext":{"rootSessionId":"s1"}}`)})
	assert.ErrorContains(t, err, "git aiedit hook install cline-cli")
}
