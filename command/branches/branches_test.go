package branches

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/command/land"
	"github.com/git-aiedit/git-aiedit/internal/history/historytest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

func TestRunLandTargets(t *testing.T) {
	r, _ := historytest.Review(t)
	r.Git(t, "branch", "develop")
	r.Git(t, "branch", "release")
	r.Git(t, "branch", "-m", "review", "fix-login") // a name of the user's: -b
	s, _, out, errOut := iostreams.Test()
	require.NoError(t, runLand(t, r.Dir, "fix-login", "develop"), errOut.String())
	r.Git(t, "merge", "-q", "--ff-only", "develop")
	r.Git(t, "branch", "-f", "release", "develop")

	require.NoError(t, Run(context.Background(), &Options{IO: s, Dir: r.Dir, JSON: true}))
	var list []reviewbranch.Branch
	require.NoError(t, json.Unmarshal(out.Bytes(), &list))
	var names []string
	for _, b := range list {
		names = append(names, b.Name)
	}
	assert.Equal(t, []string{"fix-login"}, names)

	out.Reset()
	require.NoError(t, Run(context.Background(), &Options{IO: s, Dir: r.Dir, PruneMerged: true}))
	assert.Contains(t, out.String(), "deleted fix-login")
	assert.NotContains(t, out.String(), "develop")
	assert.NotContains(t, out.String(), "release")
	assert.Contains(t, r.Git(t, "branch", "--list"), "develop")
	assert.Contains(t, r.Git(t, "branch", "--list"), "release")
}

func runLand(t *testing.T, dir, branch, onto string) error {
	s, _, _, _ := iostreams.Test()
	return land.Run(context.Background(), &land.Options{IO: s, Dir: dir, Branch: branch, Onto: onto})
}

// Every column starts at the same place on every line, whatever the
// widths of the cells above it ("1 failed" and "all applied").
func TestWriteAligned(t *testing.T) {
	s, _, out, _ := iostreams.Test()
	write(s, []*reviewbranch.Branch{
		{Name: "aiedit/create", Responses: 1, Merged: true, Transcripts: []string{"create.md"}},
		{Name: "aiedit/fix", Responses: 2, Problems: 1, Transcripts: []string{"fix.md"}},
		{Name: "aiedit/x", Responses: 12, Problems: 10, Current: true, Transcripts: []string{"a.md", "b.md"}},
	})
	assert.Equal(t, ""+
		"  aiedit/create  1 response    all applied  merged      create.md\n"+
		"  aiedit/fix     2 responses   1 failed     not merged  fix.md\n"+
		"* aiedit/x       12 responses  10 failed    current     a.md, b.md\n", out.String())
}
