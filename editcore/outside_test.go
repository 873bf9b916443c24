package editcore

import (
	"testing"

	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// TestOutside: an operation marked Outside is reported with its path as
// recorded and changes nothing, whatever it would have done; it needs no
// attention.
func TestOutside(t *testing.T) {
	tests := map[string]struct {
		op   Op
		path string
	}{
		"write":         {Op{Kind: Write, Path: "/workspace/test.c", Content: []byte("x\n")}, "/workspace/test.c"},
		"create over":   {Op{Kind: Create, Path: "/tmp/a.txt", Content: []byte("x\n")}, "/tmp/a.txt"},
		"windows":       {Op{Kind: Substring, Path: "D:/scratch/a.py", OldText: "a", NewText: "b"}, "D:/scratch/a.py"},
		"shell rm":      {Op{Kind: Shell, Executed: true, Command: &shell.Command{Text: "rm /tmp/x /tmp/y", Op: shell.Remove, Paths: []string{"/tmp/x", "/tmp/y"}}}, "/tmp/y"},
		"recorded fail": {Op{Kind: Write, Path: "/tmp/a", RecordedError: "disk full"}, "/tmp/a"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			fs := memfs.New()
			require.NoError(t, util.WriteFile(fs, "a.txt", []byte("keep\n"), 0o644))
			tc.op.Outside = true
			r := NewSession(fs, Options{}).Apply(&tc.op)
			assert.Equal(t, Outside, r.Status)
			assert.Equal(t, tc.path, r.Path)
			assert.Contains(t, r.Message, "outside the repository")
			assert.True(t, r.OK())
			infos, err := fs.ReadDir("/")
			require.NoError(t, err)
			require.Len(t, infos, 1, "nothing created")
			b, err := util.ReadFile(fs, "a.txt")
			require.NoError(t, err)
			assert.Equal(t, "keep\n", string(b))
		})
	}
}
