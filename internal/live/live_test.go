package live

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCursorHolds(t *testing.T) {
	for name, tc := range map[string]struct {
		c    Cursor
		want bool
	}{
		"new":                   {Cursor{Agent: "claude-code", Session: "s", Branch: "aiedit/claude-code/s", Transcript: "/x"}, false},
		"a base from the start": {Cursor{Base: "abc"}, true},
		"bytes read":            {Cursor{Offset: 10}, true},
		"a branch":              {Cursor{Tip: "abc"}, true},
		"a refused turn":        {Cursor{Recheck: true}, true},
	} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.c.Holds())
		})
	}
}
