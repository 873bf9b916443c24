package relink

import (
	"context"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/provenance"
)

// source is a review commit: one whose note was written for it.
type source struct {
	commit *gitops.Commit
	note   *attrnote.Note
}

// sources reads every commit with a note of its own. Notes of commits
// that are gone (pruned after a rebase) and notes git copied from
// another commit are not sources.
func sources(repo *gitops.Repo, notes *gitops.Notes) (map[plumbing.Hash]*source, error) {
	out := map[plumbing.Hash]*source{}
	for _, h := range notes.Commits() {
		docs, err := provenance.ReadNote(repo, notes, h)
		if err != nil || len(docs) != 1 || (docs[0].Commit != "" && docs[0].Commit != h.String()) {
			continue // unreadable or not its own: never a source
		}
		c, err := repo.Commit(h)
		if err != nil {
			continue
		}
		out[h] = &source{commit: c, note: docs[0]}
	}
	return out, nil
}

// responsesKey names the responses a note records, so that review
// commits recording the same ones (a commit and its land --rebase copy)
// count as one origin.
func responsesKey(note *attrnote.Note) string {
	var keys []string
	for _, r := range note.Responses {
		keys = append(keys, r.Transcript+"\x00"+itoa(r.Response))
	}
	return strings.Join(keys, "\x01")
}

// branchTips are the tips a hosting site may have squashed: review
// branches (aiedit/…, local and remote-tracking) and what their reflogs
// and HEAD's held, when that is a review commit.
func branchTips(ctx context.Context, repo *gitops.Repo, srcs map[plumbing.Hash]*source) (map[plumbing.Hash]string, error) {
	tips := map[plumbing.Hash]string{}
	refs, err := repo.RefTips(ctx, "refs/heads/aiedit/", "refs/remotes/")
	if err != nil {
		return nil, err
	}
	var logs []string
	for name, h := range refs {
		if strings.HasPrefix(name, "refs/remotes/") && !strings.Contains(name, "/aiedit/") {
			continue
		}
		if _, ok := tips[h]; !ok {
			tips[h] = shortRef(name)
		}
		if strings.HasPrefix(name, "refs/heads/") {
			logs = append(logs, name)
		}
	}
	for _, ref := range append(logs, "HEAD") {
		hs, err := repo.ReflogCommits(ctx, ref, maxReflog)
		if err != nil {
			return nil, err
		}
		for _, h := range hs {
			if _, ok := srcs[h]; ok {
				if _, seen := tips[h]; !seen {
					tips[h] = shortRef(ref) + " (reflog)"
				}
			}
		}
	}
	return tips, nil
}

func shortRef(name string) string {
	for _, p := range []string{"refs/heads/", "refs/remotes/"} {
		if s, ok := strings.CutPrefix(name, p); ok {
			return s
		}
	}
	return name
}
