package notes

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// TrackingRef is where the remote's notes are fetched: beside the local
// ones, never over them (a forced fetch into refs/notes/aiedit would drop
// the notes not pushed yet).
func TrackingRef(remote string) string { return "refs/notes/remotes/" + remote + "/aiedit" }

// open finds the repository and the remote the command works with.
func open(ctx context.Context, opts *Options) (*gitops.Repo, string, error) {
	repo, err := gitops.Discover(ctx, opts.Dir)
	if err != nil {
		return nil, "", exitcode.WithCode(exitcode.Repo, err)
	}
	remotes, err := repo.RemoteNames(ctx)
	if err != nil {
		repo.Close()
		return nil, "", exitcode.WithCode(exitcode.Repo, err)
	}
	remote := opts.Remote
	if remote == "" {
		if remote, err = repo.UpstreamRemote(ctx); err != nil || remote == "" {
			remote = "origin"
		}
	}
	if !slices.Contains(remotes, remote) {
		repo.Close()
		if opts.Remote == "" {
			return nil, "", exitcode.UsageErrorf("notes: no remote named; the current branch tracks none and there is no origin: name one (git remote -v lists them)")
		}
		return nil, "", exitcode.UsageErrorf("notes: no remote %q; name one of git remote -v, or add it with git remote add", remote)
	}
	return repo, remote, nil
}

// outcome is what a fetch and merge did to the local notes.
type outcome int

const (
	remoteHasNone outcome = iota // the remote has no notes ref
	upToDate                     // the local notes hold all of the remote's
	took                         // there were no local notes: the remote's are taken
	fastForward                  // the local notes had nothing of their own: moved to the remote's
	merged                       // both had notes of their own: a notes merge commit
)

// fetchMerge fetches the remote's notes and merges them into the local
// ones: a fast-forward where one side holds the other, else git's notes
// merge with the union strategy (a note both sides changed keeps both
// texts, one JSON document after the other, which readers join). The
// local ref moves by compare-and-swap; a local writer that moved it
// meanwhile has the merge made again on its notes.
func fetchMerge(ctx context.Context, repo *gitops.Repo, remote string) (outcome, plumbing.Hash, error) {
	track := TrackingRef(remote)
	found, err := repo.FetchRef(ctx, remote, attrnote.Ref, track)
	if err != nil {
		return 0, plumbing.ZeroHash, exitcode.WithCode(exitcode.Repo, err)
	}
	if !found {
		return remoteHasNone, plumbing.ZeroHash, nil
	}
	theirs, ok, err := repo.RefTip(ctx, track)
	if err != nil {
		return 0, plumbing.ZeroHash, exitcode.RepoErrorf("notes: %s: fetched, but cannot read it: %v", track, err)
	}
	if !ok {
		// git's notes refs name commits; one that names a blob or a tree
		// was pushed by something else than git notes.
		return 0, plumbing.ZeroHash, exitcode.RepoErrorf("notes: %s's %s is not a commit of notes (fetched as %s: git cat-file -t %s says what it is); "+
			"nothing was merged: whoever pushed it can push the notes again, or delete it (git push %s --delete %s) for notes push to start it afresh",
			remote, attrnote.Ref, track, track, remote, attrnote.Ref)
	}
	retry := gitops.NewBackoff()
	for {
		res, err := mergeOnce(ctx, repo, remote, theirs)
		if errors.Is(err, gitops.ErrRefMoved) && retry.Wait(ctx) {
			continue // a local writer added notes meanwhile: merge with them
		}
		if err != nil {
			return 0, plumbing.ZeroHash, exitcode.Default(exitcode.Repo, err)
		}
		return res, theirs, nil
	}
}

func mergeOnce(ctx context.Context, repo *gitops.Repo, remote string, theirs plumbing.Hash) (outcome, error) {
	ref := attrnote.Ref
	ours, ok, err := repo.RefTip(ctx, ref)
	if err != nil {
		return 0, err
	}
	if !ok {
		return took, repo.UpdateRef(ctx, ref, theirs, plumbing.ZeroHash, "aiedit: notes from "+remote)
	}
	if ours == theirs {
		return upToDate, nil
	}
	if in, err := repo.IsAncestor(ctx, theirs, ours); err != nil || in {
		return upToDate, err
	}
	if behind, err := repo.IsAncestor(ctx, ours, theirs); err != nil || behind {
		if err != nil {
			return 0, err
		}
		return fastForward, repo.UpdateRef(ctx, ref, theirs, ours, "aiedit: notes from "+remote+" (fast-forward)")
	}
	if _, err = repo.MergeNotes(ctx, ref, ours, theirs, "union", fmt.Sprintf("aiedit: merge notes from %s", remote)); err != nil {
		return 0, err
	}
	_, err = normalize(ctx, repo)
	return merged, err
}

// say reports what fetchMerge did.
func (o outcome) say(remote string) string {
	switch o {
	case remoteHasNone:
		return fmt.Sprintf("%s has no attribution notes yet", remote)
	case upToDate:
		return fmt.Sprintf("your notes already hold every note of %s", remote)
	case took:
		return fmt.Sprintf("took the notes of %s (you had none)", remote)
	case fastForward:
		return fmt.Sprintf("brought in the new notes of %s", remote)
	default:
		return fmt.Sprintf("merged the notes of %s with yours", remote)
	}
}
