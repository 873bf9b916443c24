package sessions

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestWriteTableRecorded(t *testing.T) {
	for name, tc := range map[string]struct {
		e    Entry
		want string
	}{
		"live with a branch":     {Entry{Recorded: "live", Branch: "aiedit/codex/019a0c3e"}, "live (aiedit/codex/019a0c3e)"},
		"live, no branch yet":    {Entry{Recorded: "live"}, "live, nothing recorded yet"},
		"applied":                {Entry{Recorded: "yes"}, "yes"},
		"not recorded":           {Entry{Recorded: "no"}, "no"},
		"an earlier state of it": {Entry{Recorded: "partly"}, "partly"},
	} {
		t.Run(name, func(t *testing.T) {
			tc.e.Agent, tc.e.ID, tc.e.Modified = "codex", "rollout-x", time.Unix(0, 0)
			var b bytes.Buffer
			writeTable(&b, []Entry{tc.e})
			lines := bytes.Split(bytes.TrimSpace(b.Bytes()), []byte("\n"))
			require.Len(t, lines, 2)
			require.True(t, bytes.HasSuffix(lines[1], []byte("  "+tc.want)), "%q", lines[1])
		})
	}
}
