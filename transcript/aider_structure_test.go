package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAiderStructure(t *testing.T) {
	tests := map[string]struct {
		log   string
		texts []string
	}{
		"heading before a fence is the model's": {
			"#### fix it  \n\nSure.\n\n#### a.py\n```python\nx\n```\n",
			[]string{"Sure.\n\n#### a.py\n```python\nx\n```\n"},
		},
		"heading before a SEARCH marker is the model's": {
			"#### fix it  \n\n#### a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n",
			[]string{"#### a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n"},
		},
		"a user line naming a path is the user's": {
			"#### a.py  \n\nOK.\n",
			[]string{"OK.\n"},
		},
		"a multi-line user message is the user's": {
			"#### look at  \n#### a.py  \n#### ```  \n\nOK.\n",
			[]string{"OK.\n"},
		},
		"a path heading at the end of the log is the user's": {
			"#### hi  \n\nOK.\n\n#### a.py",
			[]string{"OK.\n"},
		},
		"older aider's failed-block report, first line quoted": {
			"#### go  \n\na.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\n" +
				"> # 2 SEARCH/REPLACE blocks failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py\n" +
				"<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\nThe SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc  \n\n" +
				"# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the blocks above that failed to match.  \n\n" +
				"Fixed:\n",
			[]string{"a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", "Fixed:\n"},
		},
		"recent aider's report, every line quoted": {
			"#### go  \n\nA.\n\n> # 1 SEARCH/REPLACE block failed to match!  \n>  \n> ## SearchReplaceNoExactMatch: x  \n> <<<<<<< SEARCH  \n> x  \n> =======  \n> y  \n> >>>>>>> REPLACE  \n>  \n> The SEARCH section must exactly match an existing block  \n\nB.\n",
			[]string{"A.\n", "B.\n"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			rs, _, err := readAll(t, []byte(tc.log), Aider, Options{})
			require.NoError(t, err)
			var texts []string
			for _, r := range rs {
				texts = append(texts, r.Text)
			}
			assert.Equal(t, tc.texts, texts)
		})
	}
}
