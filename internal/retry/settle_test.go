package retry

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

func resp(transcript string, n int, blocks ...history.Block) *history.Response {
	for i := range blocks {
		blocks[i].Index = i + 1
	}
	return &history.Response{Record: trailer.Record{Transcript: transcript, N: n, Total: n, Blocks: blocks}}
}

func ok(path string) history.Block { return history.Block{Status: editcore.Applied, Path: path} }

func failed(path string, e editcore.ErrorType) history.Block {
	return history.Block{Status: editcore.Failed, Error: e, Path: path}
}

// TestItemsOfSettled: what later on the branch settles a failure, and
// what does not.
func TestItemsOfSettled(t *testing.T) {
	tests := map[string]struct {
		rs   []*history.Response
		want []string // "response/block path" of the items left
	}{
		"nothing later": {
			rs:   []*history.Response{resp("chat.md", 1, failed("a.py", editcore.AnchorNotFound))},
			want: []string{"1/1 a.py"},
		},
		"another transcript changed the file": {
			rs: []*history.Response{
				resp("chat.md", 1, failed("a.py", editcore.AnchorNotFound)),
				resp("stdin", 1, ok("a.py")),
			},
		},
		"another transcript changed another file": {
			rs: []*history.Response{
				resp("chat.md", 1, failed("a.py", editcore.AnchorNotFound)),
				resp("stdin", 1, ok("b.py")),
			},
			want: []string{"1/1 a.py"},
		},
		"another transcript failed on the file too": {
			rs: []*history.Response{
				resp("chat.md", 1, failed("a.py", editcore.AnchorNotFound)),
				resp("stdin", 1, ok("a.py"), failed("a.py", editcore.OldTextMismatch)),
			},
			want: []string{"1/1 a.py", "1/2 a.py"},
		},
		"a later turn of the same conversation does not settle a replay failure": {
			rs: []*history.Response{
				resp("chat.md", 1, failed("a.py", editcore.AnchorNotFound)),
				resp("chat.md", 2, ok("a.py")),
			},
			want: []string{"1/1 a.py"},
		},
		"a later turn of the same conversation settles a failed tool call": {
			rs: []*history.Response{
				resp("s.jsonl", 1, failed("a.py", editcore.ToolFailed)),
				resp("s.jsonl", 2, ok("a.py")),
			},
		},
		"the agent retried at once": {
			rs: []*history.Response{
				resp("s.jsonl", 1, failed("a.py", editcore.ToolFailed), ok("a.py"), failed("b.py", editcore.ToolFailed)),
			},
			want: []string{"1/3 b.py"},
		},
		"an edit before the failed call is no retry": {
			rs: []*history.Response{
				resp("s.jsonl", 1, ok("a.py"), failed("a.py", editcore.ToolFailed)),
			},
			want: []string{"1/2 a.py"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var got []string
			for _, it := range ItemsOf(tt.rs) {
				got = append(got, fmtItem(it))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func fmtItem(it Item) string {
	return string(rune('0'+it.Response)) + "/" + string(rune('0'+it.Block)) + " " + it.Path
}

// TestBuildToolFailedQuotesHead: a failed tool call's place is not
// recorded; its long file is quoted in part, never whole.
func TestBuildToolFailedQuotesHead(t *testing.T) {
	long := ""
	for i := 0; i < 2000; i++ {
		long += "x = 1\n"
	}
	got, err := Build([]Item{{Response: 1, Block: 1, Path: "big.py", Status: editcore.Failed, Error: editcore.ToolFailed}},
		mapFiles(map[string]string{"big.py": long}))
	assert.NoError(t, err)
	assert.Contains(t, got, "big.py (2000 lines; its first 120 lines):")
	assert.Contains(t, got, "   120\tx = 1\n[… lines 121-2000 not shown: the record does not say where the edit was meant to go]")
	assert.NotContains(t, got, "   121\t")
	assert.Less(t, len(got), 4000)

	short, err := Build([]Item{{Response: 1, Block: 1, Path: "s.py", Status: editcore.Failed, Error: editcore.ToolFailed}},
		mapFiles(map[string]string{"s.py": "a\nb\n"}))
	assert.NoError(t, err)
	assert.Contains(t, short, "s.py (2 lines):")
}
