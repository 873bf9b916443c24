package transcript

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// evalRecord builds an OpenHands evaluation output.jsonl line whose
// instruction alone is larger than the detection head.
func evalRecord(t *testing.T, pairs bool) []byte {
	t.Helper()
	ws := "/workspace/acme__shop__1.0"
	instr := "<uploaded_files>\n" + ws + "\n</uploaded_files>\n" + strings.Repeat("The total rounds down. ", 4000)
	edit := map[string]any{"id": 4, "source": "agent", "action": "edit",
		"args": map[string]any{"path": ws + "/shop/cart.py", "command": "str_replace", "old_str": "int(", "new_str": "round("}}
	failed := map[string]any{"id": 6, "source": "agent", "action": "edit",
		"args": map[string]any{"path": ws + "/shop/cart.py", "command": "str_replace", "old_str": "nope", "new_str": "x"}}
	ok := map[string]any{"id": 5, "cause": 4, "observation": "edit", "content": "edited"}
	bad := map[string]any{"id": 7, "cause": 6, "observation": "error", "content": "ERROR:\nold_str `nope` did not appear verbatim"}
	user := map[string]any{"id": 1, "source": "user", "action": "message", "args": map[string]any{"content": instr}}
	var history []any
	if pairs {
		for _, m := range []map[string]any{edit, failed, ok, bad} {
			delete(m, "id")
			delete(m, "cause")
		}
		history = []any{[]any{user, map[string]any{"observation": "null"}}, []any{edit, ok}, []any{failed, bad}}
	} else {
		history = []any{user, edit, ok, failed, bad}
	}
	rec := map[string]any{
		"instance_id": "acme__shop-42",
		"instruction": instr,
		"test_result": map[string]any{"git_patch": "diff --git a/shop/cart.py b/shop/cart.py\n"},
		"metadata":    map[string]any{"llm_config": map[string]any{"model": "anthropic/claude-3-5-sonnet"}},
		"history":     history,
	}
	// Go's encoder sorts keys; put them in the harness's order by hand.
	var b strings.Builder
	b.WriteString("{")
	for i, k := range []string{"instance_id", "test_result", "instruction", "metadata", "history"} {
		v, err := json.Marshal(rec[k])
		require.NoError(t, err)
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + k + `": ` + string(v))
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func TestOpenHandsEvalOutput(t *testing.T) {
	for _, pairs := range []bool{false, true} {
		data := evalRecord(t, pairs)
		require.Greater(t, len(data), DetectSize)
		assert.Equal(t, OpenHands, Detect(data[:DetectSize], "output.jsonl"))

		rs, ws, err := readAll(t, data, OpenHands, Options{})
		require.NoError(t, err)
		assert.Empty(t, ws)
		require.Len(t, rs, 1)
		r := rs[0]
		assert.Equal(t, "anthropic/claude-3-5-sonnet", r.Model)
		require.Len(t, r.Ops, 2, "pairs=%v", pairs)
		assert.Equal(t, editcore.Substring, r.Ops[0].Kind)
		assert.Equal(t, "shop/cart.py", r.Ops[0].Path)
		assert.Empty(t, r.Ops[0].RecordedError)
		assert.Contains(t, r.Ops[1].RecordedError, "did not appear verbatim", "pairs=%v", pairs)
	}
}

func TestDetectByKeysOfFirstRecord(t *testing.T) {
	big := strings.Repeat("x", 2*DetectSize)
	tests := map[string]struct {
		data string
		want Source
	}{
		"keyword only inside a value":        {data: `{"note": "\"action\": \"observation\"", "text": "` + big + `"}`, want: ""},
		"eval record cut in its instruction": {data: `{"instance_id": "a", "instruction": "` + big, want: OpenHands},
		"messages request cut":               {data: `{"model": "m", "messages": [{"role": "user", "content": "` + big, want: ClaudeCode},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			d := []byte(tc.data)
			if len(d) > DetectSize {
				d = d[:DetectSize]
			}
			want := tc.want
			if want == "" {
				want = Raw
			}
			assert.Equal(t, want, Detect(d, "x.json"))
		})
	}
}
