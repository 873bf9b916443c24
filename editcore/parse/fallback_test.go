package parse

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/wholefile"
)

func write(path string, line int, raw, content string) editcore.Op {
	return editcore.Op{Kind: editcore.Write, Format: wholefile.Name, Whole: true, Path: path, Line: line, Raw: raw, Content: []byte(content)}
}

func createNew(path string, line int, raw, content string) editcore.Op {
	op := write(path, line, raw, content)
	op.Kind, op.NewOnly = editcore.Create, true
	return op
}

// A whole-file block counts as written only when no other format claims
// anything in the response; otherwise it only creates a new file. The
// operations after it keep their order.
func TestFallback(t *testing.T) {
	const whole = "src/b.py\n```python\nprint(1)\n```"
	tests := map[string]struct {
		text   string
		forced bool
		want   []editcore.Op
	}{
		"whole file alone": {
			"Here it is:\n\n" + whole + "\n",
			false,
			[]editcore.Op{write("src/b.py", 4, whole, "print(1)\n")},
		},
		"shell command after the block keeps its place": {
			whole + "\n\nThen run `git rm old.py`.\n",
			false,
			[]editcore.Op{write("src/b.py", 2, whole, "print(1)\n"), shellOp(6, "git rm old.py")},
		},
		"an edit block after it demotes it": {
			whole + "\n" + block + "\n",
			false,
			[]editcore.Op{createNew("src/b.py", 2, whole, "print(1)\n"), replace("src/a.py", 6, block, "x", "y")},
		},
		"an edit block before it demotes it": {
			block + "\n" + whole + "\n",
			false,
			[]editcore.Op{replace("src/a.py", 2, block, "x", "y"), createNew("src/b.py", 8, whole, "print(1)\n")},
		},
		"an edit block inside a fenced block with a path": {
			"src/a.py\n```\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END\n```\n",
			false,
			[]editcore.Op{replace("src/a.py", 3, "src/a.py\n```\n««« EDIT\nx\n═══════ REPL\ny\n»»» EDIT END", "x", "y")},
		},
		"shell commands before it are not held back": {
			"$ git rm old.py\n" + whole + "\n",
			false,
			[]editcore.Op{shellOp(1, "git rm old.py"), write("src/b.py", 3, whole, "print(1)\n")},
		},
		"forced with another format, both count": {
			whole + "\n" + block + "\n",
			true,
			[]editcore.Op{write("src/b.py", 2, whole, "print(1)\n"), replace("src/a.py", 6, block, "x", "y")},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var p *Parser
			if tt.forced {
				eb, err := Lookup("editblock")
				assert.NoError(t, err)
				p = New(WithFormats(wholefile.New(), eb))
			} else {
				p = New()
			}
			got := append(p.Feed([]byte(tt.text)), p.Finish()...)
			assert.Equal(t, tt.want, brief(got))
		})
	}
}

// The prose keeps the explanation, not the file.
func TestFallbackProse(t *testing.T) {
	p := New()
	p.Feed([]byte("Rewrote it.\n\nsrc/b.py\n```python\nprint(1)\n```\nDone.\n"))
	p.Finish()
	assert.Equal(t, "Rewrote it.\nDone.\n", p.Prose())
}
