package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/gitops"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// TestUnrecorded: a repository problem that ended the run before the
// branch moved says that nothing was recorded, and what to do comes last;
// other errors are left as they are.
func TestUnrecorded(t *testing.T) {
	write := errors.New("write blob 47643d4d: read-only file system")
	tests := map[string]struct {
		err   error
		want  string
		code  int
		fresh bool  // the branch does not exist yet
		cause error // what errors.Is still finds; tc.err when nil
	}{
		"repository problem": {
			err:  exitcode.WithCode(exitcode.Repo, write),
			want: "write blob 47643d4d: read-only file system; nothing was recorded: branch aiedit/fix is unchanged",
			code: exitcode.Repo,
		},
		"no code is a repository problem": {
			err:  write,
			want: "write blob 47643d4d: read-only file system; nothing was recorded: branch aiedit/fix is unchanged",
			code: exitcode.Repo,
		},
		"with advice": {
			err:  exitcode.WithCode(exitcode.Repo, &adviceError{err: errors.New("commit-tree -S: gpg failed to sign the data"), advice: "fix the signing setup"}),
			want: "commit-tree -S: gpg failed to sign the data; nothing was recorded: branch aiedit/fix is unchanged; fix the signing setup",
			code: exitcode.Repo,
		},
		"no branch yet": {
			err:   exitcode.WithCode(exitcode.Repo, write),
			want:  "write blob 47643d4d: read-only file system; nothing was recorded: branch aiedit/fix was not made",
			code:  exitcode.Repo,
			fresh: true,
		},
		"a lock's hint stays last": {
			err: exitcode.WithCode(exitcode.Repo, &gitops.RepoError{Op: "update-ref refs/notes/aiedit", Msg: "the lock file x.lock exists",
				Hint: "remove it (rm x.lock) and run the command again", Err: &gitops.RefLockError{Ref: "refs/notes/aiedit", Stale: true}}),
			want:  "update-ref refs/notes/aiedit: the lock file x.lock exists; nothing was recorded: branch aiedit/fix is unchanged; remove it (rm x.lock) and run the command again",
			code:  exitcode.Repo,
			cause: gitops.ErrRefLocked,
		},
		"usage error": {
			err:  exitcode.UsageErrorf("cannot read transcript fix.md: line 3: bad record"),
			want: "cannot read transcript fix.md: line 3: bad record",
			code: exitcode.Usage,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			a := &applier{branchName: "aiedit/fix", exists: !tc.fresh}
			err := a.unrecorded(tc.err)
			assert.EqualError(t, err, tc.want)
			assert.Equal(t, tc.code, exitcode.Of(err, -1))
			cause := tc.cause
			if cause == nil {
				cause = tc.err
			}
			assert.ErrorIs(t, err, cause, "the cause is kept")
		})
	}
}

// runErr is Run for tests that look only at its error.
func runErr(ctx context.Context, opts *Options) error {
	_, err := Run(ctx, opts)
	return err
}
