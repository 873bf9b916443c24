package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnretriedNote: recorded responses that --retry-cmd does not retry
// are named once, as ranges, per transcript when there are several.
func TestUnretriedNote(t *testing.T) {
	fix, more := &input{label: "fix.md"}, &input{label: "more.md"}
	rs := func(in *input, idx ...int) []*responseState {
		var out []*responseState
		for _, i := range idx {
			out = append(out, &responseState{index: i, in: in})
		}
		return out
	}
	const how = " recorded by an earlier run without --retry-cmd; a re-run does not retry what is recorded, so their failed blocks were not sent to the model: " +
		"to retry them, git aiedit retry-prompt review | <your model> | git aiedit apply -b review -"
	tests := map[string]struct {
		rs    []*responseState
		multi bool
		want  string
	}{
		"none":        {},
		"one":         {rs: rs(fix, 2), want: "response 2 was" + how},
		"a range":     {rs: rs(fix, 1, 2, 3, 5), want: "responses 1-3, 5 were" + how},
		"transcripts": {rs: append(rs(fix, 1, 2), rs(more, 4)...), multi: true, want: "responses 1-2 of fix.md, 4 of more.md were" + how},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, unretriedNote(tc.rs, tc.multi, "review"))
		})
	}
}
