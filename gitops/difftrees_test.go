package gitops

import (
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// DiffTrees lists what `git diff-tree -r --name-only` lists, in its
// order: added, removed and changed files, a mode change, a file that
// became a folder and a folder that became a file.
func TestDiffTrees(t *testing.T) {
	r := gittest.New(t, map[string]string{
		"a.txt": "a\n", "d/x.txt": "x\n", "d/y.txt": "y\n", "e/f/g.txt": "g\n", "same/s.txt": "s\n", "f": "file\n", "d.txt": "dt\n",
	})
	base := strings.TrimSpace(r.Git(t, "rev-parse", "HEAD^{tree}"))
	for name, changes := range map[string][]change{
		"nothing":          nil,
		"one changed":      {{path: "d/x.txt", content: "X\n"}},
		"added and gone":   {{path: "n/new.txt", content: "n\n"}, {path: "a.txt", del: true}},
		"mode":             {{path: "a.txt", content: "a\n", exec: true}},
		"file to folder":   {{path: "f", del: true}, {path: "f/inside.txt", content: "i\n"}},
		"folder to file":   {{path: "e", del: true}, {path: "e", content: "now a file\n"}},
		"a whole folder":   {{path: "d", del: true}},
		"beside a folder":  {{path: "d.txt", content: "DT\n"}, {path: "d/z.txt", content: "z\n"}},
		"deep and shallow": {{path: "e/f/g.txt", content: "G\n"}, {path: "e/h.txt", content: "h\n"}, {path: "z.txt", content: "z\n"}},
	} {
		t.Run(name, func(t *testing.T) {
			next := gitTree(t, r, base, changes)
			want := strings.Fields(r.Git(t, "diff-tree", "-r", "--name-only", "--no-renames", base, next))
			repo := open(t, r)
			var got []string
			require.NoError(t, repo.DiffTrees(plumbing.NewHash(base), plumbing.NewHash(next), func(p string) bool {
				got = append(got, p)
				return true
			}))
			if want == nil {
				want = []string{}
			}
			if got == nil {
				got = []string{}
			}
			assert.Equal(t, want, got)
			// Stopped at the first path, it yields that one alone.
			var first []string
			require.NoError(t, repo.DiffTrees(plumbing.NewHash(base), plumbing.NewHash(next), func(p string) bool {
				first = append(first, p)
				return false
			}))
			assert.Equal(t, min(len(want), 1), len(first))
		})
	}
}
