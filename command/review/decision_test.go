package review

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/format/trailer"
)

func TestTrailerRoundTrip(t *testing.T) {
	h := &Hunk{ID: "3f2a1bc9.2.1", Response: response(), Path: "dir/a b.txt", Blocks: []int{3}}
	v := Decision{Hunk: h, Verdict: Rejected}.Trailer()
	assert.Equal(t, "2/5 b3 rejected 3f2a1bc9.2.1 dir/a b.txt", v.String())
	got, ok := trailer.ParseReviewed(v.String())
	assert.True(t, ok)
	assert.Equal(t, v, got)
}
