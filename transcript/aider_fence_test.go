package transcript

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAiderFences(t *testing.T) {
	tests := map[string]struct {
		text, want string
	}{
		"whole files after their paths": {
			"Here:\n\nbackend/__init__.py\n<source>\n# package\n</source>\nbackend/main.sh\n<source>bash\necho hi\n</source>\n",
			"Here:\n\nbackend/__init__.py\n```\n# package\n```\nbackend/main.sh\n```bash\necho hi\n```\n",
		},
		"a SEARCH/REPLACE block": {
			"app.py\n<source>python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n</source>\n",
			"app.py\n```python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n",
		},
		"the path inside the fence": {
			"<code>python\napp.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n</code>\n",
			"```python\napp.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n",
		},
		"a file that holds backtick fences": {
			"README.md\n<source>markdown\n# Use\n\n```sh\nmake\n```\n````\nx\n````\n</source>\n",
			"README.md\n`````markdown\n# Use\n\n```sh\nmake\n```\n````\nx\n````\n`````\n",
		},
		"<pre> in prose stays": {
			"An example:\n\n<pre>\nkeep\n</pre>\n",
			"An example:\n\n<pre>\nkeep\n</pre>\n",
		},
		"<pre> inside a backtick fence stays": {
			"index.html\n```html\n<pre>\nx\n</pre>\n```\n",
			"index.html\n```html\n<pre>\nx\n</pre>\n```\n",
		},
		"never closed stays": {
			"app.py\n<source>python\nx = 1\n",
			"app.py\n<source>python\nx = 1\n",
		},
		"closed by another name stays": {
			"app.py\n<source>\nx = 1\n</code>\n",
			"app.py\n<source>\nx = 1\n</code>\n",
		},
		"an opening with text after it stays": {
			"app.py\n<source> is the tag\nx\n</source>\n",
			"app.py\n<source> is the tag\nx\n</source>\n",
		},
		"no trailing newline": {
			"a.txt\n<pre>\nx\n</pre>",
			"a.txt\n```\nx\n```",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tc.want, aiderFences(tc.text))
		})
	}
}

// TestAiderSourceFenceReply: a whole log whose replies use <source> is
// read as backtick fences, so the edit formats see its files.
func TestAiderSourceFenceReply(t *testing.T) {
	log := "#### make it  \n\nbackend/main.sh\n<source>bash\necho hi\n</source>\n\n> Applied edit to backend/main.sh  \n"
	rs, _, err := readAll(t, []byte(log), Aider, Options{})
	assert.NoError(t, err)
	if assert.Len(t, rs, 1) {
		assert.Equal(t, "backend/main.sh\n```bash\necho hi\n```\n", rs[0].Text)
	}
}

// FuzzAiderFences: rewriting never panics, changes only wrapping fence
// lines (into backtick fences), keeps the line count, and is stable.
func FuzzAiderFences(f *testing.F) {
	for _, s := range []string{
		"a.py\n<source>python\nx\n</source>\n", "<code>\na.py\n<<<<<<< SEARCH\n</code>\n", "x\n```\n<pre>\n</pre>\n```\n",
		"README.md\n<source>\n```\n</source>\n", "<pre>\n</pre>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := aiderFences(text)
		in, out := strings.SplitAfter(text, "\n"), strings.SplitAfter(got, "\n")
		if len(in) != len(out) {
			t.Fatalf("%q: %d lines became %d", text, len(in), len(out))
		}
		for i := range in {
			if in[i] == out[i] {
				continue
			}
			l := strings.TrimRight(in[i], " \t\r\n")
			_, _, open := aiderWrapOpen(l)
			if !open && !(strings.HasPrefix(l, "</") && strings.HasSuffix(l, ">")) || !strings.HasPrefix(out[i], "```") {
				t.Fatalf("%q: line %d %q became %q", text, i+1, in[i], out[i])
			}
		}
		if again := aiderFences(got); again != got {
			t.Fatalf("%q: not stable: %q then %q", text, got, again)
		}
	})
}

// A long aider reply goes on in pieces, past spillFrom from a temporary
// file, and reads as the joined text does; one that wraps a fence in a
// tag is joined (read back from the file) to have it rewritten.
func TestAiderLongReply(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	defer func(was, from int) { piecesMin, spillFrom = was, from }(piecesMin, spillFrom)
	for name, wrapped := range map[string]bool{"plain": false, "wrapped": true} {
		t.Run(name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("#### make them  \n\n")
			for i := range 60000 {
				fmt.Fprintf(&b, "f%05d.py\n```python\n<<<<<<< SEARCH\n=======\nx = %d\n>>>>>>> REPLACE\n```\n\n", i, i)
			}
			if wrapped {
				b.WriteString("backend/main.sh\n<source>bash\necho hi\n</source>\n\n")
			}
			b.WriteString("> Applied edit to f00000.py  \n")
			piecesMin, spillFrom = 1<<30, 1<<30
			whole, _, err := readAll(t, []byte(b.String()), Aider, Options{})
			require.NoError(t, err)
			require.Len(t, whole, 1)
			piecesMin, spillFrom = 1<<10, 1<<10
			got, _, err := readAll(t, []byte(b.String()), Aider, Options{})
			require.NoError(t, err)
			require.Len(t, got, 1)
			if wrapped {
				assert.Nil(t, got[0].Pieces)
				assert.True(t, whole[0].Text == got[0].Text, "rewritten as the joined text is")
				assert.Contains(t, got[0].Text, "backend/main.sh\n```bash\necho hi\n```\n")
				return
			}
			require.NotNil(t, got[0].Pieces)
			assert.NotNil(t, got[0].Pieces.file, "kept in a file")
			assert.True(t, whole[0].Text == string(bytes.Join(collect(t, got[0].Pieces), nil)))
			got[0].Pieces.Close()
		})
	}
}
