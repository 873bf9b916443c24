package land

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// A branch that `hook run` records starts with a snapshot of the working
// tree as the session began: the user's uncommitted work, scratch files,
// the agent's settings. It is the base the agent's turns were made on,
// not one of them, so land leaves it out unless --with-base asks for it,
// and says what it left (docs/hooks.md, "Landing a live branch").
//
// A snapshot is known by its Aiedit-Snapshot trailer, or, on branches
// recorded before the trailer existed, by the Aiedit-Base trailer of the
// branch's first response, which names it as "the working tree at
// session start".

// leaveBase splits the branch's commits into the agent's turns and the
// session-start snapshots among them.
func leaveBase(commits []*gitops.Commit) (turns, snapshots []*gitops.Commit) {
	named := map[string]bool{}
	snapshot := map[plumbing.Hash]bool{}
	for _, c := range commits {
		rec := trailer.Decode(c.Message)
		if rec.Base.IsSnapshot() {
			named[rec.Base.Commit] = true
		}
		snapshot[c.Hash] = rec.Snapshot != ""
	}
	for _, c := range commits {
		if named[c.Hash.String()] || snapshot[c.Hash] {
			snapshots = append(snapshots, c)
			continue
		}
		turns = append(turns, c)
	}
	return turns, snapshots
}

// leftOut says what land did not bring over: each snapshot with the files
// it holds, and how to land it too.
func (l *lander) leftOut(ctx context.Context, snapshots []*gitops.Commit) (string, error) {
	var b strings.Builder
	for _, s := range snapshots {
		var parent plumbing.Hash
		if len(s.ParentHashes) > 0 {
			parent = s.ParentHashes[0]
		}
		changes, err := l.repo.DiffTree(ctx, parent, s.Hash)
		if err != nil {
			return "", exitcode.WithCode(exitcode.Repo, err)
		}
		paths := make([]string, 0, len(changes))
		for _, ch := range changes {
			paths = append(paths, ch.Path)
		}
		if len(paths) > maxListed {
			paths = append(paths[:maxListed:maxListed], fmt.Sprintf("and %d more", len(changes)-maxListed))
		}
		fmt.Fprintf(&b, "left out: %s, the working tree when the session began (%s: %s); it is not the agent's work\n",
			short(s.Hash), english.Count(len(changes), "file"), strings.Join(paths, ", "))
	}
	fmt.Fprintf(&b, "to land it too: git aiedit land --with-base")
	if l.opts.Squash {
		b.WriteString(" --squash")
	}
	fmt.Fprintf(&b, " --onto %s %s", l.onto, l.branch)
	return b.String(), nil
}

// maxListed bounds the files named for a snapshot left out.
const maxListed = 10
