package transcript

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A whitespace-only line inside a reply keeps its white space: in a
// REPLACE section it is what aider wrote into the file (aider 0.86 logs
// the reply as the model wrote it). Blank lines around the reply go.
func TestTextKeepsBlankLinesWhiteSpace(t *testing.T) {
	log := "# aider chat started at 2025-10-02 13:00:00\n\n#### go\n\n\na.py\n```\n<<<<<<< SEARCH\nx\n=======\nx\n            \ny\n>>>>>>> REPLACE\n```\n\n\n"
	var got []*Response
	require.NoError(t, Read(strings.NewReader(log), Aider, Options{}, func(r *Response) error {
		got = append(got, r)
		return nil
	}))
	require.Len(t, got, 1)
	assert.Equal(t, "a.py\n```\n<<<<<<< SEARCH\nx\n=======\nx\n            \ny\n>>>>>>> REPLACE\n```\n", got[0].Text)
}
