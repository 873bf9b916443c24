package sessions

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// TestGemini: Gemini CLI's sessions are found under the name projects.json
// gives a directory in the repository (v0.29 on) and under the sha256 of
// the root (before), as .jsonl (v0.39 on) and .json; a .json resumed into
// a .jsonl of the same name is that one session.
func TestGemini(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "code", "my_shop")
	day := time.Date(2026, 8, 2, 9, 0, 0, 0, time.UTC)
	gem := filepath.Join(home, ".gemini")
	reg := map[string]any{"projects": map[string]string{
		root:                                 "my-shop",
		filepath.Join(root, "web"):           "web",
		filepath.Join(home, "code", "other"): "other",
		filepath.Join(root, "api"):           "../../escape",
	}}
	b, err := json.Marshal(reg)
	require.NoError(t, err)
	write(t, filepath.Join(gem, "projects.json"), string(b), day)
	sum := sha256.Sum256([]byte(root))
	chats := func(project, name string) string { return filepath.Join(gem, "tmp", project, "chats", name) }
	write(t, chats("my-shop", "session-2026-08-02T09-00-aaaa.jsonl"), "{}\n", day.Add(1*time.Hour))
	write(t, chats("my-shop", "session-2026-08-01T09-00-bbbb.json"), "{}", day.Add(2*time.Hour))
	write(t, chats("my-shop", "session-2026-08-01T09-00-bbbb.jsonl"), "{}\n", day.Add(3*time.Hour))
	write(t, chats("web", "session-2026-08-02T10-00-cccc.jsonl"), "{}\n", day.Add(4*time.Hour))
	write(t, chats(hex.EncodeToString(sum[:]), "session-2025-11-20T10-00-dddd.json"), "{}", day.Add(5*time.Hour))
	write(t, chats("other", "session-2026-08-02T11-00-eeee.jsonl"), "{}\n", day.Add(6*time.Hour))
	// A name that is no slug is not followed out of .gemini/tmp.
	write(t, chats("../../escape", "session-2026-08-02T12-00-ffff.jsonl"), "{}\n", day.Add(7*time.Hour))

	want := []string{ // newest first
		"session-2025-11-20T10-00-dddd " + root,
		"session-2026-08-02T10-00-cccc " + filepath.Join(root, "web"),
		"session-2026-08-01T09-00-bbbb " + root,
		"session-2026-08-02T09-00-aaaa " + root,
	}
	tests := map[string]Env{
		"under HOME": {Home: home, Getenv: func(string) string { return "" }},
		"under GEMINI_CLI_HOME": {Home: filepath.Join(home, "nowhere"), Getenv: func(k string) string {
			if k == "GEMINI_CLI_HOME" {
				return home
			}
			return ""
		}},
	}
	for name, env := range tests {
		t.Run(name, func(t *testing.T) {
			var got []string
			for _, s := range Find(root, env) {
				require.Equal(t, transcript.Gemini, s.Agent)
				require.Equal(t, filepath.Ext(s.File) == ".jsonl", !strings.HasSuffix(s.ID, "dddd"))
				got = append(got, s.ID+" "+s.Cwd)
			}
			assert.Equal(t, want, got)
		})
	}
}

