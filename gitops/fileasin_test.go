package gitops

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestFileAsIn(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n"})
	r.Git(t, "switch", "-q", "-c", "other")
	r.Write(t, "a.txt", "other\n")
	r.Write(t, "new.txt", "new\n")
	r.Git(t, "add", ".")
	r.Git(t, "commit", "-qm", "other")
	r.Git(t, "switch", "-q", "main")
	repo := open(t, r)
	tests := map[string]struct {
		setup     func()
		rev, path string
		want      bool
	}{
		"as HEAD has it":        {rev: "HEAD", path: "a.txt", want: true},
		"not as other has it":   {rev: "other", path: "a.txt"},
		"edited to other's":     {setup: func() { r.Write(t, "a.txt", "other\n") }, rev: "other", path: "a.txt", want: true},
		"untracked, as other's": {setup: func() { r.Write(t, "new.txt", "new\n") }, rev: "other", path: "new.txt", want: true},
		"not in HEAD":           {setup: func() { r.Write(t, "new.txt", "new\n") }, rev: "HEAD", path: "new.txt"},
		"not in the checkout":   {rev: "other", path: "new.txt"},
		"in a folder":           {rev: "HEAD", path: "sub/b.txt", want: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r.Git(t, "checkout", "-q", "--", ".")
			r.Git(t, "clean", "-qfd")
			if tt.setup != nil {
				tt.setup()
			}
			got, err := repo.FileAsIn(t.Context(), tt.rev, tt.path)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
