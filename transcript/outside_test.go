package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// TestMarkOutside: an operation whose paths all stayed absolute after
// mapping is outside; a command between the repository and outside it
// is not replayed; a malformed block keeps its own report.
func TestMarkOutside(t *testing.T) {
	cmd := func(op shell.FileOp, paths ...string) editcore.Op {
		return editcore.Op{Kind: editcore.Shell, Format: ToolCallFormat, Command: &shell.Command{Text: "x", Op: op, Paths: paths}}
	}
	tests := map[string]struct {
		op      editcore.Op
		outside bool
		reason  string // the command's, when it is no longer replayed
	}{
		"write inside":       {op: editcore.Op{Kind: editcore.Write, Path: "src/a.py"}},
		"write outside":      {op: editcore.Op{Kind: editcore.Write, Path: "/tmp/a.py"}, outside: true},
		"windows outside":    {op: editcore.Op{Kind: editcore.Write, Path: "C:/tmp/a.py"}, outside: true},
		"move out":           {op: editcore.Op{Kind: editcore.Move, From: "src/a.py", Path: "/tmp/a.py"}, outside: true},
		"rm outside":         {op: cmd(shell.Remove, "/tmp/x", "/tmp/y"), outside: true},
		"rm inside":          {op: cmd(shell.Remove, "src/x")},
		"cp in from outside": {op: cmd(shell.Copy, "/tmp/x", "src/x"), reason: "moves or copies between the repository and a folder outside it"},
		"malformed":          {op: editcore.Op{Kind: editcore.Malformed, Path: "/tmp/a.py"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			op := tc.op
			markOutsideOp(&op)
			assert.Equal(t, tc.outside, op.Outside)
			if tc.reason != "" {
				assert.Equal(t, shell.FileOp(""), op.Command.Op)
				assert.Equal(t, tc.reason, op.Command.Reason)
			}
		})
	}
}
