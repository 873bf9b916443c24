//go:build linux

package main

import (
	"bytes"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEntireBounded: Entire's branch is read as streams. A 128 MiB
// metadata.json of blanks (a 128 KiB object) is not read at all, and a
// 96 MiB full.jsonl reaches the transcript reader through a small buffer:
// `sessions` and `apply --from entire` stay far below the size of either
// (before: 440 MB for such a metadata.json, three times a full.jsonl's size).
func TestEntireBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 224 MiB through git hash-object")
	}
	r := newProcRepo(t, map[string]string{"app.py": "def greet():\n    return \"hello\"\n"})
	session := strings.ReplaceAll(entireSession, "@ROOT@", r.dir)
	// A record of each kind the reader skips, 1 MiB each.
	pad := `{"type":"progress","pad":"` + strings.Repeat("a", 1<<20) + `"}` + "\n"
	full := r.hashObject(io.MultiReader(strings.NewReader(session), repeatReader(pad, 96)))
	meta := r.hashObject(io.MultiReader(repeatReader(strings.Repeat(" ", 1<<20), 128), strings.NewReader("{}\n")))
	inner := r.mktree("100644 blob " + full + "\tfull.jsonl\n100644 blob " + meta + "\tmetadata.json\n")
	t0 := r.mktree("040000 tree " + inner + "\t0\n")
	t1 := r.mktree("040000 tree " + t0 + "\tb2c4d5e6f7\n")
	root := r.mktree("040000 tree " + t1 + "\ta3\n")
	c := strings.TrimSpace(r.gitInput("checkpoints\n", "commit-tree", root))
	r.git("update-ref", "refs/heads/entire/checkpoints/v1", c)

	limit := int64(100 << 10) // KiB of peak resident memory
	if raceEnabled {
		limit *= 4 // the race detector's shadow memory; still far below before
	}
	rss, out := r.peakRSS("sessions")
	assert.Contains(t, out, "a3b2c4d5e6f7")
	t.Logf("sessions: %d KiB at its peak", rss)
	assert.Less(t, rss, limit, "sessions: %d KiB at its peak\n%s", rss, out)
	rss, out = r.peakRSS("apply", "-q", "--from", "entire", "a3b2c4d5e6f7")
	t.Logf("apply --from entire: %d KiB at its peak", rss)
	assert.Less(t, rss, limit, "apply --from entire: %d KiB at its peak\n%s", rss, out)
	assert.Contains(t, r.git("branch", "--list", "aiedit/*"), "aiedit/entire-a3b2c4d5e6f7-0")
}

const entireSession = `{"parentUuid":null,"cwd":"@ROOT@","sessionId":"8f76b0e8-b8f1-4a87-9186-848bdd83d62e","type":"user","message":{"role":"user","content":"greet should take a name"},"uuid":"u1","timestamp":"2026-11-20T10:00:00.000Z"}
{"parentUuid":"u1","cwd":"@ROOT@","sessionId":"8f76b0e8-b8f1-4a87-9186-848bdd83d62e","type":"assistant","message":{"role":"assistant","model":"claude-sonnet-4-5-20250929","content":[{"type":"text","text":"Adding a name parameter."},{"type":"tool_use","id":"toolu_1","name":"Edit","input":{"file_path":"@ROOT@/app.py","old_string":"def greet():\n    return \"hello\"","new_string":"def greet(name):\n    return \"hello, \" + name"}}]},"uuid":"a1","timestamp":"2026-11-20T10:00:04.000Z"}
`

// repeatReader is s, n times, without holding more than s.
func repeatReader(s string, n int) io.Reader {
	rs := make([]io.Reader, n)
	for i := range rs {
		rs[i] = strings.NewReader(s)
	}
	return io.MultiReader(rs...)
}

func (r *procRepo) hashObject(data io.Reader) string {
	r.t.Helper()
	c := r.cmd("hash-object", "-w", "--stdin")
	c.Stdin = data
	out, err := c.Output()
	require.NoError(r.t, err)
	return strings.TrimSpace(string(out))
}

func (r *procRepo) mktree(entries string) string {
	r.t.Helper()
	return strings.TrimSpace(r.gitInput(entries, "mktree"))
}

func (r *procRepo) gitInput(stdin string, args ...string) string {
	r.t.Helper()
	c := r.cmd(args...)
	c.Stdin = strings.NewReader(stdin)
	out, err := c.Output()
	require.NoError(r.t, err)
	return string(out)
}

// peakRSS runs git-aiedit and returns its peak resident memory in KiB
// (getrusage's ru_maxrss) and its output.
func (r *procRepo) peakRSS(args ...string) (int64, string) {
	r.t.Helper()
	c := r.aiedit(args...)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	done := make(chan error, 1)
	require.NoError(r.t, c.Start())
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		require.NoError(r.t, err, out.String())
	case <-time.After(5 * time.Minute):
		_ = c.Process.Kill()
		r.t.Fatalf("%v still running after 5 minutes", args)
	}
	return c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss, out.String()
}
