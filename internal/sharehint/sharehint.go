// Package sharehint words the hints that tell how to share or fetch the
// attribution notes, for the commands that write or read them. A hint
// names the tool's own commands (git aiedit notes push|pull, which
// merge rather than overwrite), the remote only when notes would not
// take it by default, and nothing at all when the repository has no
// remote to share with.
package sharehint

import (
	"context"
	"slices"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// Remote is the remote a hint names: "" when there is none; the
// second result says whether `git aiedit notes` would take it unnamed
// (the current branch's upstream remote, else origin).
func Remote(ctx context.Context, repo *gitops.Repo) (string, bool) {
	remotes, err := repo.RemoteNames(ctx)
	if err != nil || len(remotes) == 0 {
		return "", false
	}
	if up, err := repo.UpstreamRemote(ctx); err == nil && up != "" && slices.Contains(remotes, up) {
		return up, true
	}
	if slices.Contains(remotes, "origin") {
		return "origin", true
	}
	return remotes[0], false
}

// Notes is the command that shares (verb "push") or fetches ("pull")
// the notes, "" when the repository has no remote.
func Notes(ctx context.Context, repo *gitops.Repo, verb string) string {
	remote, implied := Remote(ctx, repo)
	switch {
	case remote == "":
		return ""
	case implied:
		return "git aiedit notes " + verb
	}
	return "git aiedit notes " + verb + " " + remote
}
