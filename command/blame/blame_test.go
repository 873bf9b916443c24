package blame

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOwnerText: the owner column names the response, the block and the
// model; a model the transcript did not name reads "unknown", as the
// Assisted-by trailer says, not a blank.
func TestOwnerText(t *testing.T) {
	tests := map[string]struct {
		line Line
		want string
	}{
		"model":           {line: Line{Owner: "ai", Response: 2, Total: 3, Block: 1, Model: "gpt-4o"}, want: "ai 2/3 b1 gpt-4o"},
		"model unknown":   {line: Line{Owner: "ai", Response: 1, Total: 1, Block: 2}, want: "ai 1/1 b2 unknown"},
		"no note":         {line: Line{Owner: "ai", Response: 1, Total: 2, Model: "o3"}, want: "ai 1/2 b? o3"},
		"no note unknown": {line: Line{Owner: "ai", Response: 1, Total: 2}, want: "ai 1/2 b? unknown"},
		"human":           {line: Line{Owner: "human", Author: "Ada Author"}, want: "human Ada Author"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, ownerText(tc.line))
		})
	}
}
