package reviewbranch

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// TestDefault: the one rule for which review branch a command takes.
// aiedit/a was made on main; aiedit/b, committed later, on feature,
// which main's history lacks.
func TestDefault(t *testing.T) {
	tests := map[string]struct {
		setup func(t *testing.T, r *gittest.Repo)
		want  Choice
	}{
		"on main": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "switch", "-q", "main") },
			want:  Choice{Name: "aiedit/a", FromHere: true, Here: "main"},
		},
		"on feature, both made on its history: the newest": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "switch", "-q", "feature") },
			want:  Choice{Name: "aiedit/b", FromHere: true, Here: "feature"},
		},
		"on a review branch": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "switch", "-q", "aiedit/a") },
			want:  Choice{Name: "aiedit/a", Current: true, Here: "aiedit/a"},
		},
		"no shared history: the newest of all": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Git(t, "switch", "-q", "--orphan", "lone")
				r.Git(t, "commit", "-q", "--allow-empty", "-m", "lone")
			},
			want: Choice{Name: "aiedit/b", Here: "lone"},
		},
		"landed on main already": {
			setup: func(t *testing.T, r *gittest.Repo) {
				r.Git(t, "switch", "-q", "main")
				r.Git(t, "cherry-pick", "aiedit/a")
			},
			want: Choice{Name: "aiedit/b", Here: "main", HeadHolds: true},
		},
		"detached": {
			setup: func(t *testing.T, r *gittest.Repo) { r.Git(t, "switch", "-q", "--detach", "main") },
			want:  Choice{Name: "aiedit/a", FromHere: true},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			gittest.Setenv(t)
			r := gittest.New(t, map[string]string{"a.py": "a\n"})
			response := func(branch, content, date string) {
				t.Setenv("GIT_COMMITTER_DATE", date)
				rec := trailer.Record{Transcript: branch + ".md sha256:ab", N: 1, Total: 1}
				r.Write(t, "a.py", content)
				r.Git(t, "commit", "-q", "-am", trailer.FormatMessage("Response", "", rec.Encode()))
			}
			r.Git(t, "switch", "-q", "-c", "aiedit/a")
			response("a", "from a\n", "2026-01-02T00:00:00Z")
			r.Git(t, "switch", "-q", "-c", "feature", "main")
			r.Git(t, "commit", "-q", "--allow-empty", "-m", "feature work")
			r.Git(t, "switch", "-q", "-c", "aiedit/b")
			response("b", "from b\n", "2026-01-03T00:00:00Z")
			tt.setup(t, r)
			repo, err := gitops.Discover(context.Background(), r.Dir)
			require.NoError(t, err)
			defer repo.Close()

			got, err := Default(context.Background(), repo)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestChoiceSay(t *testing.T) {
	tests := map[string]struct {
		ch   Choice
		want string
	}{
		"made here":   {Choice{Name: "aiedit/a", FromHere: true, Here: "main"}, "log: aiedit/a (the newest review branch made on main; name a branch to choose another)\n"},
		"newest":      {Choice{Name: "aiedit/b", Here: "lone"}, "log: aiedit/b (the newest review branch; none was made on lone; name a branch to choose another)\n"},
		"detached":    {Choice{Name: "aiedit/b"}, "log: aiedit/b (the newest review branch; name a branch to choose another)\n"},
		"current":     {Choice{Name: "aiedit/a", Current: true, Here: "aiedit/a"}, ""},
		"none at all": {Choice{Here: "main"}, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			var b strings.Builder
			tt.ch.Say(&b, "log")
			assert.Equal(t, tt.want, b.String())
		})
	}
}
