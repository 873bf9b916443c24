package provenance

import (
	"context"
	"fmt"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
)

// doc is a note document for f.txt written for commit (empty: none
// named), whose lines were written by response n.
func doc(commit string, n int, lines ...int) string {
	a := &attrnote.Note{Commit: commit, Responses: []attrnote.Response{{Transcript: "t.md sha256:00", Response: n, Total: 3}}}
	f := attrnote.File{Path: "f.txt"}
	for _, l := range lines {
		f.Lines = append(f.Lines, attrnote.Lines{Start: l, End: l, Block: 1})
	}
	a.Files = []attrnote.File{f}
	return string(a.Encode())
}

// TestSettle: a note read on the commit it sits on, whatever git did to
// it (copied by notes.rewriteRef, joined by a squash or a notes merge),
// says which lines of that commit each response wrote, or that it
// cannot tell.
func TestSettle(t *testing.T) {
	gittest.Setenv(t)
	r := gittest.New(t, map[string]string{"f.txt": "a\nb\n"})
	repo, err := gitops.Discover(context.Background(), r.Dir)
	require.NoError(t, err)
	defer repo.Close()
	head := func() plumbing.Hash {
		h, err := repo.ResolveCommit(t.Context(), "HEAD")
		require.NoError(t, err)
		return h
	}
	base := head()
	// Two responses on a branch: 1 rewrites b, 2 adds c.
	r.Write(t, "f.txt", "a\nB1\n")
	r.Git(t, "commit", "-qam", "one")
	one := head()
	r.Write(t, "f.txt", "a\nB1\nC2\n")
	r.Git(t, "commit", "-qam", "two")
	two := head()
	// The same change on a base that gained two lines first.
	r.Git(t, "checkout", "-q", base.String())
	r.Write(t, "f.txt", "h1\nh2\na\nB1\nC2\n")
	r.Git(t, "commit", "-qam", "moved squash")
	moved := head()
	// Response 1 rebased onto a base that gained two lines.
	r.Write(t, "f.txt", "h1\nh2\na\nb\n")
	r.Git(t, "commit", "-qam", "header")
	r.Write(t, "f.txt", "h1\nh2\na\nB1\n")
	r.Git(t, "commit", "-qam", "one, rebased")
	rebased := head()

	for name, tc := range map[string]struct {
		on      plumbing.Hash
		docs    []string
		want    map[int]int // line -> response (absent: no response)
		unknown string
	}{
		"own note":            {on: two, docs: []string{doc(two.String(), 2, 3)}, want: map[int]int{3: 2}},
		"legacy note":         {on: two, docs: []string{doc("", 2, 3)}, want: map[int]int{3: 2}},
		"copied, moved":       {on: moved, docs: []string{doc(one.String(), 1, 2)}, want: map[int]int{4: 1}},
		"squash, joined":      {on: moved, docs: []string{doc(one.String(), 1, 2), doc(two.String(), 2, 3)}, want: map[int]int{4: 1, 5: 2}},
		"merge, union":        {on: two, docs: []string{doc(two.String(), 2, 3), doc(two.String(), 1, 2)}, want: map[int]int{2: 1, 3: 2}},
		"copied":              {on: rebased, docs: []string{doc(one.String(), 1, 2)}, want: map[int]int{4: 1}},
		"old note, copied":    {on: rebased, docs: []string{doc("", 1, 2)}, unknown: "lists line 2 of f.txt, which this commit did not change"},
		"old notes, squashed": {on: moved, docs: []string{doc("", 1, 2), doc("", 2, 3)}, unknown: "which this commit did not change"},
		"original gone":       {on: moved, docs: []string{doc(plumbing.NewHash("1234567890123456789012345678901234567890").String(), 1, 2)}, unknown: "no longer in the repository"},
		"not a name":          {on: moved, docs: []string{doc("HEAD", 1, 2)}, unknown: "not a commit name"},
	} {
		t.Run(name, func(t *testing.T) {
			notes := map[plumbing.Hash][]byte{}
			joined := ""
			for _, d := range tc.docs {
				joined += d + "\n"
			}
			notes[tc.on] = []byte(joined)
			require.NoError(t, repo.AddNotes(context.Background(), attrnote.Ref, notes, "test"))
			res, err := NewResolver(t.Context(), repo)
			require.NoError(t, err)
			why, err := res.Unknown(tc.on)
			require.NoError(t, err)
			if tc.unknown != "" {
				assert.Contains(t, why, tc.unknown)
				o, err := res.Who(tc.on, "f.txt", 4, "Ada")
				require.NoError(t, err)
				assert.True(t, o.Unknown)
				assert.False(t, o.AI, "no owner is claimed")
				return
			}
			require.Empty(t, why)
			for line := 1; line <= 5; line++ {
				o, err := res.Who(tc.on, "f.txt", line, "Ada")
				require.NoError(t, err)
				got := 0
				if o.AI {
					got = o.Response.Response
				}
				assert.Equal(t, tc.want[line], got, fmt.Sprintf("line %d", line))
			}
		})
	}
}
