package gitops

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// ErrStopWalk, returned by a FirstParents callback, ends the walk early
// without an error.
var ErrStopWalk = errors.New("stop walk")

// FirstParents calls fn for each commit on the first-parent chain from tip
// down to, but excluding, stop (plumbing.ZeroHash: down to the root).
// The walk ends when fn returns an error (ErrStopWalk ends it quietly).
func (r *Repo) FirstParents(ctx context.Context, tip, stop plumbing.Hash, fn func(c *Commit) error) error {
	for h := tip; !h.IsZero() && h != stop; {
		if err := ctx.Err(); err != nil {
			return err
		}
		c, err := r.Commit(h)
		if err != nil {
			return err
		}
		if err := fn(c); err != nil {
			if errors.Is(err, ErrStopWalk) {
				return nil
			}
			return err
		}
		if len(c.ParentHashes) == 0 {
			break
		}
		h = c.ParentHashes[0]
	}
	return nil
}

// Commit reads and decodes one commit.
func (r *Repo) Commit(h plumbing.Hash) (*Commit, error) {
	data, err := r.objects.view(plumbing.CommitObject, h)
	if err != nil {
		return nil, err
	}
	c, err := decodeCommit(h, data)
	if err != nil {
		return nil, fmt.Errorf("decode commit %s: %w", h, err)
	}
	return c, nil
}
