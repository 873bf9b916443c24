package hook

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInstallCodexRoundTrip(t *testing.T) {
	for name, text := range map[string]string{
		"empty":            "",
		"no newline":       `model = "o3"`,
		"tables":           "model = \"o3\"\n\n# servers\n[mcp_servers.x]\ncommand = \"x\"\n",
		"only tables":      "[tui]\nnotifications = true\n",
		"theirs":           "notify = [\"notify-send\", \"Codex\"]\n[tui]\nanimations = false\n",
		"theirs multiline": "notify = [\n  \"a\", # first\n  \"b]\",\n]\nmodel = \"o3\"\n",
		"literal strings":  "notify = ['say', 'done']\n",
	} {
		t.Run(name, func(t *testing.T) {
			installed, done, err := installCodex(text)
			require.NoError(t, err)
			require.False(t, done)
			argv, ok, err := tomlNotify(installed)
			require.NoError(t, err, installed)
			require.True(t, ok)
			require.True(t, codexOurs(argv), installed)
			_, done, err = installCodex(installed)
			require.NoError(t, err)
			require.True(t, done)

			removed, ok, err := uninstallCodex(installed, &installState{Original: text})
			require.NoError(t, err)
			require.True(t, ok)
			if name == "no newline" {
				require.Equal(t, text+"\n", removed)
				return
			}
			require.Equal(t, text, removed)
		})
	}
}

func TestSplitChained(t *testing.T) {
	own, chained := splitChained([]string{"--", "notify-send", "-u", "low", `{"type":"x"}`})
	require.Equal(t, []string{`{"type":"x"}`}, own)
	require.Equal(t, []string{"notify-send", "-u", "low"}, chained)
	own, chained = splitChained([]string{`{"a":1}`})
	require.Equal(t, []string{`{"a":1}`}, own)
	require.Nil(t, chained)
}
