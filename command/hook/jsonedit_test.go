package hook

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInstallClaudeRoundTrip(t *testing.T) {
	for name, tc := range map[string]struct {
		agent Agent
		text  string
	}{
		"empty object":     {ClaudeCode, "{}"},
		"empty with space": {ClaudeCode, "{ }\n"},
		"compact":          {ClaudeCode, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]},"model":"m"}`},
		"crlf":             {ClaudeCode, "{\r\n  \"a\": 1\r\n}\r\n"},
		// Gemini CLI's settings allow comments and trailing commas.
		"comments":         {Gemini, "{\n  // mine\n  \"hooks\": { /* none */ }\n}\n"},
		"trailing comma":   {Gemini, "{\n  \"a\": [1, 2,],\n}\n"},
		"empty event list": {ClaudeCode, "{\"hooks\": {\"Stop\": []}}"},
		"nested unknown":   {ClaudeCode, "{\"x\": {\"y\": [{\"z\": \"\\\"}]\"}]}, \"hooks\": {\"PreToolUse\": []}}"},
		"codex hooks.json": {Codex, `{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x"}]}]}}`},
	} {
		t.Run(name, func(t *testing.T) {
			text := tc.text
			installed, done, err := installClaude(tc.agent, text, true)
			require.NoError(t, err)
			require.False(t, done)
			root, err := parseJSONText(installed)
			require.NoError(t, err, installed)
			_, hooks := root.member("hooks")
			for _, ev := range tc.agent.spec().events {
				_, arr := hooks.member(ev)
				require.NotNil(t, arr, "%s in %s", ev, installed)
				require.True(t, claudeHas(arr))
			}
			again, done, err := installClaude(tc.agent, installed, true)
			require.NoError(t, err)
			require.True(t, done, "a second install changes nothing")
			require.Equal(t, installed, again)

			removed, ok, err := uninstallClaude(installed)
			require.NoError(t, err)
			require.True(t, ok)
			// Text cut out exactly as it was added, except an empty
			// container's inner white space, which install replaced.
			if name != "empty with space" && name != "empty event list" && name != "comments" {
				require.Equal(t, text, removed)
			}
			_, ok, err = uninstallClaude(removed)
			require.NoError(t, err)
			require.False(t, ok)
		})
	}
}

func TestInstallClaudeRefuses(t *testing.T) {
	for name, text := range map[string]string{
		"not json":        "{",
		"list":            "[]",
		"hooks is a list": `{"hooks": []}`,
		"event is a map":  `{"hooks": {"Stop": {}}}`,
		"two documents":   "{} {}",
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := installClaude(ClaudeCode, text, true)
			require.Error(t, err)
		})
	}
}

// Claude Code and Codex reject a JSON file with a comment or a trailing
// comma whole: install refuses it, saying what and where, so that hooks
// that would never run are not reported installed.
func TestInstallStrictJSON(t *testing.T) {
	for name, tc := range map[string]struct {
		agent Agent
		text  string
		err   string // "" = accepted
	}{
		"claude line comment":          {ClaudeCode, "{\n  // mine\n  \"model\": \"m\"\n}\n", "line 2: a // comment"},
		"claude block comment":         {ClaudeCode, "{\"model\": \"m\" /* x */}", "line 1: a /* comment"},
		"claude trailing comma":        {ClaudeCode, "{\n  \"model\": \"m\",\n}\n", "line 2: a trailing comma"},
		"claude trailing comma, list":  {ClaudeCode, "{\n  \"env\": {},\n  \"x\": [1,\n  2,\n  ]\n}", "line 4: a trailing comma"},
		"codex hooks.json comment":     {Codex, "{\n\n\n  // x\n  \"hooks\": {}\n}", "line 4: a // comment"},
		"gemini comment":               {Gemini, "{\n  // mine\n  \"model\": \"m\",\n}\n", ""},
		"claude slashes in a string":   {ClaudeCode, `{"url": "https://example.com/a//b"}`, ""},
		"claude broken, not a comment": {ClaudeCode, "{\n  \"a\": \n}", "not valid JSON (line 3"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := installClaude(tc.agent, tc.text, true)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.err)
			if strings.Contains(tc.err, "comment") || strings.Contains(tc.err, "comma") {
				require.ErrorContains(t, err, "rejects a settings file with comments or trailing commas whole")
			}
		})
	}
}

func TestUninstallClaudeKeepsOthers(t *testing.T) {
	text := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "git aiedit hook run claude-code"}, {"type": "command", "command": "say hi"}]}]}}`
	out, ok, err := uninstallClaude(text)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say hi"}]}]}}`, out)
}

// FuzzJSONText: the text parser accepts what encoding/json accepts (the
// strict one exactly that), and an install then uninstall on any object
// gives valid JSON back with the same values.
func FuzzJSONText(f *testing.F) {
	for _, s := range []string{"{}", `{"a":[1,{"b":null}]}`, `{"hooks":{"Stop":[]}}`, "[1,2]", `"x"`, "{\n\t\"k\": \"\\u00e9\"\n}",
		"{\n  // c\n  \"a\": [1,],\n}", `{"a": 1 /* c */}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		root, err := parseJSONText(s)
		if json.Valid([]byte(s)) {
			require.NoError(t, err)
		}
		// The strict parser (Claude Code's and Codex's files) accepts
		// exactly what encoding/json accepts.
		_, serr := parseStrictJSON(s)
		require.Equal(t, json.Valid([]byte(s)), serr == nil, "strict parse: %v", serr)
		if err != nil || root.kind != '{' || !json.Valid([]byte(s)) {
			return
		}
		installed, _, err := installClaude(ClaudeCode, s, true)
		if err != nil {
			return // hooks of the wrong type
		}
		require.True(t, json.Valid([]byte(installed)), installed)
		removed, _, err := uninstallClaude(installed)
		require.NoError(t, err)
		require.True(t, json.Valid([]byte(removed)), removed)
		var want, got any
		require.NoError(t, decodeNumbers(s, &want))
		require.NoError(t, decodeNumbers(removed, &got))
		if !hadEmptyHooks(want) {
			require.Equal(t, want, got)
		}
	})
}

// decodeNumbers decodes JSON keeping numbers as written (1E700 is valid
// JSON that no float64 holds).
func decodeNumbers(s string, v any) error {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	return d.Decode(v)
}

// hadEmptyHooks: uninstall drops an event list (or "hooks") that only
// git-aiedit's entry left non-empty, and one that was empty before.
func hadEmptyHooks(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	h, ok := m["hooks"].(map[string]any)
	if !ok {
		return false
	}
	if len(h) == 0 {
		return true
	}
	for _, ev := range ClaudeCode.spec().events {
		if l, ok := h[ev].([]any); ok && len(l) == 0 {
			return true
		}
		if l, ok := h[ev].([]any); ok {
			for _, g := range l {
				if gm, ok := g.(map[string]any); ok {
					if hs, ok := gm["hooks"].([]any); ok {
						for _, e := range hs {
							if em, ok := e.(map[string]any); ok {
								if c, ok := em["command"].(string); ok && ours(c) {
									return true
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}
