package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/internal/modelcmd"
	"github.com/git-aiedit/git-aiedit/internal/retry"
)

func TestProposed(t *testing.T) {
	tests := map[string]struct {
		op   *editcore.Op
		want string
	}{
		"replace": {
			op:   &editcore.Op{Kind: editcore.Replace, Anchor: []string{"def f():"}, Old: []string{"    return 1"}, New: []string{"    return 2"}},
			want: "<<<<<<< SEARCH\ndef f():\n    return 1\n=======\ndef f():\n    return 2\n>>>>>>> REPLACE",
		},
		"substring": {
			op:   &editcore.Op{Kind: editcore.Substring, OldText: "a = 1\n", NewText: "a = 2"},
			want: "<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE",
		},
		"create":   {op: &editcore.Op{Kind: editcore.Create, Content: []byte("x\n")}, want: "x\n"},
		"shell":    {op: &editcore.Op{Kind: editcore.Shell}, want: ""},
		"no block": {op: nil, want: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, proposed(tt.op))
		})
	}
}

func TestFailureKeyTellsEditsApart(t *testing.T) {
	a := retry.Item{Path: "app.py", Error: editcore.OldTextMismatch, Reason: "in app.py: no match", Proposed: "return 0"}
	b := a
	b.Proposed = "return -1"
	assert.NotEqual(t, failureKey(a), failureKey(b), "a different wrong edit is not the same failure")
	c := a
	c.Block = 7
	assert.Equal(t, failureKey(a), failureKey(c), "the same edit again is")
}

func TestCommandStop(t *testing.T) {
	_, err := modelcmd.Run(context.Background(), modelcmd.Request{Command: "echo oops >&2; exit 4", Dir: t.TempDir()})
	s := commandStop(err, 2)
	assert.Equal(t, stopCommandFailed, s.reason)
	assert.Equal(t, 2, s.round)
	if assert.NotNil(t, s.exit) {
		assert.Equal(t, 4, *s.exit)
	}
	assert.Equal(t, "oops", s.tail)
	assert.Equal(t, "the retry command exited with status 4", s.message)
}
