package review

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

func response() *history.Response {
	return &history.Response{
		Commit: plumbing.NewHash("3f2a1bc9aa00000000000000000000000000beef"),
		Record: trailer.Record{N: 2, Total: 5, Blocks: []history.Block{
			{Index: 1, Status: editcore.Applied, Path: "a.txt"},
			{Index: 2, Status: editcore.Applied, Path: "b.txt"},
			{Index: 3, Status: editcore.Applied, Path: "b.txt"},
		}},
	}
}

func numbered(from, to int, change map[int]string) string {
	s := ""
	for i := from; i <= to; i++ {
		if c, ok := change[i]; ok {
			s += c + "\n"
			continue
		}
		s += "line " + string(rune('a'+i%26)) + "\n"
	}
	return s
}

func TestHunksOf(t *testing.T) {
	r := response()
	old := numbered(1, 20, nil)
	new := numbered(1, 20, map[int]string{2: "TWO", 18: "EIGHTEEN"})
	changes := []history.FileChange{
		{Path: "a.txt", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular, Old: []byte(old), New: []byte(new)},
		{Path: "b.txt", Status: 'A', NewMode: filemode.Regular, New: []byte("new\n")},
		{Path: "img.png", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular, Old: []byte("\x00a"), New: []byte("\x00b"), Binary: true},
		{Path: "run.sh", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Executable, Old: []byte("x\n"), New: []byte("x\n")},
	}
	hs, skipped := hunksOf(r, changes, nil)
	require.Len(t, hs, 3)
	assert.Equal(t, []string{"img.png", "run.sh"}, skipped)

	assert.Equal(t, "3f2a1bc9.1", hs[0].ID)
	assert.Equal(t, []int{1}, hs[0].Blocks, "the only block on a.txt")
	assert.Equal(t, 2, hs[0].ChangeLine())
	assert.Equal(t, "@@ -1,5 +1,5 @@", hs[0].Header())
	assert.Equal(t, "3f2a1bc9.2", hs[1].ID)
	assert.Equal(t, 18, hs[1].ChangeLine())

	assert.Equal(t, "3f2a1bc9.3", hs[2].ID)
	assert.True(t, hs[2].Created)
	assert.Empty(t, hs[2].Blocks, "two blocks wrote b.txt and there is no note")
	assert.Equal(t, "2/5 b0", hs[2].Label())
	assert.Equal(t, "@@ -0,0 +1 @@", hs[2].Header())
}

func TestSplit(t *testing.T) {
	h := &Hunk{ID: "3f2a1bc9.4", OldStart: 10, NewStart: 12, Lines: []Line{
		{Op: ' ', Text: "a\n"}, {Op: '-', Text: "b\n"}, {Op: '+', Text: "B\n"}, {Op: ' ', Text: "c\n"}, {Op: ' ', Text: "d\n"}, {Op: '+', Text: "E\n"}, {Op: ' ', Text: "f\n"},
	}}
	parts := h.Split()
	require.Len(t, parts, 2)
	assert.Equal(t, "3f2a1bc9.4.1", parts[0].ID)
	assert.Equal(t, []string{"a\n", "b\n", "c\n", "d\n"}, parts[0].Old())
	assert.Equal(t, []string{"a\n", "B\n", "c\n", "d\n"}, parts[0].New())
	assert.Equal(t, 10, parts[0].OldStart)
	assert.Equal(t, 12, parts[0].NewStart)
	assert.Equal(t, "3f2a1bc9.4.2", parts[1].ID)
	assert.Equal(t, []string{"c\n", "d\n", "f\n"}, parts[1].Old())
	assert.Equal(t, []string{"c\n", "d\n", "E\n", "f\n"}, parts[1].New())
	assert.Equal(t, 12, parts[1].OldStart)
	assert.Equal(t, 14, parts[1].NewStart)

	one := &Hunk{ID: "3f2a1bc9.5", Lines: []Line{{Op: ' ', Text: "a\n"}, {Op: '-', Text: "b\n"}, {Op: '+', Text: "B\n"}}}
	assert.Nil(t, one.Split())
}

func TestFind(t *testing.T) {
	lines := []string{"x\n", "a\n", "b\n", "x\n", "a\n", "b\n"}
	tests := map[string]struct {
		want []string
		near int
		at   int
		ok   bool
	}{
		"nearest first":  {want: []string{"a\n", "b\n"}, near: 0, at: 1, ok: true},
		"nearest second": {want: []string{"a\n", "b\n"}, near: 5, at: 4, ok: true},
		"absent":         {want: []string{"b\n", "a\n"}, near: 0, ok: false},
		"empty":          {want: nil, near: 3, at: 3, ok: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			at, ok := find(lines, tt.want, tt.near)
			assert.Equal(t, tt.ok, ok)
			if ok {
				assert.Equal(t, tt.at, at)
			}
		})
	}
}
