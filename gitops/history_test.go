package gitops

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

func TestFirstParents(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	ctx := context.Background()
	root := head(t, repo)
	cs := commits(t, gr, 3) // root ← c0 ← c1 ← c2
	side := gittest.RunInput(t, gr.Dir, nil, "side\n", "commit-tree", "HEAD^{tree}", "-p", root.String())
	merge := plumbing.NewHash(gittest.RunInput(t, gr.Dir, nil, "merge\n",
		"commit-tree", "HEAD^{tree}", "-p", cs[2].String(), "-p", side))

	walk := func(tip, stop plumbing.Hash, limit int) ([]plumbing.Hash, error) {
		var got []plumbing.Hash
		err := repo.FirstParents(ctx, tip, stop, func(c *Commit) error {
			got = append(got, c.Hash)
			if len(got) == limit {
				return ErrStopWalk
			}
			return nil
		})
		return got, err
	}
	tests := map[string]struct {
		tip, stop plumbing.Hash
		limit     int
		want      []plumbing.Hash
	}{
		"to root":            {tip: cs[2], want: []plumbing.Hash{cs[2], cs[1], cs[0], root}},
		"to stop":            {tip: cs[2], stop: cs[0], want: []plumbing.Hash{cs[2], cs[1]}},
		"tip is stop":        {tip: cs[1], stop: cs[1]},
		"merge first parent": {tip: merge, stop: root, want: []plumbing.Hash{merge, cs[2], cs[1], cs[0]}},
		"stopped early":      {tip: cs[2], limit: 2, want: []plumbing.Hash{cs[2], cs[1]}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := walk(tc.tip, tc.stop, tc.limit)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}

	boom := errors.New("boom")
	err := repo.FirstParents(ctx, cs[2], plumbing.ZeroHash, func(*Commit) error { return boom })
	assert.ErrorIs(t, err, boom)

	c, err := repo.Commit(cs[0])
	require.NoError(t, err)
	assert.Equal(t, "c0 []\n", c.Message)
	assert.Equal(t, gittest.Name, c.Author.Name)
}

func TestIsAncestor(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	root := head(t, repo)
	cs := commits(t, gr, 2)
	other := commits(t, gr, 1, 99)[0]
	tests := map[string]struct {
		a, b plumbing.Hash
		want bool
		err  bool
	}{
		"parent":    {a: root, b: cs[1], want: true},
		"same":      {a: cs[0], b: cs[0], want: true},
		"child":     {a: cs[1], b: root, want: false},
		"unrelated": {a: other, b: cs[1], want: false},
		"missing":   {a: plumbing.NewHash("3333333333333333333333333333333333333333"), b: root, err: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := repo.IsAncestor(t.Context(), tc.a, tc.b)
			if tc.err {
				var re *RepoError
				assert.ErrorAs(t, err, &re)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestAddWorktree(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	ctx := context.Background()
	base := head(t, repo)
	before := gr.Snapshot(t)
	require.NoError(t, repo.UpdateRef(ctx, "refs/heads/aiedit/review", base, plumbing.ZeroHash, "test"))
	dir := filepath.Join(t.TempDir(), "review")
	require.NoError(t, repo.AddWorktree(ctx, dir, "refs/heads/aiedit/review"))
	assert.Equal(t, "aiedit/review", gittest.Run(t, dir, nil, "symbolic-ref", "--short", "HEAD"))
	assert.Equal(t, before, gr.Snapshot(t).Without("refs/heads/aiedit/"))

	var re *RepoError
	assert.ErrorAs(t, repo.AddWorktree(ctx, dir, "aiedit/review"), &re, "existing directory, branch checked out")
}
