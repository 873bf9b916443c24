package provenance

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// commit writes content to f.txt and commits it; with lines, it is a
// response commit whose note says those (1-based) lines are block 1's.
func commit(t *testing.T, r *gittest.Repo, repo *gitops.Repo, n int, content string, lines ...int) plumbing.Hash {
	t.Helper()
	r.Write(t, "f.txt", content)
	msg := "human edit"
	if len(lines) > 0 {
		msg = "response\n\nAiedit-Transcript: t.md sha256:00\nAiedit-Response: " + strconv.Itoa(n) + "/3\nAiedit-Block: 1 applied f.txt"
	}
	r.Git(t, "commit", "-qam", msg)
	h, err := repo.ResolveCommit(t.Context(), "HEAD")
	require.NoError(t, err)
	if len(lines) > 0 {
		a := &attrnote.Note{Responses: []attrnote.Response{{Transcript: "t.md sha256:00", Response: n, Total: 3}}}
		f := attrnote.File{Path: "f.txt"}
		for _, l := range lines {
			f.Lines = append(f.Lines, attrnote.Lines{Start: l, End: l, Block: 1})
		}
		a.Files = []attrnote.File{f}
		require.NoError(t, repo.AddNotes(context.Background(), attrnote.Ref, map[plumbing.Hash][]byte{h: a.Encode()}, "n"))
	}
	return h
}

// Composition: a line written by response 1 and rewritten by response 3
// is 3's; a line a person changed in between is nobody's; untouched base
// lines are not listed.
func TestCompose(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"f.txt": "a\nb\nc\nd\n"})
	repo, err := gitops.Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	defer repo.Close()
	c1 := commit(t, r, repo, 1, "a\nB1\nC1\nd\n", 2, 3)
	c2 := commit(t, r, repo, 0, "a\nB1\nC-human\nd\n")
	c3 := commit(t, r, repo, 3, "a\nB3\nC-human\nd\nE3\n", 2, 5)

	res, err := NewResolver(t.Context(), repo)
	require.NoError(t, err)
	note, err := res.Compose(context.Background(), []plumbing.Hash{c1, c2, c3}, c3)
	require.NoError(t, err)
	require.NotNil(t, note)
	require.Len(t, note.Files, 1)
	var got []string
	for _, l := range note.Files[0].Lines {
		resp := note.Responses[l.Source]
		got = append(got, strings.Join([]string{strconv.Itoa(l.Start), strconv.Itoa(l.End), strconv.Itoa(resp.Response), resp.Commit[:7]}, " "))
	}
	assert.Equal(t, []string{"2 2 3 " + c3.String()[:7], "5 5 3 " + c3.String()[:7]}, got)
	_, _, ok := note.At("f.txt", 3)
	assert.False(t, ok, "the person's line")

	// Without the later response, line 2 is still response 1's.
	note, err = res.Compose(context.Background(), []plumbing.Hash{c1, c2}, c2)
	require.NoError(t, err)
	resp, _, ok := note.At("f.txt", 2)
	require.True(t, ok)
	assert.Equal(t, 1, resp.Response)
	assert.Equal(t, c1.String(), resp.Commit)
}
