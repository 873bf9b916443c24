//go:build unix

package sessions

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// A FIFO or a link to /dev/zero where a session file would be is no
// session, and finding does not wait on it nor read it without end; in
// the repository, a link is no session either (a committed link could
// lead to a private file elsewhere).
func TestFindLeavesOutSpecialFiles(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "repo")
	day := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	claude := filepath.Join(home, ".claude", "projects", ProjectDir(root))
	write(t, filepath.Join(claude, "real.jsonl"),
		`{"type":"user","cwd":"`+root+`","sessionId":"real","message":{"role":"user","content":"hi"}}`+"\n", day)
	require.NoError(t, unix.Mkfifo(filepath.Join(claude, "fifo.jsonl"), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(claude, "zero.jsonl")))
	codex := filepath.Join(home, ".codex", "sessions", "2026", "01", "02")
	require.NoError(t, os.MkdirAll(codex, 0o755))
	require.NoError(t, unix.Mkfifo(filepath.Join(codex, "rollout-fifo.jsonl"), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(codex, "rollout-zero.jsonl")))
	history := filepath.Join(root, ".specstory", "history")
	require.NoError(t, os.MkdirAll(history, 0o755))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(history, "zero.md")))
	write(t, filepath.Join(home, "private.md"), "# private\n", day)
	require.NoError(t, os.Symlink(filepath.Join(home, "private.md"), filepath.Join(history, "private.md")))
	require.NoError(t, unix.Mkfifo(filepath.Join(root, ".aider.chat.history.md"), 0o644))

	done := make(chan []Session, 1)
	go func() { done <- Find(root, Env{Home: home, Getenv: func(string) string { return "" }}) }()
	select {
	case got := <-done:
		require.Len(t, got, 1)
		assert.Equal(t, "real", got[0].ID)
	case <-time.After(2 * time.Minute): // a hang guard
		t.Fatal("Find hangs on a FIFO or /dev/zero")
	}
}
