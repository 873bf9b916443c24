package engine

import (
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// ensureObjects checks, after the branch moved to head, that every object
// the run wrote is still there: a `git gc --prune=now` racing the run may
// have deleted them while they were unreachable. Missing ones are written
// again by building the same run once more (objects are content-addressed:
// the same commits come out), and the branch is moved to the result if it
// differs.
func (a *applier) ensureObjects(ctx context.Context, start, head plumbing.Hash) error {
	for round := 0; round < 3; round++ {
		missing, err := a.repo.VerifyObjects(ctx)
		if err != nil {
			return exitcode.WithCode(exitcode.Repo, err)
		}
		if len(missing) == 0 {
			return nil
		}
		a.debug.Debug("objects pruned under the run; writing them again", "missing", len(missing), "round", round+1)
		st, err := a.build(ctx, start, buildMode{rebuild: true})
		if err != nil {
			return err
		}
		if st.head != head {
			prot, err := a.repo.ProtectWritten()
			if err != nil {
				return exitcode.WithCode(exitcode.Repo, err)
			}
			err = a.repo.UpdateRef(ctx, a.branch, st.head, head, "aiedit: rewrite pruned objects")
			prot.Release()
			if err != nil {
				return exitcode.WithCode(exitcode.Repo, err)
			}
			head = st.head
		}
	}
	return exitcode.RepoErrorf("objects of branch %s keep disappearing (is a `git prune --expire=now` running in a loop?); run `git fsck` and the command again", a.branchName)
}

// unlanded turns the state of a build whose branch move failed into what
// the report of the run should say: nothing was committed.
func (s *runState) unlanded() *runState {
	s.head = s.base
	for _, r := range s.responses {
		if !r.alreadyRecorded {
			r.commit = plumbing.ZeroHash
		}
	}
	return s
}
