package gitops

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// With no notes, AddNotesWith still gives the caller its move (with no
// notes ref in it), so a branch moves alone; without a move it does
// nothing.
func TestAddNotesWithNoNotes(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	var got []RefUpdate
	err := repo.AddNotesWith(t.Context(), "refs/notes/x", nil, "m", func(_ context.Context, u RefUpdate) error {
		got = append(got, u)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []RefUpdate{{}}, got)
	require.NoError(t, repo.AddNotesWith(t.Context(), "refs/notes/x", nil, "m", nil))
	_, ok, err := repo.ReadRef(t.Context(), "refs/notes/x")
	require.NoError(t, err)
	assert.False(t, ok)
}

// A move that finds the notes ref moved by another writer has the notes
// built again on the ref's new tip: both writers' notes are kept, and the
// second move expects the new tip.
func TestAddNotesWithMoveRetriesOnMovedRef(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	ctx := context.Background()
	const ref = "refs/notes/x"
	c1 := head(t, repo)
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "two")
	c2 := head(t, repo)
	require.NoError(t, repo.AddNotes(ctx, ref, map[plumbing.Hash][]byte{c1: []byte("first\n")}, "first"))
	first := plumbing.NewHash(r.Git(t, "rev-parse", ref))

	var got []RefUpdate
	err := repo.AddNotesWith(ctx, ref, map[plumbing.Hash][]byte{c2: []byte("mine\n")}, "mine", func(ctx context.Context, u RefUpdate) error {
		got = append(got, u)
		if len(got) == 1 {
			// Another writer gets there first.
			r.Git(t, "notes", "--ref=x", "add", "-f", "-m", "theirs", c1.String())
		}
		return repo.UpdateRefs(ctx, "mine", u)
	})
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, first, got[0].Old)
	theirs := plumbing.NewHash(r.Git(t, "rev-parse", ref+"^"))
	assert.Equal(t, theirs, got[1].Old, "built again on the other writer's tip")
	assert.Equal(t, ref, got[1].Ref)
	assert.Equal(t, "theirs", r.Git(t, "notes", "--ref=x", "show", c1.String()))
	assert.Equal(t, "mine", r.Git(t, "notes", "--ref=x", "show", c2.String()))
	assert.Equal(t, "mine", r.Git(t, "log", "-1", "--format=%s", ref))
	fsck(t, r)
}

// Any other error of the move is returned as it is, after one call.
func TestAddNotesWithMoveError(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	boom := errors.New("boom")
	calls := 0
	err := repo.AddNotesWith(t.Context(), "refs/notes/x", map[plumbing.Hash][]byte{head(t, repo): []byte("n\n")}, "m", func(context.Context, RefUpdate) error {
		calls++
		return boom
	})
	assert.Same(t, boom, err)
	assert.Equal(t, 1, calls)
	_, ok, err := repo.ReadRef(t.Context(), "refs/notes/x")
	require.NoError(t, err)
	assert.False(t, ok)
}

// A notes ref whose commit a prune took for good (it stays missing past
// guttedGrace) starts the notes history again rather than failing every
// later run: the new notes commit has no parent.
func TestAddNotesGuttedTip(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out guttedGrace")
	}
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	const ref = "refs/notes/x"
	c := head(t, repo)
	gone := commits(t, r, 1, 7)[0]
	r.Git(t, "update-ref", ref, gone.String())
	hex := gone.String()
	require.NoError(t, os.Remove(filepath.Join(r.Dir, ".git", "objects", hex[:2], hex[2:])))

	require.NoError(t, repo.AddNotes(t.Context(), ref, map[plumbing.Hash][]byte{c: []byte("again\n")}, "again"))
	assert.Equal(t, "again", r.Git(t, "notes", "--ref=x", "show", c.String()))
	assert.Equal(t, "", r.Git(t, "log", "-1", "--format=%P", ref), "a new history")
}
