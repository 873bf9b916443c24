package hook

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckWorkDir(t *testing.T) {
	root := t.TempDir()
	repoA, repoB := filepath.Join(root, "a"), filepath.Join(root, "a-b")
	require.NoError(t, os.MkdirAll(filepath.Join(repoA, "sub"), 0o755))
	require.NoError(t, os.MkdirAll(repoB, 0o755))
	hashOf := func(dir string) string {
		sum := sha256.Sum256([]byte(dir))
		return hex.EncodeToString(sum[:])
	}
	claude := func(cwd string) string {
		return `{"type":"file-history-snapshot","messageId":"m1","snapshot":{}}` + "\n" +
			`{"type":"user","cwd":"` + cwd + `","sessionId":"s","message":{"role":"user","content":"hi"},"uuid":"u1"}` + "\n"
	}
	codex := func(cwd string) string {
		return `{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"t","cwd":"` + cwd + `","originator":"codex_cli_rs"}}` + "\n"
	}
	gemini := func(hash string) string {
		return `{"sessionId":"s","projectHash":"` + hash + `","startTime":"2026-01-01T00:00:00Z","messages":[]}`
	}
	for name, tc := range map[string]struct {
		agent    Agent
		session  string // the session file's text; "" none
		env      map[string]string
		eventCwd string
		top      string
		refused  bool
	}{
		"claude code in the repository":            {agent: ClaudeCode, session: claude(repoA), eventCwd: repoA, top: repoA},
		"claude code in a subdirectory":            {agent: ClaudeCode, session: claude(filepath.Join(repoA, "sub")), eventCwd: repoA, top: repoA},
		"claude code moved to another repository":  {agent: ClaudeCode, session: claude(repoA), eventCwd: repoB, top: repoB, refused: true},
		"claude code: a name that only starts so":  {agent: ClaudeCode, session: claude(repoB), eventCwd: repoA, top: repoA, refused: true},
		"claude code project dir decides":          {agent: ClaudeCode, session: claude(repoB), env: map[string]string{"CLAUDE_PROJECT_DIR": repoA}, eventCwd: repoA, top: repoA},
		"claude code project dir elsewhere":        {agent: ClaudeCode, env: map[string]string{"CLAUDE_PROJECT_DIR": repoA}, eventCwd: repoB, top: repoB, refused: true},
		"claude code before the session file":      {agent: ClaudeCode, eventCwd: repoB, top: repoB},
		"codex in the repository":                  {agent: Codex, session: codex(repoA), eventCwd: repoA, top: repoA},
		"codex moved to another repository":        {agent: Codex, session: codex(repoA), eventCwd: repoB, top: repoB, refused: true},
		"gemini started here":                      {agent: Gemini, session: gemini(hashOf(repoA)), eventCwd: repoA, top: repoA},
		"gemini started in a parent of the event":  {agent: Gemini, session: gemini(hashOf(repoA)), eventCwd: filepath.Join(repoA, "sub"), top: repoA},
		"gemini started in another repository":     {agent: Gemini, session: gemini(hashOf(repoA)), eventCwd: repoB, top: repoB, refused: true},
		"gemini without a hash":                    {agent: Gemini, session: `{"sessionId":"s","messages":[]}`, eventCwd: repoB, top: repoB},
		"a session file that names no directory":   {agent: ClaudeCode, session: `{"type":"summary","summary":"x"}` + "\n", eventCwd: repoB, top: repoB},
		"a session file that is not JSON at first": {agent: Codex, session: "not json\n" + codex(repoA), eventCwd: repoB, top: repoB, refused: true},
	} {
		t.Run(name, func(t *testing.T) {
			path := ""
			if tc.session != "" {
				path = filepath.Join(t.TempDir(), "session")
				require.NoError(t, os.WriteFile(path, []byte(tc.session), 0o644))
			}
			err := checkWorkDir(tc.agent, path, tc.eventCwd, tc.top, func(k string) string { return tc.env[k] })
			if tc.refused {
				require.ErrorContains(t, err, "nothing is recorded here")
			} else {
				require.NoError(t, err)
			}
		})
	}
}
