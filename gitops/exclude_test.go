package gitops

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestUnexcludeLocally: the line ExcludeLocally added comes out, and
// nothing else; the file goes only when asked and left empty.
func TestUnexcludeLocally(t *testing.T) {
	tests := map[string]struct {
		before, after string // "" after: no file
		remove, found bool
	}{
		"added at the end":    {before: "# git's comment\n/.claude/x.json\n", after: "# git's comment\n", found: true},
		"user's line after":   {before: "/.claude/x.json\n*.log\n", after: "*.log\n", found: true},
		"twice: the last":     {before: "/.claude/x.json\na\n/.claude/x.json\n", after: "/.claude/x.json\na\n", found: true},
		"absent":              {before: "*.log\n", after: "*.log\n"},
		"only a longer line":  {before: "/a/.claude/x.json\n", after: "/a/.claude/x.json\n"},
		"new file, emptied":   {before: "/.claude/x.json\n", remove: true, found: true},
		"old file, emptied":   {before: "/.claude/x.json\n", after: "", found: true},
		"new file, user line": {before: "/.claude/x.json\nmine\n", after: "mine\n", remove: true, found: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r := gittest.New(t, map[string]string{"a.txt": "a\n"})
			repo := open(t, r)
			file := filepath.Join(r.Dir, ".git", "info", "exclude")
			require.NoError(t, os.WriteFile(file, []byte(tt.before), 0o644))

			found, err := repo.UnexcludeLocally(".claude/x.json", tt.remove)

			require.NoError(t, err)
			assert.Equal(t, tt.found, found)
			data, err := os.ReadFile(file)
			if tt.remove && tt.after == "" {
				assert.True(t, os.IsNotExist(err), "the file install created is gone")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.after, string(data))
		})
	}
}
