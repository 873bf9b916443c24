package trailer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCount: the trailers of every commit a squash joined are counted,
// in the middle of the message too, whatever the key's case.
func TestCount(t *testing.T) {
	squash := "# This is a combination of 2 commits.\n# This is the 1st commit message:\n\nAdd one\n\n" +
		"Aiedit-Transcript: s.md sha256:aa\nAiedit-Response: 1/2\n\n# This is the commit message #2:\n\nAdd two\n\n" +
		"aiedit-response: 2/2\nAiedit-Block: 1 applied two.txt\n"
	tests := map[string]struct {
		message, key string
		want         int
	}{
		"squash":           {squash, KeyResponse, 2},
		"one per block":    {squash, KeyBlock, 1},
		"absent":           {squash, KeySquashed, 0},
		"land --squash":    {"Land\n\nAiedit-Squashed: 2 from aiedit/x\n", KeySquashed, 1},
		"a person's":       {"Fix a typo\n\nSigned-off-by: A <a@example.com>\n", KeyResponse, 0},
		"prose is no key":  {"Aiedit-Response 1/2 was wrong\n", KeyResponse, 0},
		"a longer key":     {"Aiedit-Response-Digest: sha256:aa\n", KeyResponse, 0},
		"spaces around it": {"  Aiedit-Response : 1/1\n", KeyResponse, 1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, Count(tc.message, tc.key))
		})
	}
}
