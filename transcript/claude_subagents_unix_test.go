//go:build unix

package transcript

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// A FIFO or a link to /dev/zero where a subagent's transcript should be
// is not read (a warning says so): reading it waited for a writer for
// ever, or without end.
func TestClaudeSubagentNotAFile(t *testing.T) {
	for name, mk := range map[string]func(p string) error{
		"fifo":     func(p string) error { return unix.Mkfifo(p, 0o644) },
		"dev_zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "s1", "subagents", "agent-a1.jsonl")
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, mk(p))
			type result struct {
				rs  []*Response
				ws  []warning
				err error
			}
			done := make(chan result, 1)
			data := []byte(ccLines(t, "s1", ccAsk, ccTask, fmtRec(ccTaskRes, "a1"), ccMain))
			go func() {
				rs, ws, err := readAll(t, data, ClaudeCode, Options{Path: filepath.Join(dir, "s1.jsonl")})
				done <- result{rs, ws, err}
			}()
			select {
			case r := <-done:
				require.NoError(t, r.err)
				require.Len(t, r.rs, 1)
				require.Len(t, r.ws, 1)
				assert.Contains(t, r.ws[0].msg, "not read")
			case <-time.After(2 * time.Minute): // a hang guard
				t.Fatal("reading the session hangs on its subagent's file")
			}
		})
	}
}
