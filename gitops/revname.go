package gitops

import (
	"errors"
	"regexp"
	"sync"
)

// unknownRev is how git's rev-list names an argument that is no commit:
// "ambiguous argument 'x': unknown revision or path not in the working
// tree. Use '--' …", or "bad revision 'x'". Compiled on first use, not
// at every start.
var unknownRev = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:ambiguous argument '(.*?)': unknown revision or path not in the working tree|bad revision '(.*?)')`)
})

// revNameError turns git's words for a name that is no commit into the
// user's, as ResolveCommit says it: which name, and what to give instead.
// Any other failure is returned as it is.
func revNameError(err error) error {
	var e *RepoError
	if !errors.As(err, &e) {
		return err
	}
	m := unknownRev().FindStringSubmatch(e.Msg)
	if m == nil {
		return err
	}
	name := m[1] + m[2]
	return &RepoError{Op: name, Dir: e.Dir, Msg: "not a commit",
		Hint: "name a branch, tag or commit (git log --oneline --all shows some)",
		Err:  errors.Join(ErrNotCommit, e.Err)}
}
