package trailer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseReviewed(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Reviewed
		ok    bool
	}{
		"rejected":              {value: "2/5 b3 rejected 3f2a1bc9.4 app.py", want: Reviewed{N: 2, Total: 5, Blocks: []int{3}, Verdict: Rejected, HunkID: "3f2a1bc9.4", Path: "app.py"}, ok: true},
		"part, spaces":          {value: "1/1 b0 edited 3f2a1bc9.4.2 my file.py", want: Reviewed{N: 1, Total: 1, Verdict: Edited, HunkID: "3f2a1bc9.4.2", Path: "my file.py"}, ok: true},
		"blocks":                {value: "2/5 b3,4 accepted 3f2a1bc9.1 a", want: Reviewed{N: 2, Total: 5, Blocks: []int{3, 4}, Verdict: Accepted, HunkID: "3f2a1bc9.1", Path: "a"}, ok: true},
		"accepted one dot":      {value: "10/12 b11 accepted deadbeef.12 src/x.go", want: Reviewed{N: 10, Total: 12, Blocks: []int{11}, Verdict: Accepted, HunkID: "deadbeef.12", Path: "src/x.go"}, ok: true},
		"unicode path":          {value: "1/2 b1 rejected 0123abcd.1 Zoë/文件 x.py", want: Reviewed{N: 1, Total: 2, Blocks: []int{1}, Verdict: Rejected, HunkID: "0123abcd.1", Path: "Zoë/文件 x.py"}, ok: true},
		"error_unknown_verdict": {value: "2/5 b3 maybe 3f2a1bc9.4 app.py"},
		"error_bad_id":          {value: "2/5 b3 accepted 3f2a1bc9 app.py"},
		"error_zero_hunk":       {value: "2/5 b3 accepted 3f2a1bc9.0 app.py"},
		"error_too_deep":        {value: "2/5 b3 accepted 3f2a1bc9.1.2.3 app.py"},
		"error_no_path":         {value: "2/5 b3 accepted 3f2a1bc9.1"},
		"error_no_response":     {value: "x b3 accepted 3f2a1bc9.1 a"},
		"error_no_total":        {value: "2 b3 accepted 3f2a1bc9.1 a"},
		"error_signed":          {value: "+2/5 b3 accepted 3f2a1bc9.1 a"},
		"error_leading_zero":    {value: "2/5 b03 accepted 3f2a1bc9.1 a"},
		"error_zero_in_list":    {value: "2/5 b0,3 accepted 3f2a1bc9.1 a"},
		"error_empty_in_list":   {value: "2/5 b3, accepted 3f2a1bc9.1 a"},
		"error_upper_hex_in_id": {value: "2/5 b3 accepted 3F2A1BC9.1 a"},
		"error_block_without_b": {value: "2/5 3 accepted 3f2a1bc9.1 a"},
		"error_empty":           {value: ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseReviewed(tt.value)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
			if ok {
				assert.Equal(t, tt.value, got.String(), "what is read writes back the same")
			}
		})
	}
}

func TestReviewedLabel(t *testing.T) {
	assert.Equal(t, "2/5 b0", Reviewed{N: 2, Total: 5}.Label())
	assert.Equal(t, "2/5 b3,4", Reviewed{N: 2, Total: 5, Blocks: []int{3, 4}}.Label())
}

func TestIsHunkID(t *testing.T) {
	for id, want := range map[string]bool{
		"3f2a1bc9.4": true, "3f2a1bc9.4.2": true, "deadbeef.12": true,
		"3f2a1bc9": false, "3f2a1bc9.0": false, "3f2a1bc9.01": false, "3f2a1bc9.1.2.3": false,
		"3F2A1BC9.1": false, "3f2a1bc.1": false, "3f2a1bc9.": false, "3f2a1bc9.1.": false, "": false,
	} {
		assert.Equal(t, want, IsHunkID(id), id)
	}
}
