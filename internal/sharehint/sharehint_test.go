package sharehint

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestNotes(t *testing.T) {
	tests := map[string]struct {
		setup func(t *testing.T, r *gittest.Repo)
		want  string
	}{
		"no remote": {want: ""},
		"origin": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "remote", "add", "origin", "/nowhere") },
			want:  "git aiedit notes push",
		},
		"another remote only": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "remote", "add", "hub", "/nowhere") },
			want:  "git aiedit notes push hub",
		},
		"the branch's upstream": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Git(t, "remote", "add", "origin", "/nowhere")
				r.Git(t, "remote", "add", "hub", "/nowhere")
				r.Git(t, "config", "branch.main.remote", "hub")
			},
			want: "git aiedit notes push",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			gittest.Setenv(t)
			r := gittest.New(t, map[string]string{"a.py": "a\n"})
			if tt.setup != nil {
				tt.setup(t, r)
			}
			repo, err := gitops.Discover(context.Background(), r.Dir)
			require.NoError(t, err)
			defer repo.Close()
			assert.Equal(t, tt.want, Notes(context.Background(), repo, "push"))
		})
	}
}
