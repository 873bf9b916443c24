package transcript

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Every source with rules of its own has its row in docs/formats.md's
// table, naming the agent's version; the others keep generic text's.
func TestPolicyDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/formats.md")
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(doc), "## Each agent's rules")
	require.True(t, ok, "docs/formats.md has no section \"Each agent's rules\"")
	table, _, _ = strings.Cut(table, "\n## ")
	for src, p := range policies {
		assert.NotEmpty(t, p.Agent, "%s's policy names no agent", src)
		row := ""
		for _, l := range strings.Split(table, "\n") {
			if strings.HasPrefix(l, "| `"+string(src)+"` |") {
				row = l
			}
		}
		if assert.NotEmpty(t, row, "no row for %s", src) {
			assert.Contains(t, row, strings.Fields(p.Agent)[0], "the row of %s names another agent", src)
		}
	}
	assert.Equal(t, editcore.Policy{}, PolicyOf(Raw), "pasted text keeps the strict rules")
	assert.Equal(t, editcore.First, PolicyOf(Aider).Choice, "aider replaces the first match (editcore/replay relies on it)")
}
