package reviewcmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseReviewed(t *testing.T) {
	tests := map[string]struct {
		value string
		want  Recorded
		ok    bool
	}{
		"rejected":         {value: "2/5 b3 rejected 3f2a1bc9.4 app.py", want: Recorded{Label: "2/5 b3", Verdict: Rejected, ID: "3f2a1bc9.4", Path: "app.py"}, ok: true},
		"part, spaces":     {value: "1/1 b0 edited 3f2a1bc9.4.2 my file.py", want: Recorded{Label: "1/1 b0", Verdict: Edited, ID: "3f2a1bc9.4.2", Path: "my file.py"}, ok: true},
		"unknown verdict":  {value: "2/5 b3 maybe 3f2a1bc9.4 app.py"},
		"bad id":           {value: "2/5 b3 accepted 3f2a1bc9 app.py"},
		"zero hunk":        {value: "2/5 b3 accepted 3f2a1bc9.0 app.py"},
		"too deep":         {value: "2/5 b3 accepted 3f2a1bc9.1.2.3 app.py"},
		"no path":          {value: "2/5 b3 accepted 3f2a1bc9.1"},
		"no response":      {value: "x b3 accepted 3f2a1bc9.1 a"},
		"upper hex in id":  {value: "2/5 b3 accepted 3F2A1BC9.1 a"},
		"block without b":  {value: "2/5 3 accepted 3f2a1bc9.1 a"},
		"empty":            {value: ""},
		"blocks":           {value: "2/5 b3,4 accepted 3f2a1bc9.1 a", want: Recorded{Label: "2/5 b3,4", Verdict: Accepted, ID: "3f2a1bc9.1", Path: "a"}, ok: true},
		"accepted one dot": {value: "10/12 b11 accepted deadbeef.12 src/x.go", want: Recorded{Label: "10/12 b11", Verdict: Accepted, ID: "deadbeef.12", Path: "src/x.go"}, ok: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := ParseReviewed(tt.value)
			assert.Equal(t, tt.ok, ok)
			if tt.ok {
				assert.Equal(t, tt.want, got)
			}
		})
	}
}

func TestTrailerRoundTrip(t *testing.T) {
	h := &Hunk{ID: "3f2a1bc9.2.1", Response: response(), Path: "dir/a b.txt", Blocks: []int{3}}
	v := Decision{Hunk: h, Verdict: Rejected}.Trailer()
	assert.Equal(t, "2/5 b3 rejected 3f2a1bc9.2.1 dir/a b.txt", v)
	got, ok := ParseReviewed(v)
	assert.True(t, ok)
	assert.Equal(t, Recorded{Label: "2/5 b3", Verdict: Rejected, ID: "3f2a1bc9.2.1", Path: "dir/a b.txt"}, got)
}

// FuzzParseReviewed: whatever a message holds, reading it never panics,
// and a value read back has an id --accept would take.
func FuzzParseReviewed(f *testing.F) {
	f.Add("2/5 b3 rejected 3f2a1bc9.4 app.py")
	f.Add("1/1 b0 edited 3f2a1bc9.4.2 my file.py")
	f.Add("/ b accepted .")
	f.Fuzz(func(t *testing.T, v string) {
		r, ok := ParseReviewed(v)
		if ok {
			assert.True(t, IsHunkID(r.ID))
			assert.NotEmpty(t, r.Path)
		}
	})
}
