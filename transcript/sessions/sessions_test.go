package sessions

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/transcript"
)

func write(t *testing.T, path, content string, mod time.Time) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	require.NoError(t, os.Chtimes(path, mod, mod))
}

func TestFind(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "code", "my_shop")
	other := filepath.Join(home, "code", "my_shop-admin")
	day := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

	claude := filepath.Join(home, ".claude", "projects")
	write(t, filepath.Join(claude, ProjectDir(root), "aaa.jsonl"),
		`{"type":"user","cwd":"`+root+`","sessionId":"aaa","message":{"role":"user","content":"hi"}}`+"\n", day.Add(1*time.Hour))
	write(t, filepath.Join(claude, ProjectDir(root+"/web"), "sub.jsonl"),
		`{"type":"user","cwd":"`+root+`/web","message":{"role":"user","content":"hi"}}`+"\n", day.Add(2*time.Hour))
	// Another repository whose folder name starts like this one's.
	write(t, filepath.Join(claude, ProjectDir(other), "bbb.jsonl"),
		`{"type":"user","cwd":"`+other+`","message":{"role":"user","content":"hi"}}`+"\n", day.Add(3*time.Hour))

	codex := filepath.Join(home, "codex-home", "sessions", "2026", "01", "02")
	write(t, filepath.Join(codex, "rollout-2026-01-02T03-04-05-c1.jsonl"),
		`{"timestamp":"x","type":"session_meta","payload":{"id":"c1","cwd":"`+root+`"}}`+"\n", day.Add(4*time.Hour))
	write(t, filepath.Join(codex, "rollout-2026-01-02T03-04-06-c2.jsonl"),
		`{"timestamp":"x","type":"session_meta","payload":{"id":"c2","cwd":"/elsewhere"}}`+"\n", day.Add(5*time.Hour))

	write(t, filepath.Join(root, ".aider.chat.history.md"), "#### hi\n\nhello\n", day)

	tasks := filepath.Join(home, ".config", "Code", "User", "globalStorage", "saoudrizwan.claude-dev", "tasks")
	write(t, filepath.Join(tasks, "1700", transcript.ClineTaskFile),
		`[{"role":"user","content":[{"type":"text","text":"<task>x</task>"},{"type":"text","text":"# Current Working Directory (`+root+`) Files\n"}]}]`, day.Add(6*time.Hour))
	write(t, filepath.Join(tasks, "1800", transcript.ClineTaskFile),
		`[{"role":"user","content":[{"type":"text","text":"# Current Working Directory (/elsewhere) Files"}]}]`, day.Add(7*time.Hour))

	env := Env{Home: home, Getenv: func(k string) string {
		if k == "CODEX_HOME" {
			return filepath.Join(home, "codex-home")
		}
		return ""
	}}
	var got []string
	for _, s := range Find(root, env) {
		got = append(got, string(s.Agent)+" "+s.ID)
	}
	assert.Equal(t, []string{"cline 1700", "codex rollout-2026-01-02T03-04-05-c1", "claude-code sub", "claude-code aaa", "aider aider"}, got)

	// CLAUDE_CONFIG_DIR moves Claude Code's folder.
	env.Getenv = func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return filepath.Join(home, "nowhere")
		}
		return ""
	}
	assert.Empty(t, Claude(root, env))
}

func TestProjectDir(t *testing.T) {
	assert.Equal(t, "-home-u-my-shop-v1-2", ProjectDir("/home/u/my_shop.v1.2"))
}
