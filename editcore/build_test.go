package editcore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	. "github.com/git-aiedit/git-aiedit/editcore"
)

func TestSetReplace(t *testing.T) {
	tests := map[string]struct {
		old, new                      []string
		anchor, oldMid, newMid, trail []string
	}{
		"prefix and suffix":      {[]string{"a", "b", "c"}, []string{"a", "B", "c"}, []string{"a"}, []string{"b"}, []string{"B"}, []string{"c"}},
		"insertion":              {[]string{"a", "c"}, []string{"a", "b", "c"}, []string{"a"}, nil, []string{"b"}, []string{"c"}},
		"repeated lines overlap": {[]string{"a", "a"}, []string{"a"}, []string{"a"}, []string{"a"}, nil, nil},
		"nothing shared":         {[]string{"x"}, []string{"y"}, nil, []string{"x"}, []string{"y"}, nil},
		"identical":              {[]string{"a"}, []string{"a"}, []string{"a"}, nil, nil, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			var op Op
			op.SetReplace(tc.old, tc.new)
			assert.Equal(t, Replace, op.Kind)
			assert.Equal(t, tc.anchor, op.Anchor)
			assert.Equal(t, tc.oldMid, op.Old)
			assert.Equal(t, tc.newMid, op.New)
			assert.Equal(t, tc.trail, op.Trailing)
			assert.Equal(t, tc.old, op.Lines(), "the parts make up old")
			assert.Equal(t, tc.new, op.Replacement(), "the parts make up new")
		})
	}
	assert.Nil(t, FileContent(nil))
	assert.Equal(t, "a\nb\n", string(FileContent([]string{"a", "b"})))
}
