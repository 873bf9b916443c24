package reviewbranch

import (
	"context"
	"fmt"
	"io"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/history"
	"github.com/git-aiedit/git-aiedit/internal/retry"
)

// Choice is the review branch a command takes when none is named.
type Choice struct {
	Name string // "" when the repository has none
	// Current: it is the checked-out branch. FromHere: it was made on the
	// checked-out branch's history and is not yet in it.
	Current, FromHere bool
	Here              string // the checked-out branch ("" on a detached HEAD)
}

// Default is the one rule every command that reads or changes a review
// branch follows when none is named (docs/workflow.md, "Which branch"):
// the checked-out branch when it is a review branch; else the newest
// review branch made on the checked-out branch and not yet in it; else
// the newest of all. Newest is the tip committed last (ties: the first
// by name).
func Default(ctx context.Context, repo *gitops.Repo) (Choice, error) {
	list, err := List(ctx, repo)
	if err != nil {
		return Choice{}, err
	}
	ch := Choice{Here: repo.ShortName(ctx, "HEAD")}
	if ch.Here == "HEAD" {
		ch.Here = ""
	}
	head, headErr := repo.ResolveCommit(ctx, "HEAD")
	var newest, fromHere string
	var newestTime, fromHereTime int64
	for _, b := range list {
		if b.Current {
			ch.Name, ch.Current = b.Name, true
			return ch, nil
		}
		c, err := repo.Commit(plumbing.NewHash(b.Tip))
		if err != nil {
			return Choice{}, err
		}
		t := c.Committer.When.Unix()
		if newest == "" || t > newestTime {
			newest, newestTime = b.Name, t
		}
		if headErr != nil || b.Merged || b.made.IsZero() || fromHere != "" && t <= fromHereTime {
			continue
		}
		if ok, err := repo.IsAncestor(ctx, b.made, head); err != nil {
			return Choice{}, err
		} else if ok {
			fromHere, fromHereTime = b.Name, t
		}
	}
	if fromHere != "" {
		ch.Name, ch.FromHere = fromHere, true
		return ch, nil
	}
	ch.Name = newest
	return ch, nil
}

// Newest names the review branch Default chooses; "" when there is none.
func Newest(ctx context.Context, repo *gitops.Repo) (string, error) {
	ch, err := Default(ctx, repo)
	return ch.Name, err
}

// Why says why this branch was taken, for the line Say prints.
func (ch Choice) Why() string {
	switch {
	case ch.Current:
		return "the checked-out branch"
	case ch.FromHere:
		return "the newest review branch made on " + ch.Here
	case ch.Here != "":
		return "the newest review branch; none was made on " + ch.Here
	}
	return "the newest review branch"
}

// Say tells the user, on w (standard error), which branch cmd took and
// how to choose another. Nothing for the checked-out branch: that is
// what git itself would take.
func (ch Choice) Say(w io.Writer, cmd string) {
	if ch.Name == "" || ch.Current {
		return
	}
	fmt.Fprintf(w, "%s: %s (%s; name a branch to choose another)\n", cmd, ch.Name, ch.Why())
}

// madeOn is the commit a branch whose oldest response is oldest was
// made on: that response's parent, or, when the parent is the snapshot
// a live session began with, the snapshot's.
func madeOn(repo *gitops.Repo, oldest *history.Response) plumbing.Hash {
	if oldest.Parent.IsZero() {
		return plumbing.ZeroHash
	}
	c, err := repo.Commit(oldest.Parent)
	if err == nil && len(c.ParentHashes) > 0 && (oldest.Base.IsSnapshot() || trailer.Decode(c.Message).Snapshot != "") {
		return c.ParentHashes[0]
	}
	return oldest.Parent
}

// problems counts the blocks still to retry on a branch: what
// `git aiedit retry-prompt` lists, rejections aside. rs is newest first.
func problems(ctx context.Context, repo *gitops.Repo, rs []*history.Response, tip plumbing.Hash) (int, error) {
	oldest := make([]*history.Response, len(rs))
	for i, r := range rs {
		oldest[len(rs)-1-i] = r
	}
	items, err := retry.Outstanding(ctx, repo, oldest, tip)
	if err != nil {
		return 0, err
	}
	return retry.Problems(items), nil
}
