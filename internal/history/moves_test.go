package history

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/format/trailer"
)

func TestOldLine(t *testing.T) {
	old := "a\nb\nc\nd\n"
	tests := map[string]struct {
		new  string
		want []int // for each line of new
	}{
		"same":             {new: old, want: []int{1, 2, 3, 4}},
		"one changed":      {new: "a\nB\nc\nd\n", want: []int{1, 0, 3, 4}},
		"one added first":  {new: "x\na\nb\nc\nd\n", want: []int{0, 1, 2, 3, 4}},
		"two deleted":      {new: "a\nd\n", want: []int{1, 4}},
		"added at the end": {new: "a\nb\nc\nd\ne\n", want: []int{1, 2, 3, 4, 0}},
		"no final newline": {new: "a\nb\nc\nd", want: []int{1, 2, 3, 0}},
		"all new":          {new: "x\ny\n", want: []int{0, 0}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var got []int
			for n := 1; n <= len(tt.want); n++ {
				got = append(got, OldLine(old, tt.new, n))
			}
			assert.Equal(t, tt.want, got)
			assert.Zero(t, OldLine(old, tt.new, len(tt.want)+1), "past the end")
		})
	}
}

func TestMovedTo(t *testing.T) {
	resp := func(cmds ...string) *Response {
		r := &Response{}
		for _, c := range cmds {
			r.Shell = append(r.Shell, Shell{Status: editcore.Applied, Command: c})
		}
		return r
	}
	ch := func(status byte, path, content string) FileChange {
		c := FileChange{Path: path, Status: status}
		if status == 'D' {
			c.Old = []byte(content)
		} else {
			c.New = []byte(content)
		}
		return c
	}
	tests := map[string]struct {
		r       *Response
		changes []FileChange
		want    map[string]string
	}{
		"git mv, edited": {
			r:       resp("git mv hello.py greeting.py"),
			changes: []FileChange{ch('A', "greeting.py", "x\n"), ch('D', "hello.py", "y\n")},
			want:    map[string]string{"greeting.py": "hello.py"},
		},
		"into a directory": {
			r:       resp("mv ./a.py src/"),
			changes: []FileChange{ch('D', "a.py", "1\n"), ch('A', "src/a.py", "2\n")},
			want:    map[string]string{"src/a.py": "a.py"},
		},
		"a directory": {
			r:       resp("git mv lib pkg"),
			changes: []FileChange{ch('D', "lib/a.py", "1\n"), ch('D', "lib/b/c.py", "2\n"), ch('A', "pkg/a.py", "3\n"), ch('A', "pkg/b/c.py", "4\n")},
			want:    map[string]string{"pkg/a.py": "lib/a.py", "pkg/b/c.py": "lib/b/c.py"},
		},
		"same content, no command": {
			r:       resp(),
			changes: []FileChange{ch('D', "a.py", "same\n"), ch('A', "b.py", "same\n")},
			want:    map[string]string{"b.py": "a.py"},
		},
		"empty files are not paired": {
			r:       resp(),
			changes: []FileChange{ch('D', "a.py", ""), ch('A', "b.py", "")},
			want:    map[string]string{},
		},
		"a failed move pairs nothing": {
			r:       &Response{Record: trailer.Record{Shell: []Shell{{Status: editcore.Failed, Command: "git mv a.py b.py"}}}},
			changes: []FileChange{ch('D', "a.py", "1\n"), ch('A', "b.py", "2\n")},
			want:    map[string]string{},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, MovedTo(tt.r, tt.changes))
		})
	}
}

// FuzzOldLine: a line OldLine maps is the same text on both sides, and
// the lines it maps keep their order.
func FuzzOldLine(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nB\nc\n")
	f.Add("a\nb", "x\na\nb\n")
	f.Add("", "a\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		oldLines, newLines := splitLines(old), splitLines(new)
		last := 0
		for n := 1; n <= len(newLines)+1; n++ {
			k := OldLine(old, new, n)
			if k == 0 {
				continue
			}
			if n > len(newLines) || k > len(oldLines) {
				t.Fatalf("line %d mapped to %d, past an end", n, k)
			}
			if strings.TrimSuffix(newLines[n-1], "\n") != strings.TrimSuffix(oldLines[k-1], "\n") {
				t.Fatalf("line %d %q mapped to line %d %q", n, newLines[n-1], k, oldLines[k-1])
			}
			if k <= last {
				t.Fatalf("line %d mapped to %d, not after %d", n, k, last)
			}
			last = k
		}
	})
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n")
}
