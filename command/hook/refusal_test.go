package hook

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRefusal(t *testing.T) {
	for name, tc := range map[string]struct {
		report string
		index  int
		said   string
	}{
		"all recorded": {
			report: `{"responses":[{"index":1,"commit":"ab","checks":[]},{"index":2,"commit":null,"checks":[]}]}`,
		},
		"a failed edit is recorded": {
			report: `{"responses":[{"index":1,"commit":"ab","blocks":[{"status":"failed"}],"checks":[]}]}`,
		},
		"a failed check of another name": {
			report: `{"responses":[{"index":1,"commit":"ab","checks":[{"name":"syntax","status":"failed","message":"x"}]}]}`,
		},
		"the hook refused the second": {
			report: `{"responses":[{"index":1,"commit":"ab","checks":[]},` +
				`{"index":2,"commit":null,"checks":[{"name":"commit-msg","status":"failed","message":"need JIRA-123\n"}]},` +
				`{"index":3,"commit":null,"checks":[]}]}`,
			index: 2, said: "need JIRA-123",
		},
		"not a report": {report: "not json"},
		"empty":        {},
	} {
		t.Run(name, func(t *testing.T) {
			index, said := refusal([]byte(tc.report))
			require.Equal(t, tc.index, index)
			require.Equal(t, tc.said, said)
		})
	}
}
