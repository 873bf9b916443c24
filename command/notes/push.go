package notes

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Push fetches the remote's attribution notes, merges them into the
// local ones, and pushes the result, which holds the remote's notes and
// so is a fast-forward there. When another push moved the remote's notes
// in between, the push is refused and the round starts again, up to
// opts.Attempts times. Nothing is ever force-pushed.
func Push(ctx context.Context, opts *Options) error {
	repo, remote, err := open(ctx, opts)
	if err != nil {
		return err
	}
	defer repo.Close()
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts
	}
	for attempt := 1; ; attempt++ {
		res, theirs, err := fetchMerge(ctx, repo, remote)
		if err != nil {
			return err
		}
		ours, ok, err := repo.RefTip(ctx, attrnote.Ref)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if !ok {
			fmt.Fprintf(opts.IO.ErrOut, "notes push: no attribution notes here to push (%s); nothing was pushed\n", res.say(remote))
			return nil
		}
		if ours == theirs {
			fmt.Fprintf(opts.IO.ErrOut, "notes push: %s already has every note of yours\n", remote)
			return nil
		}
		rejected, err := repo.PushRef(ctx, remote, attrnote.Ref, attrnote.Ref)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if !rejected {
			fmt.Fprintf(opts.IO.ErrOut, "notes push: %s; pushed %s to %s\n", res.say(remote), attrnote.Ref, remote)
			return nil
		}
		if attempt >= attempts {
			return exitcode.RepoErrorf("notes push: %s's notes moved during each of %d attempts (others are pushing); nothing of yours is lost: run git aiedit notes push again", remote, attempts)
		}
		fmt.Fprintf(opts.IO.ErrOut, "notes push: %s's notes moved meanwhile (another push); merging again (attempt %d of %d)\n", remote, attempt+1, attempts)
		// Another push won: wait a little, so that the racers spread out,
		// then fetch what it pushed and merge again.
		if !sleep(ctx, time.Duration(rand.Int64N(int64(50*time.Millisecond)*int64(attempt)))) {
			return exitcode.Interruptedf("notes push: interrupted; nothing of yours is lost")
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
