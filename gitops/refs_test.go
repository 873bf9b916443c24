package gitops

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// commits makes n empty commits on top of HEAD and returns them; salt
// makes them differ from those of another call.
func commits(t *testing.T, gr *gittest.Repo, n int, salt ...int) []plumbing.Hash {
	t.Helper()
	var out []plumbing.Hash
	tip := gr.Git(t, "rev-parse", "HEAD")
	for i := 0; i < n; i++ {
		tip = gittest.RunInput(t, gr.Dir, nil, fmt.Sprintf("c%d %v\n", i, salt), "commit-tree", "HEAD^{tree}", "-p", tip)
		out = append(out, plumbing.NewHash(tip))
	}
	return out
}

func TestUpdateRef(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	ctx := context.Background()
	base := head(t, repo)
	cs := commits(t, gr, 2)
	const ref = "refs/heads/aiedit/x"

	tests := []struct {
		name     string
		new, old plumbing.Hash
		moved    bool // errors.Is(err, ErrRefMoved)
		repoErr  bool // another *RepoError
	}{
		{name: "create", new: base, old: plumbing.ZeroHash},
		{name: "create again fails", new: cs[0], old: plumbing.ZeroHash, moved: true},
		{name: "advance", new: cs[0], old: base},
		{name: "stale old", new: cs[1], old: base, moved: true},
		{name: "advance again", new: cs[1], old: cs[0]},
		{name: "missing object", new: plumbing.NewHash("2222222222222222222222222222222222222222"), old: cs[1], repoErr: true},
		{name: "delete refused", new: plumbing.ZeroHash, old: cs[1], repoErr: true},
	}
	for _, tc := range tests { // in order: each step builds on the previous
		err := repo.UpdateRef(ctx, ref, tc.new, tc.old, "aiedit: "+tc.name)
		switch {
		case tc.moved:
			assert.ErrorIs(t, err, ErrRefMoved, tc.name)
		case tc.repoErr:
			var re *RepoError
			assert.ErrorAs(t, err, &re, tc.name)
			assert.NotErrorIs(t, err, ErrRefMoved, tc.name)
		default:
			assert.NoError(t, err, tc.name)
		}
	}
	got, ok, err := repo.ReadRef(t.Context(), ref)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, cs[1], got)
	assert.Contains(t, gr.Git(t, "reflog", "show", "--format=%gs", ref), "aiedit: advance again")

	var re *RepoError
	assert.ErrorAs(t, repo.UpdateRef(ctx, "HEAD", cs[0], base, "x"), &re, "HEAD is never moved")
	assert.Equal(t, base.String(), gr.Git(t, "rev-parse", "HEAD"))

	// A ref that was deleted meanwhile has moved too.
	gr.Git(t, "update-ref", "-d", ref)
	assert.ErrorIs(t, repo.UpdateRef(ctx, ref, cs[0], cs[1], "x"), ErrRefMoved)
}

func TestUpdateRefRace(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	ctx := context.Background()
	const racers, rounds = 4, 5
	const ref = "refs/heads/raced"
	cur := plumbing.ZeroHash
	for round := 0; round < rounds; round++ {
		cands := commits(t, gr, racers, round)
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := range cands {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				errs[i] = repo.UpdateRef(ctx, ref, cands[i], cur, "race")
			}(i)
		}
		wg.Wait()
		winners := 0
		var winner plumbing.Hash
		for i, err := range errs {
			if err == nil {
				winners++
				winner = cands[i]
				continue
			}
			assert.True(t, errors.Is(err, ErrRefMoved), "round %d: %v", round, err)
		}
		require.Equal(t, 1, winners, "round %d", round)
		got, ok, err := repo.ReadRef(t.Context(), ref)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, winner, got)
		cur = winner
	}
}

func TestReadRefAndResolve(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	repo := open(t, gr)
	base := head(t, repo)
	cs := commits(t, gr, 1)
	gr.Git(t, "update-ref", "refs/heads/packed", base.String())
	gr.Git(t, "update-ref", "refs/heads/dir/leaf", base.String())
	gr.Git(t, "pack-refs", "--all")
	gr.Git(t, "update-ref", "refs/heads/loose", cs[0].String())
	gr.Git(t, "tag", "-a", "-m", "tag", "v1", cs[0].String())

	tests := map[string]struct {
		name   string
		want   plumbing.Hash
		exists bool
		err    bool
	}{
		"packed":         {name: "refs/heads/packed", want: base, exists: true},
		"loose":          {name: "refs/heads/loose", want: cs[0], exists: true},
		"HEAD":           {name: "HEAD", want: base, exists: true},
		"missing":        {name: "refs/heads/nope", exists: false},
		"prefix of ref":  {name: "refs/heads/dir", exists: false},
		"short name":     {name: "main", err: true},
		"prefix of name": {name: "refs/heads/pack", exists: false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok, err := repo.ReadRef(t.Context(), tc.name)
			if tc.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.exists, ok)
			assert.Equal(t, tc.want, got)
		})
	}

	for rev, want := range map[string]plumbing.Hash{"v1": cs[0], "loose~1": base, "main": base, base.String()[:10]: base} {
		got, err := repo.ResolveCommit(t.Context(), rev)
		require.NoError(t, err, rev)
		assert.Equal(t, want, got, rev)
	}
	for _, rev := range []string{"nope", "HEAD^{tree}", "--all", "main:f"} {
		_, err := repo.ResolveCommit(t.Context(), rev)
		var re *RepoError
		assert.ErrorAs(t, err, &re, rev)
	}
}

// TestReadRefNamingPrunedObject: a ref whose commit a prune deleted still
// exists (loose or packed); only an absent ref reads as absent. A writer
// that took it for absent would try to create it forever. An update to a
// pruned object is ErrObjectPruned, which callers retry after writing it.
func TestReadRefNamingPrunedObject(t *testing.T) {
	gr := gittest.New(t, map[string]string{"f": "f\n"})
	c := commits(t, gr, 1, 42)[0]
	gr.Git(t, "update-ref", "refs/notes/gonetrue", c.String())
	gr.Git(t, "pack-refs", "--all")
	gr.Git(t, "update-ref", "refs/notes/gonefalse", c.String())
	require.FileExists(t, filepath.Join(gr.Dir, ".git", "refs", "notes", "gonefalse"))
	require.NoFileExists(t, filepath.Join(gr.Dir, ".git", "refs", "notes", "gonetrue"))
	hex := c.String()
	require.NoError(t, os.Remove(filepath.Join(gr.Dir, ".git", "objects", hex[:2], hex[2:])), "the commit is loose")
	repo := open(t, gr)
	for _, packed := range []bool{false, true} {
		h, ok, err := repo.ReadRef(t.Context(), fmt.Sprintf("refs/notes/gone%v", packed))
		require.NoError(t, err)
		assert.True(t, ok, "packed=%v: the ref exists", packed)
		assert.Equal(t, c, h)
	}
	_, ok, err := repo.ReadRef(t.Context(), "refs/notes/absent")
	require.NoError(t, err)
	assert.False(t, ok)

	err = repo.UpdateRef(t.Context(), "refs/heads/x", c, plumbing.ZeroHash, "test")
	assert.ErrorIs(t, err, ErrObjectPruned)
}
