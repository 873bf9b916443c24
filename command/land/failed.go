package land

import (
	"context"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/english"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/history"
)

// A response whose blocks all failed has its commit on the review branch
// all the same, one that changes no file: it records the failure, where
// log, show and retry-prompt read it (the commit contract). It is the
// review's, not a change: land leaves it out, says so, and never puts on
// the target a commit that changes nothing.

// leaveFailed returns commits without the responses that changed no
// file, remembering those; none left is said as nothing to land.
func (l *lander) leaveFailed(ctx context.Context, commits []*gitops.Commit) ([]*gitops.Commit, error) {
	var keep []*gitops.Commit
	for _, c := range commits {
		if _, ok := history.FromCommit(c); ok && len(c.ParentHashes) == 1 {
			same, err := l.sameTree(c.ParentHashes[0], c.TreeHash)
			if err != nil {
				return nil, exitcode.WithCode(exitcode.Repo, err)
			}
			if same {
				l.failedOnly = append(l.failedOnly, c)
				continue
			}
		}
		keep = append(keep, c)
	}
	if len(keep) == 0 {
		fmt.Fprintf(l.opts.IO.ErrOut, "nothing to land: %s holds only responses that changed no file (their blocks failed); git aiedit retry-prompt %s says what to ask the model again\n", l.branch, l.branch)
	}
	return keep, nil
}

// failedLeftOut says which responses land left out for changing no file.
func (l *lander) failedLeftOut() string {
	names := make([]string, 0, len(l.failedOnly))
	for _, c := range l.failedOnly {
		names = append(names, short(c.Hash)+" "+firstLine(c.Message))
	}
	return fmt.Sprintf("left out: %s that changed no file, only recorded failed blocks (%s); git aiedit retry-prompt %s says what to ask the model again",
		english.Count(len(l.failedOnly), "response"), strings.Join(names, ", "), l.branch)
}
