//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookEvent is Claude Code's hook input for an event in r's directory.
func hookEvent(t *testing.T, r *procRepo, name, transcript string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]string{"session_id": "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804", "transcript_path": transcript,
		"cwd": r.dir, "hook_event_name": name, "last_assistant_message": "Done."})
	require.NoError(t, err)
	return b
}

// TestHookInputStaysOpen: hook run reads the one JSON object it is given
// and goes on, though the agent keeps standard input open.
func TestHookInputStaysOpen(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	_, err = pw.Write(hookEvent(t, r, "SessionStart", filepath.Join(t.TempDir(), "none.jsonl")))
	require.NoError(t, err)
	c := r.aiedit("hook", "run", "claude-code")
	c.Stdin = pr
	// The write end stays open until the run has ended: had it waited for
	// the end of its input, it would have given up at the wait for silent
	// input and said so in the log, however fast the machine.
	out, err := runWithin(t, c, time.Minute)
	pr.Close()
	require.NoError(t, err, out)
	log, _ := os.ReadFile(filepath.Join(r.dir, ".git", "aiedit", "hook.log"))
	assert.NotContains(t, string(log), "no hook input")
	cursors, _ := filepath.Glob(filepath.Join(r.dir, ".git", "aiedit", "sessions", "*"))
	assert.NotEmpty(t, cursors, "the session start recorded nothing: the event was not read")
}

// TestHookSilentInput: standard input that stays open and says nothing
// (a terminal, a stuck pipe) does not hold the agent up past the wait for
// its input.
func TestHookSilentInput(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("waits for the hook input's time limit")
	}
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	c := r.aiedit("hook", "run", "claude-code")
	c.Stdin = pr
	out, err := runWithin(t, c, time.Minute)
	pr.Close()
	require.NoError(t, err, out)
	log, _ := os.ReadFile(filepath.Join(r.dir, ".git", "aiedit", "hook.log"))
	assert.Contains(t, string(log), "no hook input from Claude Code")
}

// TestHookTranscriptNotAFile: a transcript_path that is a FIFO or
// /dev/zero is refused at once: the hook returns, records nothing, says
// why in the log and leaves no lock file.
func TestHookTranscriptNotAFile(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"fifo", "/dev/zero"} {
		t.Run(kind, func(t *testing.T) {
			r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
			p := kind
			if kind == "fifo" {
				p = filepath.Join(t.TempDir(), "session.jsonl")
				require.NoError(t, syscall.Mkfifo(p, 0o600))
			}
			for _, ev := range []string{"SessionStart", "Stop"} {
				c := r.aiedit("hook", "run", "claude-code")
				c.Stdin = bytes.NewReader(hookEvent(t, r, ev, p))
				out, err := runWithin(t, c, time.Minute)
				require.NoError(t, err, out)
			}
			log, _ := os.ReadFile(filepath.Join(r.dir, ".git", "aiedit", "hook.log"))
			assert.Contains(t, string(log), "is not a regular file")
			locks, _ := filepath.Glob(filepath.Join(r.dir, ".git", "aiedit", "*", "*.lock"))
			more, _ := filepath.Glob(filepath.Join(r.dir, ".git", "aiedit", "*", "*", "*.lock"))
			assert.Empty(t, append(locks, more...))
			assert.Empty(t, r.git("for-each-ref", "refs/heads/aiedit/"))
		})
	}
}
