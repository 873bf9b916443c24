package hook

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReadEventCodex(t *testing.T) {
	for name, tc := range map[string]struct {
		args  []string
		stdin string
		want  Event
		err   string
	}{
		"hooks engine Stop on stdin": {
			stdin: `{"session_id":"019a","turn_id":"1","transcript_path":"/r.jsonl","cwd":"/w","hook_event_name":"Stop","model":"m","permission_mode":"default","stop_hook_active":false,"last_assistant_message":"ok"}`,
			want:  Event{Name: "Stop", Session: "019a", Transcript: "/r.jsonl", Cwd: "/w", Final: ptr("ok")},
		},
		"hooks engine SessionStart without a rollout yet": {
			stdin: `{"session_id":"019a","transcript_path":null,"cwd":"/w","hook_event_name":"SessionStart","model":"m","permission_mode":"default","source":"startup"}`,
			want:  Event{Name: "SessionStart", Session: "019a", Cwd: "/w", Source: "startup"},
		},
		"notify argument": {
			args: []string{`{"type":"agent-turn-complete","thread-id":"019a","cwd":"/w"}`},
			want: Event{Name: "agent-turn-complete", Session: "019a", Cwd: "/w"},
		},
		"stdin that is not JSON": {
			stdin: "hello",
			err:   "not the JSON object Codex sends",
		},
	} {
		t.Run(name, func(t *testing.T) {
			ev, _, err := readEvent(&RunOptions{Agent: Codex, Args: tc.args, Stdin: strings.NewReader(tc.stdin)})
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, ev)
		})
	}
}

func ptr(s string) *string { return &s }

func TestSettingsPathCodex(t *testing.T) {
	home := t.TempDir()
	t.Setenv("CODEX_HOME", home)
	for name, tc := range map[string]struct {
		sc   scope
		want string
		err  string
	}{
		"hooks, user by default": {want: filepath.Join(home, "hooks.json")},
		"hooks, --user":          {sc: scope{user: true}, want: filepath.Join(home, "hooks.json")},
		"--notify":               {sc: scope{notify: true}, want: filepath.Join(home, "config.toml")},
		"--notify --project":     {sc: scope{notify: true, project: true}, err: "reads notify only from"},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := settingsPath(context.Background(), Codex, tc.sc, "")
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	_, err := settingsPath(context.Background(), Gemini, scope{notify: true}, "")
	require.ErrorContains(t, err, "--notify is for codex only")
}

func TestCodexHooksOff(t *testing.T) {
	for name, tc := range map[string]struct {
		text string
		key  string
		off  bool
	}{
		"no features":        {text: `model = "m"`},
		"hooks on":           {text: "[features]\nhooks = true\n"},
		"hooks off":          {text: "[features]\nhooks = false\n", key: "hooks", off: true},
		"legacy key off":     {text: "[features]\ncodex_hooks = false\n", key: "codex_hooks", off: true},
		"not TOML":           {text: "[features"},
		"a feature not ours": {text: "[features]\nmemories = false\n"},
	} {
		t.Run(name, func(t *testing.T) {
			key, off := codexHooksOff(tc.text)
			require.Equal(t, tc.off, off)
			require.Equal(t, tc.key, key)
		})
	}
}
