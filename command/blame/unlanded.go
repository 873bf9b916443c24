package blame

import (
	"context"
	"fmt"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/reviewbranch"
)

// blame reads HEAD's file, the one checked out. After a live session,
// before land, the file checked out is the agent's, on the review branch
// (the rule of reviewbranch.Default: the newest made on the checked-out
// branch), and HEAD's would name a person for every line: blame then
// reads the file there, and says so. Only then: a file that is HEAD's,
// or that is neither (edited since), is blamed at HEAD as ever.

// checkedOutFrom is the review branch to blame FILE on instead of HEAD,
// "" for HEAD.
func checkedOutFrom(ctx context.Context, repo *gitops.Repo, opts *Options) (string, error) {
	// The file as HEAD has it, the common case, needs no branch listed.
	if atHead, err := repo.FileAsIn(ctx, "HEAD", opts.File); err != nil || atHead {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	ch, err := reviewbranch.Default(ctx, repo)
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	if !ch.FromHere {
		return "", nil
	}
	there, err := repo.FileAsIn(ctx, ch.Name, opts.File)
	if err != nil || !there {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	fmt.Fprintf(opts.IO.ErrOut, "blame: %s as checked out is %s's, not yet landed (%s): blamed there; name a revision to choose another\n", opts.File, ch.Name, ch.Why())
	return ch.Name, nil
}
