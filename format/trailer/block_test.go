package trailer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

func TestParseBlock(t *testing.T) {
	tests := map[string]struct {
		in   string
		want Block
		ok   bool
	}{
		"applied":        {in: "1 applied src/app.py", want: Block{Index: 1, Status: editcore.Applied, Path: "src/app.py"}, ok: true},
		"tolerant":       {in: "2 applied:indent a.py", want: Block{Index: 2, Status: editcore.Applied, Detail: "indent", Path: "a.py"}, ok: true},
		"failed":         {in: "3 failed:ambiguous_anchor a b.py", want: Block{Index: 3, Status: editcore.Failed, Detail: "ambiguous_anchor", Error: editcore.AmbiguousAnchor, Path: "a b.py"}, ok: true},
		"not in context": {in: "4 not_in_context lib.py", want: Block{Index: 4, Status: editcore.NotInContext, Path: "lib.py"}, ok: true},
		"unknown path":   {in: "5 failed:malformed_block -", want: Block{Index: 5, Status: editcore.Failed, Detail: "malformed_block", Error: editcore.MalformedBlock, Path: "-"}, ok: true},
		"error_no_path":  {in: "1 applied"},
		"error_no_index": {in: "x applied a.py"},
		"error_empty":    {in: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseBlock(tt.in)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

// FuzzParseBlock: no panics, and a block that parses renders back to the
// same trailer value.
func FuzzParseBlock(f *testing.F) {
	for _, s := range []string{"1 applied a.py", "2 failed:ambiguous_anchor a b", "x", "", "3 :: -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := ParseBlock(s)
		if !ok {
			return
		}
		status := string(b.Status)
		if b.Detail != "" {
			status += ":" + b.Detail
		}
		again, ok := ParseBlock(strings.Join([]string{strconv.Itoa(b.Index), status, b.Path}, " "))
		require.True(t, ok)
		assert.Equal(t, b, again)
	})
}
