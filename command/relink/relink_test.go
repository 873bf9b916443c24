package relink

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// review commits content on branch (from main) as response 1 of
// transcript, with a note saying it wrote line 2.
func review(t *testing.T, r *gittest.Repo, repo *gitops.Repo, branch, transcript, content string) plumbing.Hash {
	t.Helper()
	r.Git(t, "checkout", "-q", "-b", branch, "main")
	r.Write(t, "f.txt", content)
	r.Git(t, "commit", "-qam", "response\n\nAiedit-Transcript: "+transcript+"\nAiedit-Response: 1/1")
	h, err := repo.ResolveCommit(t.Context(), "HEAD")
	require.NoError(t, err)
	a := &attrnote.Note{
		Responses: []attrnote.Response{{Transcript: transcript, Response: 1, Total: 1}},
		Files:     []attrnote.File{{Path: "f.txt", Lines: []attrnote.Lines{{Start: 2, End: 2, Block: 1}}}},
	}
	require.NoError(t, repo.AddNotes(context.Background(), attrnote.Ref, map[plumbing.Hash][]byte{h: a.EncodeFor(h)}, "n"))
	return h
}

// copyOnMovedMain checks out main, moves it on by a commit of its own,
// and copies src onto it (as "Rebase and merge" does).
func copyOnMovedMain(t *testing.T, r *gittest.Repo, src plumbing.Hash) {
	t.Helper()
	r.Git(t, "checkout", "-q", "main")
	r.Write(t, "g.txt", "other\n")
	r.Git(t, "add", "g.txt")
	r.Git(t, "commit", "-qm", "other")
	r.Git(t, "cherry-pick", src.String())
}

func TestRelink(t *testing.T) {
	for name, tc := range map[string]struct {
		setup  func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) // leaves main checked out, the target at its tip
		rng    string
		dryRun bool
		say    []string // lines of standard error, in part
		noted  bool     // the target has a note after the run
	}{
		"rebased": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				src := review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				copyOnMovedMain(t, r, src)
			},
			say:   []string{"relinked ", ": rebased copy of "},
			noted: true,
		},
		"dry run": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				r.Git(t, "checkout", "-q", "main")
				r.Git(t, "merge", "-q", "--squash", "aiedit/x")
				r.Git(t, "commit", "-qm", "Squash (#1)")
			},
			dryRun: true,
			say:    []string{"would relink ", "Squash (#1): squash of aiedit/x (1 commit)", "1 note to write"},
		},
		"two origins that differ": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				src := review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				review(t, r, repo, "aiedit/y", "y.md sha256:00", "a\nB\nc\n")
				copyOnMovedMain(t, r, src)
			},
			say: []string{"left alone ", "its change is that of 2 review commits recording different responses", "0 notes written"},
		},
		"git rebase -i on the review branch": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				r.Write(t, "f.txt", "a\nB\nC\n")
				r.Git(t, "commit", "-qam", "response 2\n\nAiedit-Transcript: x.md sha256:00\nAiedit-Response: 2/2")
				h, err := repo.ResolveCommit(t.Context(), "HEAD")
				require.NoError(t, err)
				a := &attrnote.Note{
					Responses: []attrnote.Response{{Transcript: "x.md sha256:00", Response: 2, Total: 2}},
					Files:     []attrnote.File{{Path: "f.txt", Lines: []attrnote.Lines{{Start: 3, End: 3, Block: 1}}}},
				}
				require.NoError(t, repo.AddNotes(context.Background(), attrnote.Ref, map[plumbing.Hash][]byte{h: a.EncodeFor(h)}, "n"))
				t.Setenv("GIT_SEQUENCE_EDITOR", "sed -i 2s/^pick/squash/")
				t.Setenv("GIT_EDITOR", "true")
				r.Git(t, "rebase", "-q", "-i", "main")
			},
			say:   []string{"relinked ", ": squash of aiedit/x (reflog) (2 commits)", "1 note written"},
			noted: true,
		},
		"no notes here": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				r.Write(t, "f.txt", "a\nB\nc\n")
				r.Git(t, "commit", "-qam", "x\n\nAiedit-Transcript: x.md sha256:00\nAiedit-Response: 1/1")
				r.Git(t, "remote", "add", "origin", "../hub.git")
			},
			say: []string{"relink: no review commit with an attribution note here", "fetch the notes (git aiedit notes pull)"},
		},
		"no notes, no remote": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				r.Write(t, "f.txt", "a\nB\nc\n")
				r.Git(t, "commit", "-qam", "x\n\nAiedit-Transcript: x.md sha256:00\nAiedit-Response: 1/1")
			},
			say: []string{"relink: no review commit with an attribution note here, so nothing to relink from\n"},
		},
		"a person's commit": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				r.Git(t, "checkout", "-q", "main")
				r.Write(t, "f.txt", "a\nb\nC\n")
				r.Git(t, "commit", "-qam", "by hand")
			},
			say: []string{"0 notes written; 2 other commits without a note match no review commit"},
		},
		"every commit has its note": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				r.Git(t, "checkout", "-q", "main")
				r.Git(t, "merge", "-q", "--ff-only", "aiedit/x")
			},
			rng:   "main~1..main",
			say:   []string{"relink: every commit of main~1..main has its note; nothing to do\n"},
			noted: true,
		},
		"a note git copied": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				src := review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				copyOnMovedMain(t, r, src)
				r.Git(t, "notes", "--ref=aiedit", "copy", src.String(), "HEAD")
			},
			say:   []string{"relinked ", ": the note git copied here, placed on this commit's lines\n", "1 note written"},
			noted: true,
		},
		"no response line left": {
			setup: func(t *testing.T, r *gittest.Repo, repo *gitops.Repo) {
				review(t, r, repo, "aiedit/x", "x.md sha256:00", "a\nB\nc\n")
				r.Write(t, "f.txt", "a\nX\nc\n")
				r.Git(t, "commit", "-qam", "by hand")
				r.Git(t, "checkout", "-q", "main")
				r.Git(t, "merge", "-q", "--squash", "aiedit/x")
				r.Git(t, "commit", "-qm", "Squash (#2)")
			},
			say: []string{"relinked ", "Squash (#2): squash of aiedit/x (2 commits), in which no line a response wrote is left; no note needed\n", "0 notes written"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			gittest.Setenv(t)
			r := gittest.New(t, map[string]string{"f.txt": "a\nb\nc\n"})
			r.Git(t, "branch", "-M", "main")
			repo, err := gitops.Discover(context.Background(), r.Dir)
			require.NoError(t, err)
			defer repo.Close()
			tc.setup(t, r, repo)
			var errb bytes.Buffer
			opts := &Options{IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errb}, Dir: r.Dir, Range: tc.rng, DryRun: tc.dryRun}
			require.NoError(t, Run(context.Background(), opts))
			for _, s := range tc.say {
				assert.Contains(t, errb.String(), s)
			}
			has := r.Git(t, "notes", "--ref=aiedit", "list")
			target := strings.TrimSpace(r.Git(t, "rev-parse", "HEAD"))
			assert.Equal(t, tc.noted, strings.Contains(has, " "+target), "target's note:\n%s", errb.String())
		})
	}
}
