package gitops

import (
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// A note given by its encoder (AddNoteStreamsWith) is stored as the same
// blob as its bytes, a small one and one past the size stored without
// compression, without being held: git reads them, fsck is clean.
func TestNoteStreams(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	c1 := head(t, repo)
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "two")
	c2 := head(t, repo)
	small, large := "one\n", strings.Repeat("a line of a large note\n", 4000)
	stream := func(s string) NoteStream {
		return func(w io.Writer) error {
			for rest := s; len(rest) > 0; { // in pieces, as a note's encoder writes
				n := min(len(rest), 1000)
				if _, err := io.WriteString(w, rest[:n]); err != nil {
					return err
				}
				rest = rest[n:]
			}
			return nil
		}
	}
	const ref = "refs/notes/aiedit"
	require.NoError(t, repo.AddNoteStreamsWith(t.Context(), ref, map[plumbing.Hash]NoteStream{c1: stream(small), c2: stream(large)}, "streamed", nil))
	assert.Equal(t, strings.TrimSuffix(small, "\n"), r.Git(t, "notes", "--ref=aiedit", "show", c1.String()))
	assert.Equal(t, strings.TrimSuffix(large, "\n"), r.Git(t, "notes", "--ref=aiedit", "show", c2.String()))
	want := strings.TrimSpace(gittest.RunInput(t, r.Dir, nil, large, "hash-object", "--stdin"))
	assert.Equal(t, want, strings.TrimSpace(r.Git(t, "notes", "--ref=aiedit", "list", c2.String())), "the blob of the note's bytes")
	fsck(t, r)
}

// Notes written by AddNotes are git's own: git notes show reads them,
// and notes git wrote (also in fan-out directories) are read back.
func TestNotesRoundTrip(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	ctx := context.Background()
	c1 := head(t, repo)
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "two")
	c2 := head(t, repo)

	const ref = "refs/notes/aiedit"
	require.NoError(t, repo.AddNotes(ctx, ref, map[plumbing.Hash][]byte{c1: []byte("one\n")}, "first"))
	require.NoError(t, repo.AddNotes(ctx, ref, map[plumbing.Hash][]byte{c2: []byte("two\n"), c1: []byte("one again\n")}, "second"))
	assert.Equal(t, "one again", r.Git(t, "notes", "--ref=aiedit", "show", c1.String()))
	assert.Equal(t, "two", r.Git(t, "notes", "--ref=aiedit", "show", c2.String()))

	// git's own fan-out: a note git adds under ab/cdef… is read too.
	r.Git(t, "commit", "-q", "--allow-empty", "-m", "three")
	c3 := head(t, repo)
	r.Git(t, "notes", "--ref=aiedit", "add", "-m", "by git", c3.String())
	notes, err := repo.ReadNotes(t.Context(), ref)
	require.NoError(t, err)
	assert.Equal(t, 3, notes.Len())
	for c, want := range map[plumbing.Hash]string{c1: "one again\n", c2: "two\n", c3: "by git\n"} {
		got, ok, err := repo.Note(notes, c)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, want, string(got))
	}
	fsck(t, r)
}

func TestNotesFanout(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	ctx := context.Background()
	c := head(t, repo)
	hex := c.String()
	// A notes tree that uses fan-out for this prefix: the note goes there.
	blob := gittest.RunInput(t, r.Dir, nil, "old\n", "hash-object", "-w", "--stdin")
	sub := gittest.RunInput(t, r.Dir, nil, "100644 blob "+blob+"\t"+hex[2:]+"\n", "mktree")
	root := gittest.RunInput(t, r.Dir, nil, "040000 tree "+sub+"\t"+hex[:2]+"\n", "mktree")
	nc := r.Git(t, "commit-tree", "-m", "notes", root)
	r.Git(t, "update-ref", "refs/notes/x", nc)
	require.NoError(t, repo.AddNotes(ctx, "refs/notes/x", map[plumbing.Hash][]byte{c: []byte("new\n")}, "replace"))
	assert.Equal(t, "new", r.Git(t, "notes", "--ref=x", "show", hex))
	assert.Equal(t, "100644 blob", r.Git(t, "ls-tree", "refs/notes/x", hex[:2]+"/"+hex[2:])[:11])
	assert.Empty(t, r.Git(t, "ls-tree", "refs/notes/x", hex))
}

// Concurrent writers each keep their notes: the ref is compared and
// swapped, and a writer that lost reads it again.
func TestNotesConcurrent(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	var commits []plumbing.Hash
	for i := range 4 {
		r.Git(t, "commit", "-q", "--allow-empty", "-m", string(rune('a'+i)))
		commits = append(commits, head(t, open(t, r)))
	}
	var wg sync.WaitGroup
	errs := make([]error, len(commits))
	for i, c := range commits {
		wg.Go(func() {
			repo, err := Discover(context.Background(), r.Dir)
			if err != nil {
				errs[i] = err
				return
			}
			defer repo.Close()
			errs[i] = repo.AddNotes(context.Background(), "refs/notes/aiedit", map[plumbing.Hash][]byte{c: []byte(c.String())}, "n")
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	repo := open(t, r)
	notes, err := repo.ReadNotes(t.Context(), "refs/notes/aiedit")
	require.NoError(t, err)
	assert.Equal(t, len(commits), notes.Len())
}

// TestNotesGrowFanOut: past notesFanOut notes in one tree, the notes move
// down a level, as git's do, so that adding one more note reads and
// writes a small tree; git and ReadNotes still find every note, and a
// later note goes into the fan-out.
func TestNotesGrowFanOut(t *testing.T) {
	r := gittest.New(t, map[string]string{"a.txt": "a\n"})
	repo := open(t, r)
	ctx := context.Background()
	const ref = "refs/notes/aiedit"
	notes := map[plumbing.Hash][]byte{}
	for i := range notesFanOut + 1 {
		notes[plumbing.ComputeHash(plumbing.BlobObject, []byte{byte(i), byte(i >> 8)})] = []byte("note\n")
	}
	require.NoError(t, repo.AddNotes(ctx, ref, notes, "many"))
	top := r.Git(t, "ls-tree", ref)
	require.True(t, strings.Contains(top, "040000 tree"), "no fan-out")
	require.False(t, regexp.MustCompile(`blob [0-9a-f]{40}\t[0-9a-f]{40}(\n|$)`).MatchString(top), "notes left at the top")

	c := head(t, repo)
	require.NoError(t, repo.AddNotes(ctx, ref, map[plumbing.Hash][]byte{c: []byte("later\n")}, "one more"))
	assert.Equal(t, "later", r.Git(t, "notes", "--ref=aiedit", "show", c.String()))
	assert.True(t, strings.Contains(r.Git(t, "ls-tree", "-r", "--name-only", ref), c.String()[:2]+"/"+c.String()[2:]))
	read, err := repo.ReadNotes(ctx, ref)
	require.NoError(t, err)
	assert.Equal(t, notesFanOut+2, read.Len())
	for h := range notes {
		got, ok, err := repo.Note(read, h)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, "note\n", string(got))
	}
	fsck(t, r)
}
