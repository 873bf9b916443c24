package engine

import "github.com/git-aiedit/git-aiedit/internal/exitcode"

// trimBound is how many nodes a response's changes add to the tree
// overlay before it is written and let go of (gitops.TrimTree): a
// response creating 200,000 files then holds at most this many, not a
// node, a map entry and a name for each until its end. A variable so
// that tests can lower it.
var trimBound = 1 << 14

// trim writes and lets go of the overlay once it has grown past
// trimBound, between operations. The session's kept file (Defer) is not
// flushed: it is the session's, not the overlay's, and writing it now
// would report a write that fails on another operation than the one it
// would fail on otherwise. A failure is the response's, reported by end.
func (r *response) trim() {
	b := r.b
	// A dry run writes its tree out only to a repository that discards
	// what it writes (applier.scratch).
	if r.skip || b.st.dryRun && !b.a.scratch || r.trimErr != nil || !b.tfs.TrimDue(trimBound) {
		return
	}
	if _, err := b.a.repo.TrimTree(b.tfs); err != nil {
		r.trimErr = exitcode.WithCode(exitcode.Repo, err)
	}
}
