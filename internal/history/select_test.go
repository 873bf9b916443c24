package history_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
)

func open(t *testing.T, dir string) *gitops.Repo {
	t.Helper()
	repo, err := gitops.Discover(context.Background(), dir)
	require.NoError(t, err)
	t.Cleanup(func() { repo.Close() })
	return repo
}

func TestSelect(t *testing.T) {
	r, _ := historytest.Review(t)
	repo := open(t, r.Dir)
	ctx := context.Background()
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "main moves on")

	tests := map[string]struct {
		spec    string
		want    []int // response numbers, oldest first
		name    string
		wantErr string
	}{
		"branch":            {spec: "review", want: []int{1, 2, 3}, name: "review"},
		"range":             {spec: "main..review", want: []int{1, 2, 3}, name: "main..review"},
		"range open end":    {spec: "review~1..review", want: []int{3}},
		"commit":            {spec: "review~1", want: []int{1, 2}},
		"no aiedit commits": {spec: "main", want: nil, name: "main"},
		"head is main":      {spec: "", want: nil, name: "main"},
		"error_unknown":     {spec: "nosuch", wantErr: "nosuch: not a commit"},
		"error_bad_range":   {spec: "nosuch..review", wantErr: "nosuch: not a commit"},
		"error_symmetric_range": {spec: "main...review",
			wantErr: "main...review: a symmetric range (three dots) is not accepted; give main..review for the commits of review that are not in main, or a branch"},
		"error_symmetric_range_open": {spec: "...review", wantErr: "give HEAD..review"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			sel, err := history.Select(ctx, repo, tt.spec)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			var got []int
			for _, resp := range sel.Responses {
				got = append(got, resp.N)
				assert.Equal(t, 3, resp.Total)
			}
			assert.Equal(t, tt.want, got)
			if tt.name != "" {
				assert.Equal(t, tt.name, sel.Name)
			}
		})
	}
}

// A human commit on top of the series is passed over; one in the middle
// ends it.
func TestSelectPassesOverCommitsOnTop(t *testing.T) {
	r, _ := historytest.Review(t)
	repo := open(t, r.Dir)
	r.Git(t, "switch", "-q", "review")
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "fixup by hand")
	sel, err := history.Select(context.Background(), repo, "review")
	require.NoError(t, err)
	require.Len(t, sel.Responses, 3)
	assert.Equal(t, history.Summary{Applied: 4, Failed: 1, NotInContext: 1}, sel.Summary())
	assert.True(t, history.IsBranch(t.Context(), repo, "review"))
	assert.True(t, history.IsBranch(t.Context(), repo, ""))
	assert.False(t, history.IsBranch(t.Context(), repo, "review~1"))
}

// A branch pushed and fetched is a branch: origin/review, its full name,
// and origin when origin/HEAD names it.
func TestIsBranchRemoteTracking(t *testing.T) {
	r, _ := historytest.Review(t)
	r.Git(t, "update-ref", "refs/remotes/origin/review", "review")
	r.Git(t, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/review")
	r.Git(t, "tag", "v1", "review")
	repo := open(t, r.Dir)
	tests := map[string]bool{
		"origin/review":              true,
		"refs/remotes/origin/review": true,
		"remotes/origin/review":      true,
		"origin":                     true,
		"origin/review~1":            false,
		"v1":                         false,
		"origin/nosuch":              false,
	}
	for rev, want := range tests {
		assert.Equal(t, want, history.IsBranch(t.Context(), repo, rev), rev)
	}
}

func TestOne(t *testing.T) {
	r, _ := historytest.Review(t)
	repo := open(t, r.Dir)
	sel, err := history.One(context.Background(), repo, "review~1")
	require.NoError(t, err)
	require.Len(t, sel.Responses, 1)
	assert.Equal(t, 2, sel.Responses[0].N)
	assert.True(t, sel.Single)
	_, err = history.One(context.Background(), repo, "main")
	require.ErrorContains(t, err, "is not an aiedit commit")
}

func TestChanges(t *testing.T) {
	r, _ := historytest.Review(t)
	repo := open(t, r.Dir)
	sel, err := history.One(context.Background(), repo, "review~2")
	require.NoError(t, err)
	changes, err := history.Changes(context.Background(), repo, sel.Responses[0])
	require.NoError(t, err)
	require.Len(t, changes, 2)
	assert.Equal(t, "app.py", changes[0].Path)
	assert.Equal(t, [2]int{1, 1}, [2]int{changes[0].Added, changes[0].Deleted})
	assert.Equal(t, byte('A'), changes[1].Status)
	assert.Equal(t, "remember the milk\n", string(changes[1].New))
}

func TestWriteMarkdown(t *testing.T) {
	r, _ := historytest.Review(t)
	repo := open(t, r.Dir)
	sel, err := history.Select(context.Background(), repo, "review")
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, history.WriteMarkdown(context.Background(), &b, repo, sel))
	md := b.String()
	assert.Contains(t, md, "## AI edits: 3 responses\n")
	assert.Contains(t, md, "4 applied, 1 failed, 1 not in context. Transcript `review.md`.")
	assert.Contains(t, md, "| `docs.md` | added | +3 −0 |")
	assert.Contains(t, md, "| `app.py` | modified | +1 −1 |")
	assert.Contains(t, md, "**failed:ambiguous_anchor**: ambiguous anchor: the lines match 2 places in app.py, at lines 5, 8; include a distinctive preceding line (a function name, class definition or unique comment) so that exactly one place matches")
	assert.Contains(t, md, "`git aiedit retry-prompt review`")

	b.Reset()
	require.NoError(t, history.WriteMarkdown(context.Background(), &b, repo, &history.Selection{Name: "x"}))
	assert.Equal(t, "## AI edits: 0 responses\n\nNo aiedit commits.\n", b.String())
}
