package diffview

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

func TestWordDiff(t *testing.T) {
	tests := map[string]struct {
		a, b       string
		inA, inB   []string
		noMarksAll bool
	}{
		"one word":         {a: "    return a + b\n", b: "    return a * b\n", inA: []string{"+"}, inB: []string{"*"}},
		"added word":       {a: "x = f(a)", b: "x = f(a, b)", inA: nil, inB: []string{", b"}},
		"nothing common":   {a: "abc", b: "xyz", noMarksAll: true},
		"identical":        {a: "same", b: "same"},
		"unicode":          {a: "prix = 5 €", b: "prix = 6 €", inA: []string{"5"}, inB: []string{"6"}},
		"touching changes": {a: "a.b", b: "c.d", inA: []string{"a", "b"}, inB: []string{"c", "d"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			inA, inB := wordDiff(tt.a, tt.b)
			if tt.noMarksAll {
				assert.Nil(t, inA)
				assert.Nil(t, inB)
				return
			}
			assert.Equal(t, tt.inA, texts(tt.a, inA))
			assert.Equal(t, tt.inB, texts(tt.b, inB))
		})
	}
}

func texts(s string, spans []span) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, s[sp.start:sp.end])
	}
	return out
}

func TestRangeOf(t *testing.T) {
	assert.Equal(t, "0,0", rangeOf(1, 0))
	assert.Equal(t, "4,0", rangeOf(5, 0))
	assert.Equal(t, "3", rangeOf(3, 1))
	assert.Equal(t, "3,4", rangeOf(3, 4))
}

func TestDiffFile(t *testing.T) {
	plain := &differ{cs: &iostreams.ColorScheme{}}
	tests := map[string]struct {
		change history.FileChange
		want   string
	}{
		"modified": {
			change: history.FileChange{Path: "a.py", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular,
				Old: []byte("x = 1\ny = 2\n"), New: []byte("x = 1\ny = 3\n")},
			want: "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x = 1\n-y = 2\n+y = 3\n",
		},
		"added without newline": {
			change: history.FileChange{Path: "n", Status: 'A', NewMode: filemode.Regular, New: []byte("hi")},
			want:   "diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+hi\n\\ No newline at end of file\n",
		},
		"deleted": {
			change: history.FileChange{Path: "d", Status: 'D', OldMode: filemode.Executable, Old: []byte("a\n")},
			want:   "diff --git a/d b/d\ndeleted file mode 100755\n--- a/d\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n",
		},
		"binary": {
			change: history.FileChange{Path: "b", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular, Binary: true},
			want:   "diff --git a/b b/b\nBinary files a/b and b/b differ\n",
		},
		"mode only": {
			change: history.FileChange{Path: "s", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Executable, Old: []byte("a\n"), New: []byte("a\n")},
			want:   "diff --git a/s b/s\nold mode 100644\nnew mode 100755\n",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, plain.file(tt.change))
		})
	}
}

// On a terminal, changed words inside a changed line get the strong colour.
func TestDiffWordHighlight(t *testing.T) {
	s, _, _, _ := iostreams.Test()
	s.SetTTY(true, true)
	d := &differ{cs: s.ColorScheme(), words: true}
	out := d.file(history.FileChange{Path: "a", Status: 'M', OldMode: filemode.Regular, NewMode: filemode.Regular,
		Old: []byte("return a + b\n"), New: []byte("return a * b\n")})
	assert.Contains(t, out, "\x1b[1;31;48;5;52m+\x1b[0m")
	assert.Contains(t, out, "\x1b[1;32;48;5;22m*\x1b[0m")
	assert.Contains(t, out, "\x1b[36m@@ -1 +1 @@\x1b[0m")
}
