package notes

import (
	"context"
	"fmt"
)

// Pull fetches the remote's attribution notes and merges them into the
// local ones. Nothing is pushed.
func Pull(ctx context.Context, opts *Options) error {
	repo, remote, err := open(ctx, opts)
	if err != nil {
		return err
	}
	defer repo.Close()
	res, _, err := fetchMerge(ctx, repo, remote)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "notes pull: %s\n", res.say(remote))
	return nil
}
