package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestCompleteTurns(t *testing.T) {
	const (
		snapshot = `{"type":"file-history-snapshot","messageId":"m","snapshot":{}}`
		prompt1  = `{"type":"user","isSidechain":false,"message":{"role":"user","content":"Set a."},"uuid":"u1"}`
		prompt2  = `{"type":"user","isSidechain":false,"message":{"role":"user","content":[{"type":"text","text":"Set b."}]},"uuid":"u2"}`
		meta     = `{"type":"user","isSidechain":false,"isMeta":true,"message":{"role":"user","content":"<command-name>/clear</command-name>"},"uuid":"m1"}`
		side     = `{"type":"user","isSidechain":true,"message":{"role":"user","content":"Explore."},"uuid":"s1"}`
		sideText = `{"type":"assistant","isSidechain":true,"message":{"role":"assistant","content":[{"type":"text","text":"Explored."}]},"uuid":"s2"}`
		edit     = `{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{}}]},"uuid":"a1"}`
		result   = `{"type":"user","isSidechain":false,"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"uuid":"r1"}`
		textA    = `{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"text","text":"Setting  a.\n"}]},"uuid":"a2"}`
		textB    = `{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"text","text":"Setting b."}]},"uuid":"a3"}`
		textBoth = `{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"text","text":"Done:"},{"type":"text","text":"Setting b."}]},"uuid":"a4"}`
		textEdit = `{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"text","text":"Setting b."},{"type":"tool_use","id":"t2","name":"Edit","input":{}}]},"uuid":"a5"}`
	)
	str := func(s string) *string { return &s }
	for name, tc := range map[string]struct {
		records []string
		final   *string
		cut     int // records before the cut; -1: the whole section
	}{
		"the answer is there":                    {records: []string{snapshot, prompt1, edit, result, textA}, final: str("Setting a."), cut: -1},
		"the answer is not there yet":            {records: []string{snapshot, prompt1, edit, result}, final: str("Setting a."), cut: 1},
		"an earlier text is not the answer":      {records: []string{prompt1, textA, edit, result}, final: str("Setting a."), cut: 0},
		"text then a tool call is no answer":     {records: []string{prompt2, textEdit}, final: str("Setting b."), cut: 0},
		"a complete turn before a partial one":   {records: []string{prompt1, edit, result, textA, prompt2, edit}, final: str("Setting b."), cut: 4},
		"two complete turns":                     {records: []string{prompt1, edit, result, textA, prompt2, textB}, final: str("Setting b."), cut: -1},
		"the answer in two text blocks":          {records: []string{prompt2, textBoth}, final: str("Done:\n\nSetting b."), cut: -1},
		"the answer's last block":                {records: []string{prompt2, textBoth}, final: str("Setting b."), cut: -1},
		"no final message: hold the last turn":   {records: []string{prompt1, edit, result, textA, prompt2, textB}, cut: 4},
		"an empty final message":                 {records: []string{prompt1, textA}, final: str(""), cut: 0},
		"a meta record is no prompt":             {records: []string{prompt1, textA, meta, edit}, final: str("Setting b."), cut: 0},
		"a subagent's prompt and text are not":   {records: []string{prompt1, textA, side, sideText}, final: str("Explored."), cut: 0},
		"no prompt in the section":               {records: []string{edit, result}, final: str("x"), cut: 0},
		"a record cut short is skipped":          {records: []string{prompt1, textA, `{"type":"user","mess`}, final: str("Setting a."), cut: -1},
		"a prompt after the answer starts again": {records: []string{prompt1, textA, prompt2}, final: str("Setting a."), cut: 2},
	} {
		t.Run(name, func(t *testing.T) {
			const from = 100 // the section starts past earlier turns
			text := strings.Join(tc.records, "\n") + "\n"
			f := strings.NewReader(strings.Repeat("x", from) + text)
			end := int64(from + len(text))
			s, err := scanTurns(f, from, end)
			require.NoError(t, err)
			want := end
			if tc.cut >= 0 {
				want = int64(from + len(strings.Join(tc.records[:tc.cut], "\n")))
				if tc.cut > 0 {
					want++
				}
			}
			cut, whole := s.cut(from, end, tc.final)
			require.Equal(t, want, cut)
			require.Equal(t, tc.cut < 0, whole)
		})
	}
}

// TestCompleteTurnsRepeatedStop: a Stop for a turn already recorded (the
// cursor is at the end of the file) neither waits for an answer nor says
// it is missing. The wait is counted on a fake clock, not timed: beside
// it, a Stop whose answer has not reached the file shows that the clock
// sees a wait, of finalWait.
func TestCompleteTurnsRepeatedStop(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.jsonl")
	text := `{"type":"user","isSidechain":false,"message":{"role":"user","content":"Set a."},"uuid":"u1"}` + "\n" +
		`{"type":"assistant","isSidechain":false,"message":{"role":"assistant","content":[{"type":"text","text":"Setting a."}]},"uuid":"a2"}` + "\n"
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	f, err := os.Open(p)
	require.NoError(t, err)
	defer f.Close()
	end := int64(len(text))

	t.Run("repeated", func(t *testing.T) {
		clock := useFakeClock(t, time.Minute)
		final := "Setting a."
		r := &runner{agent: ClaudeCode, ev: Event{Name: "Stop", Final: &final}}
		cut, waited, err := r.completeTurns(f, end, end)
		require.NoError(t, err)
		require.Equal(t, end, cut)
		require.False(t, waited, "a repeated Stop is not a missing answer")
		n, slept := clock.Waited()
		require.Zero(t, n, "a repeated Stop does not wait (slept %v)", slept)
	})
	t.Run("the answer not written yet", func(t *testing.T) {
		clock := useFakeClock(t, time.Minute)
		final := "Setting b."
		r := &runner{agent: ClaudeCode, ev: Event{Name: "Stop", Final: &final}}
		cut, waited, err := r.completeTurns(f, 0, end)
		require.NoError(t, err)
		require.Zero(t, cut, "the turn is held back")
		require.True(t, waited)
		_, slept := clock.Waited()
		require.GreaterOrEqual(t, slept, finalWait, "the answer is waited for up to finalWait")
		require.LessOrEqual(t, slept, finalWait+50*time.Millisecond, "and given up within a poll of it")
	})
}
