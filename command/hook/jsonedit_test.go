package hook

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInstallClaudeRoundTrip(t *testing.T) {
	for name, text := range map[string]string{
		"empty object":     "{}",
		"empty with space": "{ }\n",
		"compact":          `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]},"model":"m"}`,
		"crlf":             "{\r\n  \"a\": 1\r\n}\r\n",
		"comments":         "{\n  // mine\n  \"hooks\": { /* none */ }\n}\n",
		"trailing comma":   "{\n  \"a\": [1, 2,],\n}\n",
		"empty event list": "{\"hooks\": {\"Stop\": []}}",
		"nested unknown":   "{\"x\": {\"y\": [{\"z\": \"\\\"}]\"}]}, \"hooks\": {\"PreToolUse\": []}}",
	} {
		t.Run(name, func(t *testing.T) {
			installed, done, err := installClaude(ClaudeCode, text, true)
			require.NoError(t, err)
			require.False(t, done)
			root, err := parseJSONText(installed)
			require.NoError(t, err, installed)
			_, hooks := root.member("hooks")
			for _, ev := range hookEvents[ClaudeCode] {
				_, arr := hooks.member(ev)
				require.NotNil(t, arr, "%s in %s", ev, installed)
				require.True(t, claudeHas(arr))
			}
			again, done, err := installClaude(ClaudeCode, installed, true)
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

func TestUninstallClaudeKeepsOthers(t *testing.T) {
	text := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "git aiedit hook run claude-code"}, {"type": "command", "command": "say hi"}]}]}}`
	out, ok, err := uninstallClaude(text)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say hi"}]}]}}`, out)
}

// FuzzJSONText: the text parser accepts what encoding/json accepts, and an
// install then uninstall on any object gives valid JSON back with the
// same values.
func FuzzJSONText(f *testing.F) {
	for _, s := range []string{"{}", `{"a":[1,{"b":null}]}`, `{"hooks":{"Stop":[]}}`, "[1,2]", `"x"`, "{\n\t\"k\": \"\\u00e9\"\n}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		root, err := parseJSONText(s)
		if json.Valid([]byte(s)) {
			require.NoError(t, err)
		}
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
	for _, ev := range hookEvents[ClaudeCode] {
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
