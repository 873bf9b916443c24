package snapshot

import (
	"context"
	"errors"
	"fmt"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// leaveOutUnfsckable takes out of the snapshot's index every entry git
// fsck --strict would refuse in the tree (gitops.CheckPath): a directory
// named .gitmodules or .gitattributes in any spelling, a symbolic link
// named as a file git reads as configuration, a .gitmodules or
// .gitattributes whose content git refuses. git add takes all of these,
// and the snapshot commit ends up on a branch that may be pushed to a
// server with receive.fsckObjects. Such a path is put back as HEAD has
// it (or left out when HEAD lacks it) and said, with why.
func leaveOutUnfsckable(ctx context.Context, index *gitops.ScratchIndex) (left []string, err error) {
	entries, err := index.Entries(ctx)
	if err != nil {
		return nil, err
	}
	var bad []string
	for _, e := range entries {
		blob := func() ([]byte, error) { return index.Blob(ctx, e.Hash) }
		err := gitops.CheckPath(e.Path, e.Mode, blob)
		var refused *gitops.FsckError
		switch {
		case errors.As(err, &refused):
			bad = append(bad, e.Path)
			left = append(left, fmt.Sprintf("%s (%s: git fsck --strict refuses it)", e.Path, refused.Reason))
		case err != nil:
			return nil, err
		}
	}
	if err := index.ResetToHead(ctx, bad); err != nil {
		return nil, err
	}
	return left, nil
}
