//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// claudeTurn is one Claude Code turn that writes a.txt with its Write
// tool and ends with the text "Done.".
func claudeTurn(t *testing.T, dir string) string {
	t.Helper()
	base := map[string]any{"isSidechain": false, "userType": "external", "cwd": dir, "sessionId": "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804", "version": "2.0.14"}
	var b bytes.Buffer
	rec := func(extra map[string]any) {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		j, err := json.Marshal(m)
		require.NoError(t, err)
		b.Write(append(j, '\n'))
	}
	rec(map[string]any{"parentUuid": nil, "type": "user", "uuid": "u1", "timestamp": "2025-10-06T14:00:07.259Z",
		"message": map[string]any{"role": "user", "content": "Make a.txt say ONE."}})
	rec(map[string]any{"parentUuid": "u1", "type": "assistant", "uuid": "a1", "timestamp": "2025-10-06T14:00:09.259Z",
		"message": map[string]any{"id": "msg_a1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_a1", "name": "Write",
				"input": map[string]any{"file_path": filepath.Join(dir, "a.txt"), "content": "ONE\n"}}}}})
	rec(map[string]any{"parentUuid": "a1", "type": "user", "uuid": "r1", "timestamp": "2025-10-06T14:00:10.259Z",
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": "toolu_a1", "type": "tool_result",
			"content": "File created successfully"}}}})
	rec(map[string]any{"parentUuid": "r1", "type": "assistant", "uuid": "a2", "timestamp": "2025-10-06T14:00:11.259Z",
		"message": map[string]any{"id": "msg_a2", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5-20250929",
			"content": []any{map[string]any{"type": "text", "text": "Done."}}}})
	return b.String()
}

// TestHookRepeatedStops: Stops for a turn already recorded (Claude Code
// sends more than one, and 16 at once were seen) return at once: they do
// not wait for an answer that is on the branch, log nothing false and add
// no commit.
func TestHookRepeatedStops(t *testing.T) {
	// Not in parallel with the package's other tests: it bounds the wall
	// time of 16 runs at once.
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	session := filepath.Join(t.TempDir(), "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804.jsonl")
	require.NoError(t, os.WriteFile(session, []byte(claudeTurn(t, r.dir)), 0o644))
	stop := hookEvent(t, r, "Stop", session)

	c := r.aiedit("hook", "run", "claude-code")
	c.Stdin = bytes.NewReader(stop)
	out, err := runWithin(t, c, 20*time.Second)
	require.NoError(t, err, out)
	branch := "aiedit/claude-code/7c0e4a1d"
	require.Equal(t, "ONE", r.git("show", branch+":a.txt"))
	tip := r.git("rev-parse", branch)

	start := time.Now()
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := r.aiedit("hook", "run", "claude-code")
			c.Stdin = bytes.NewReader(stop)
			out, err := runWithin(t, c, 30*time.Second)
			assert.NoError(t, err, out)
		}()
	}
	wg.Wait()
	took := time.Since(start)
	assert.Less(t, took, 4*time.Second, "16 repeated Stops")
	assert.Equal(t, tip, r.git("rev-parse", branch), "no commit added")
	log, _ := os.ReadFile(filepath.Join(r.dir, ".git", "aiedit", "hook.log"))
	assert.NotContains(t, string(log), "was not in the session file", "no false line")
	assert.Empty(t, strings.TrimSpace(string(log)))
	locks, err := filepath.Glob(filepath.Join(r.dir, ".git", "aiedit", "sessions", "*", "*.lock"))
	require.NoError(t, err)
	assert.Empty(t, locks, "no run leaves its lock file")
	assert.FileExists(t, filepath.Join(r.dir, ".git", "aiedit", "sessions", "claude-code", "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804.json"), "the cursor stays")
	t.Logf("16 repeated Stops took %v", took)
}
