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
	// HeadHolds: no review branch is made on the checked-out branch, and
	// its own history holds responses (landed there): Pick reads it.
	HeadHolds bool
}

// Default is the one rule every command that reads or changes a review
// branch follows when none is named (docs/workflow.md, "Which branch"):
// the checked-out branch when it is a review branch; else the newest
// review branch made on the checked-out branch and not yet in it; else
// the newest of all. Newest is the tip committed last (ties: the first
// by name).
func Default(ctx context.Context, repo *gitops.Repo) (Choice, error) {
	branches, err := list(ctx, repo, false)
	if err != nil {
		return Choice{}, err
	}
	ch := Choice{Here: repo.ShortName(ctx, "HEAD")}
	if ch.Here == "HEAD" {
		ch.Here = ""
	}
	head, headErr := repo.ResolveCommit(ctx, "HEAD")
	var newest, fromHere string
	var landed map[string]bool // the responses in HEAD's history, read when first needed
	var newestTime, fromHereTime int64
	for _, b := range branches {
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
		if ok, err := repo.IsAncestor(ctx, b.made, head); err != nil || !ok {
			if err != nil {
				return Choice{}, err
			}
			continue
		}
		if landed == nil {
			if landed, err = landedKeys(ctx, repo, head); err != nil {
				return Choice{}, err
			}
		}
		if !landed[b.newest] {
			fromHere, fromHereTime = b.Name, t
		}
	}
	if fromHere != "" {
		ch.Name, ch.FromHere = fromHere, true
		return ch, nil
	}
	ch.Name = newest
	if headErr == nil {
		if landed == nil {
			if landed, err = landedKeys(ctx, repo, head); err != nil {
				return Choice{}, err
			}
		}
		ch.HeadHolds = len(landed) > 0
	}
	return ch, nil
}

// Pick is Default for a command whose own default is HEAD (log, show,
// undo, retry-prompt): the branch to take instead, said on w for cmd,
// or "" when HEAD's branch is the one: a review branch, or one whose own
// history holds the responses landed there while no review branch is
// made on it; also when there is no review branch at all.
func Pick(ctx context.Context, repo *gitops.Repo, w io.Writer, cmd string) (string, error) {
	ch, err := Default(ctx, repo)
	if err != nil || ch.Current || ch.Name == "" || !ch.FromHere && ch.HeadHolds {
		return "", err
	}
	ch.Say(w, cmd)
	return ch.Name, nil
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

// maxLanded bounds the commits of HEAD's history Default reads to know
// which review branches have landed there.
const maxLanded = 1000

// landedKeys lists the responses on head's first-parent history (the
// newest maxLanded commits): land --rebase copies each response commit
// with its message, so a review branch whose newest response is among
// them has landed, though its own commits are not in head.
func landedKeys(ctx context.Context, repo *gitops.Repo, head plumbing.Hash) (map[string]bool, error) {
	keys := map[string]bool{}
	n := 0
	err := repo.FirstParents(ctx, head, plumbing.ZeroHash, func(c *gitops.Commit) error {
		if n++; n > maxLanded {
			return gitops.ErrStopWalk
		}
		if r, ok := history.FromCommit(c); ok {
			keys[responseKey(r)] = true
		}
		return nil
	})
	return keys, err
}

// responseKey names a response by what its message says: the transcript
// (its bytes' hash included), the response and the retry round.
func responseKey(r *history.Response) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%d", r.Transcript, r.N, r.RetryOf, r.Round)
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
