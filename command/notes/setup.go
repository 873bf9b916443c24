package notes

import (
	"context"
	"fmt"
	"slices"

	"github.com/git-aiedit/git-aiedit/format/attrnote"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Setup configures the repository (its own .git/config) so that git
// carries the attribution notes:
//   - remote.<REMOTE>.fetch: the remote's notes are fetched with every
//     git fetch to TrackingRef, beside the local ones (notes pull merges
//     them);
//   - remote.<REMOTE>.push: git push pushes the notes too, a
//     fast-forward only (notes push when it is refused). Configured push
//     refspecs replace git's default of pushing the current branch, so
//     HEAD is added first when none were configured;
//   - notes.rewriteRef: git rebase and commit --amend copy the notes to
//     the rewritten commits, and notes.rewriteMode concatenate joins them
//     on a squash (the readers place both; cat_sort_uniq would sort the
//     JSON's lines into nonsense).
//
// It only adds what is missing, says each setting it made, and changes
// nothing a second time.
func Setup(ctx context.Context, opts *Options) error {
	repo, remote, err := open(ctx, opts)
	if err != nil {
		return err
	}
	defer repo.Close()
	var did []string
	add := func(key, value, why string) error {
		have, err := repo.ConfigValues(ctx, key)
		if err != nil {
			return err
		}
		if slices.Contains(have, value) {
			return nil
		}
		if err := repo.ConfigAdd(ctx, key, value); err != nil {
			return err
		}
		did = append(did, fmt.Sprintf("%s += %s  (%s)", key, value, why))
		return nil
	}
	fetchKey, pushKey := "remote."+remote+".fetch", "remote."+remote+".push"
	// Patterns, not names: git fetch and git push fail as a whole on a
	// configured refspec whose ref does not exist yet (no notes on the
	// remote, or none here), and a pattern that matches nothing is fine.
	notesPush := attrnote.Ref + "*:" + attrnote.Ref + "*"
	steps := []func() error{
		func() error {
			return add(fetchKey, "+"+attrnote.Ref+"*:"+TrackingRef(remote)+"*", "git fetch brings "+remote+"'s notes beside yours; git aiedit notes pull merges them")
		},
		func() error {
			pushes, err := repo.ConfigValues(ctx, pushKey)
			if err != nil || slices.Contains(pushes, notesPush) {
				return err
			}
			if len(pushes) == 0 {
				if err := add(pushKey, "HEAD", "git push still pushes the current branch"); err != nil {
					return err
				}
			}
			return add(pushKey, notesPush, "git push pushes your notes; when "+remote+" refuses them, git aiedit notes push merges and pushes")
		},
		func() error {
			return add("notes.rewriteRef", attrnote.Ref, "git rebase and git commit --amend copy the notes to the new commits")
		},
		func() error {
			mode, _, err := repo.ConfigValue(ctx, "notes.rewriteMode")
			if err != nil || mode == "concatenate" {
				return err
			}
			if err := repo.ConfigSet(ctx, "notes.rewriteMode", "concatenate"); err != nil {
				return err
			}
			did = append(did, "notes.rewriteMode = concatenate  (a squash keeps every note it joins)")
			return nil
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
	}
	if len(did) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "notes setup: already set up for %s; nothing changed\n", remote)
		return nil
	}
	fmt.Fprintf(opts.IO.ErrOut, "notes setup: set in .git/config for %s:\n", remote)
	for _, d := range did {
		fmt.Fprintf(opts.IO.ErrOut, "  %s\n", d)
	}
	return nil
}
