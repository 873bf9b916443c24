package apply

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
)

// TestUnrecorded: a repository problem that ended the run before the
// branch moved says that nothing was recorded, and what to do comes last;
// other errors are left as they are.
func TestUnrecorded(t *testing.T) {
	write := errors.New("write blob 47643d4d: read-only file system")
	tests := map[string]struct {
		err  error
		want string
		code int
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
		"usage error": {
			err:  exitcode.UsageErrorf("cannot read transcript fix.md: line 3: bad record"),
			want: "cannot read transcript fix.md: line 3: bad record",
			code: exitcode.Usage,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			a := &applier{branchName: "aiedit/fix"}
			err := a.unrecorded(tc.err)
			assert.EqualError(t, err, tc.want)
			assert.Equal(t, tc.code, exitcode.Of(err, -1))
			assert.ErrorIs(t, err, tc.err, "the cause is kept")
		})
	}
}