// TestCursor: Cursor's agent transcripts are found in the folder named
// after the workspace, flat or nested, and a repository whose name only
// starts like this one's is not taken for it.
func TestCursor(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "code", "my_shop")
	day := time.Date(2026, 4, 28, 10, 0, 0, 0, time.UTC)
	projects := filepath.Join(home, ".cursor", "projects")
	dir := filepath.Join(projects, CursorProject(root), "agent-transcripts")
	rec := `{"role":"user","message":{"content":[{"type":"text","text":"<user_query>\nhi\n</user_query>"}]}}` + "\n"
	write(t, filepath.Join(dir, "c1.jsonl"), rec, day.Add(1*time.Hour))
	write(t, filepath.Join(dir, "c2", "c2.jsonl"), rec, day.Add(2*time.Hour))
	write(t, filepath.Join(dir, "c2", "subagents", "s1.jsonl"), rec, day.Add(3*time.Hour))
	write(t, filepath.Join(projects, CursorProject(root+"-admin"), "agent-transcripts", "c3.jsonl"), rec, day.Add(4*time.Hour))

	var got []string
	for _, s := range Find(root, Env{Home: home, Getenv: func(string) string { return "" }}) {
		got = append(got, string(s.Agent)+" "+s.ID)
	}
	assert.Equal(t, []string{"cursor c2", "cursor c1"}, got)
	assert.Equal(t, "home-ana-my-shop-v2", CursorProject("/home/ana/my_shop.v2"))
}

// TestClineCLIAndQwen: the Cline CLI's sessions are known by their
// manifest's cwd, wherever its variables move them; Qwen Code's by the
// project folder named after the directory and their records' cwd.
func TestClineCLIAndQwen(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "code", "shop")
	day := time.Date(2026, 4, 28, 10, 0, 0, 0, time.UTC)
	manifest := func(cwd string) string { return `{"version": 1, "session_id": "x", "cwd": "` + cwd + `"}` }
	sessions := filepath.Join(home, ".cline", "data", "sessions")
	write(t, filepath.Join(sessions, "s1", "s1.json"), manifest(root), day)
	write(t, filepath.Join(sessions, "s1", "s1.messages.json"), `{"messages": []}`, day.Add(1*time.Hour))
	write(t, filepath.Join(sessions, "s2", "s2.json"), manifest(root+"-admin"), day)
	write(t, filepath.Join(sessions, "s2", "s2.messages.json"), `{}`, day.Add(2*time.Hour))
	write(t, filepath.Join(sessions, "s3", "s3.json"), manifest(filepath.Join(root, "sub")), day)
	rec := func(cwd string) string {
		return `{"uuid":"u","sessionId":"q","type":"user","provenance":"real_user","cwd":"` + cwd + `"}` + "\n"
	}
	chats := filepath.Join(home, ".qwen", "projects", ProjectDir(root), "chats")
	write(t, filepath.Join(chats, "q1.jsonl"), rec(root), day.Add(3*time.Hour))
	write(t, filepath.Join(home, ".qwen", "projects", ProjectDir(root+"-admin"), "chats", "q2.jsonl"), rec(root+"-admin"), day.Add(4*time.Hour))

	var got []string
	for _, s := range Find(root, Env{Home: home, Getenv: func(string) string { return "" }}) {
		got = append(got, string(s.Agent)+" "+s.ID)
	}
	assert.Equal(t, []string{"qwen-code q1", "cline-cli s1"}, got, "s2 is another repository's; s3 has no conversation yet")

	moved := filepath.Join(home, "elsewhere")
	write(t, filepath.Join(moved, "sessions", "s4", "s4.json"), manifest(root), day)
	write(t, filepath.Join(moved, "sessions", "s4", "s4.messages.json"), `{}`, day)
	for name, env := range map[string]map[string]string{
		"CLINE_DATA_DIR":         {"CLINE_DATA_DIR": moved},
		"CLINE_SESSION_DATA_DIR": {"CLINE_SESSION_DATA_DIR": filepath.Join(moved, "sessions")},
	} {
		list := ClineCLI(root, Env{Home: home, Getenv: func(k string) string { return env[k] }})
		require.Len(t, list, 1, name)
		assert.Equal(t, transcript.ClineCLI, list[0].Agent, name)
		assert.Equal(t, "s4", list[0].ID, name)
	}
	assert.Equal(t, filepath.Join(home, "cfg", "data", "sessions"), ClineCLIDir(Env{Home: home, Getenv: func(k string) string {
		return map[string]string{"CLINE_DIR": filepath.Join(home, "cfg")}[k]
	}}))
}
