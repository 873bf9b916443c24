// Package relink implements `git aiedit relink [RANGE]`: attribution
// notes for commits a hosting site made from review branches. GitHub's
// and GitLab's "Squash and merge" and "Rebase and merge" write new
// commits, which have no note; relink finds the review commits each one
// came from and writes its note from theirs.
//
// Nothing is guessed. A commit is relinked only when it matches exactly:
//   - a rebased commit by patch-id (git patch-id --stable) to review
//     commits that all record the same responses;
//   - a squash by its tree change: its tree and its parent's tree are the
//     trees of the end and the start of a run of review commits (git
//     rebase -i, or a squash merge onto a target that had not moved), or
//     its patch-id is that of a review branch's whole change from its
//     merge base (the target had moved).
//
// Anything else is left alone and reported when its message shows it
// came from git-aiedit.
package relink

import "github.com/git-aiedit/git-aiedit/internal/iostreams"

// Options are the inputs of `git aiedit relink`.
type Options struct {
	IO     *iostreams.IOStreams
	Dir    string // where to look for the repository ("" = current directory)
	Range  string // commits to relink (git rev-list syntax); "" = HEAD's commits since the oldest review commit
	DryRun bool   // say what would be written, write nothing
}

// maxChain bounds the walk from a review commit back to where a squash
// started, and from a branch tip to its merge base.
const maxChain = 1000

// maxReflog bounds the reflog entries read from each review branch and
// from HEAD.
const maxReflog = 200
