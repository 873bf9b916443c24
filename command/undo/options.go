// Package undo implements `git aiedit undo`: it takes the newest response
// commits off a review branch with one compare-and-swap of the ref, and
// only when every commit it removes is an aiedit commit. Older commits
// are left to `git revert`, which works on them like on any commit.
package undo

import "github.com/git-aiedit/git-aiedit/internal/iostreams"

// Options are the inputs of `git aiedit undo [BRANCH] [--to COMMIT]`.
type Options struct {
	IO     *iostreams.IOStreams
	Dir    string // where to look for the repository ("" = current directory)
	Branch string // short or full branch name; "" = the current branch
	To     string // --to: keep this commit and remove everything after it
}
