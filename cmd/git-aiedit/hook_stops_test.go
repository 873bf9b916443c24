//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
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
// not wait for an answer that is on the branch, log nothing false, add no
// commit and redo none of the recording. That is shown by what they do,
// not by how long they take: each runs only the git commands that open
// the repository (gitCommands), where the run that recorded the turn also
// read the working tree and wrote a tree and the branch; a wait for the
// answer would log that it is missing (and command/hook's
// TestCompleteTurnsRepeatedStop counts such waits on a fake clock).
func TestHookRepeatedStops(t *testing.T) {
	t.Parallel()
	r := newProcRepo(t, map[string]string{"a.txt": "one\n"})
	session := filepath.Join(t.TempDir(), "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804.jsonl")
	require.NoError(t, os.WriteFile(session, []byte(claudeTurn(t, r.dir)), 0o644))
	stop := hookEvent(t, r, "Stop", session)
	// Only opening the repository: finding it, and reading its config.
	opening := []string{"config", "rev-parse"}

	c := r.aiedit("hook", "run", "claude-code")
	c.Stdin = bytes.NewReader(stop)
	// git writes a trace file a process into the directory; c.Env is
	// r.env, shared by the runs, so appended to a copy.
	trace := t.TempDir()
	c.Env = append(slices.Clip(c.Env), "GIT_TRACE2_EVENT="+trace)
	out, err := runWithin(t, c, time.Minute)
	require.NoError(t, err, out)
	branch := "aiedit/claude-code/7c0e4a1d"
	require.Equal(t, "ONE", r.git("show", branch+":a.txt"))
	tip := r.git("rev-parse", branch)
	recorded := gitCommands(t, trace)
	require.Subset(t, recorded, append(opening, "write-tree", "update-ref"), "the probe sees the recording's git commands")

	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := r.aiedit("hook", "run", "claude-code")
			c.Stdin = bytes.NewReader(stop)
			trace := t.TempDir()
			c.Env = append(slices.Clip(c.Env), "GIT_TRACE2_EVENT="+trace)
			out, err := runWithin(t, c, 2*time.Minute) // a hang guard, not a measure
			assert.NoError(t, err, out)
			assert.Subset(t, opening, gitCommands(t, trace), "repeated Stop %d redid the recording's work (the recording ran %v)", i, recorded)
		}()
	}
	wg.Wait()
	assert.Equal(t, tip, r.git("rev-parse", branch), "no commit added")
	log, _ := os.ReadFile(filepath.Join(r.dir, ".git", "aiedit", "hook.log"))
	assert.NotContains(t, string(log), "was not in the session file", "no false line")
	assert.Empty(t, strings.TrimSpace(string(log)))
	locks, err := filepath.Glob(filepath.Join(r.dir, ".git", "aiedit", "sessions", "*", "*.lock"))
	require.NoError(t, err)
	assert.Empty(t, locks, "no run leaves its lock file")
	assert.FileExists(t, filepath.Join(r.dir, ".git", "aiedit", "sessions", "claude-code", "7c0e4a1d-52b9-4f0e-8d7e-3a9f61c2b804.json"), "the cursor stays")
}

// gitCommands lists the git commands (rev-parse, write-tree, …), each
// once, that the processes traced into dir (GIT_TRACE2_EVENT=dir: a file
// a process) ran.
func gitCommands(t *testing.T, dir string) []string {
	t.Helper()
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	seen := map[string]bool{}
	var cmds []string
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		require.NoError(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			var ev struct {
				Event string   `json:"event"`
				Argv  []string `json:"argv"`
			}
			if json.Unmarshal([]byte(line), &ev) != nil || ev.Event != "start" {
				continue
			}
			if cmd := subcommand(ev.Argv); !seen[cmd] {
				seen[cmd] = true
				cmds = append(cmds, cmd)
			}
		}
	}
	slices.Sort(cmds)
	return cmds
}

// subcommand is git's command in argv, past the options before it.
func subcommand(argv []string) string {
	for i := 1; i < len(argv); i++ {
		switch a := argv[i]; {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree":
			i++
		case !strings.HasPrefix(a, "-"):
			return a
		}
	}
	return "?"
}
