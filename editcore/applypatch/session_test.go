package applypatch

import (
	"os"
	"testing"

	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/util"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// applyAll applies ops the way the command layer does: consecutive
// operations of one group together.
func applyAll(s *editcore.Session, ops []editcore.Op) []editcore.Result {
	var out []editcore.Result
	for i := 0; i < len(ops); i++ {
		if ops[i].Group == 0 {
			out = append(out, s.Apply(&ops[i]))
			continue
		}
		var g []*editcore.Op
		j := i
		for ; j < len(ops) && ops[j].Group == ops[i].Group; j++ {
			g = append(g, &ops[j])
		}
		out = append(out, s.ApplyGroup(g)...)
		i = j - 1
	}
	return out
}

// A file moved by an update whose chunk failed stays where it was.
func TestMoveAfterFailedChunk(t *testing.T) {
	fs := memfs.New()
	require.NoError(t, util.WriteFile(fs, "a.txt", []byte("one\ntwo\n"), 0o644))
	ops := run("*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n-missing\n+x\n*** End Patch\n")
	res := applyAll(editcore.NewSession(fs, editcore.Options{}), ops)
	require.Len(t, res, 2)
	assert.Equal(t, editcore.Failed, res[0].Status)
	assert.NotEqual(t, editcore.Applied, res[1].Status)
	_, err := fs.Stat("b.txt")
	assert.Error(t, err, "b.txt must not exist")
	data, err := util.ReadFile(fs, "a.txt")
	require.NoError(t, err)
	assert.Equal(t, "one\ntwo\n", string(data))
}

// The operations do what Codex does to a file, through the shared Session.
func TestApply(t *testing.T) {
	tests := map[string]struct {
		files map[string]string
		patch string
		want  map[string]string
		ok    bool
	}{
		"the same lines twice, without order, are ambiguous (Codex would take the first)": {
			map[string]string{"a.txt": "x\ny\nx\ny\n"},
			"*** Begin Patch\n*** Update File: a.txt\n@@\n x\n-y\n+Y\n*** End Patch\n",
			map[string]string{"a.txt": "x\ny\nx\ny\n"},
			false,
		},
		"scope narrows to the second function": {
			map[string]string{"a.py": "def f():\n    return 1\n\ndef g():\n    return 1\n"},
			"*** Begin Patch\n*** Update File: a.py\n@@ def g():\n-    return 1\n+    return 2\n*** End Patch\n",
			map[string]string{"a.py": "def f():\n    return 1\n\ndef g():\n    return 2\n"},
			true,
		},
		"scope: the first place after it, though the lines recur further down (as Codex)": {
			map[string]string{"a.py": "class A:\n    def run(self):\n        return 1\n\nclass B:\n    def run(self):\n        return 1\n"},
			"*** Begin Patch\n*** Update File: a.py\n@@ class A:\n     def run(self):\n-        return 1\n+        return 5\n*** End Patch\n",
			map[string]string{"a.py": "class A:\n    def run(self):\n        return 5\n\nclass B:\n    def run(self):\n        return 1\n"},
			true,
		},
		"chunks in order: the second is searched after the first": {
			map[string]string{"a.txt": "a\nx\ny\nb\nx\ny\n"},
			"*** Begin Patch\n*** Update File: a.txt\n@@\n a\n x\n-y\n+Y1\n@@\n x\n-y\n+Y2\n*** End Patch\n",
			map[string]string{"a.txt": "a\nx\nY1\nb\nx\nY2\n"},
			true,
		},
		"end of file anchors to the last lines": {
			map[string]string{"a.txt": "end\nmid\nend\n"},
			"*** Begin Patch\n*** Update File: a.txt\n@@\n-end\n+END\n*** End of File\n*** End Patch\n",
			map[string]string{"a.txt": "end\nmid\nEND\n"},
			true,
		},
		"a blank separator line before the next file is not context": {
			map[string]string{"a.txt": "one\n", "b.txt": "two\n"},
			"*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+1\n\n*** Update File: b.txt\n@@\n-two\n+2\n\n*** End Patch\n",
			map[string]string{"a.txt": "1\n", "b.txt": "2\n"},
			true,
		},
		"pure addition on a missing file fails": {
			map[string]string{"a.txt": "one\n"},
			"*** Begin Patch\n*** Update File: b.txt\n@@\n+two\n*** End Patch\n",
			map[string]string{"a.txt": "one\n"},
			false,
		},
		"a failed chunk leaves the file's other chunks unapplied": {
			map[string]string{"a.txt": "one\ntwo\n"},
			"*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+1\n@@\n-three\n+3\n*** End Patch\n",
			map[string]string{"a.txt": "one\ntwo\n"},
			false,
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			fs := memfs.New()
			for p, c := range tt.files {
				require.NoError(t, util.WriteFile(fs, p, []byte(c), 0o644))
			}
			ok := true
			for _, r := range applyAll(editcore.NewSession(fs, editcore.Options{}), run(tt.patch)) {
				ok = ok && r.OK()
			}
			assert.Equal(t, tt.ok, ok)
			got := map[string]string{}
			require.NoError(t, util.Walk(fs, "", func(p string, info os.FileInfo, err error) error {
				if err != nil || info.IsDir() {
					return err
				}
				b, err := util.ReadFile(fs, p)
				got[p] = string(b)
				return err
			}))
			assert.Equal(t, tt.want, got)
		})
	}
}
