// Package notes implements `git aiedit notes push|pull|setup [REMOTE]`:
// sharing the attribution notes (refs/notes/aiedit) with a remote.
// Several people push notes to one remote; a plain `git push` of the
// notes ref is then refused as not a fast-forward, and a forced one
// drops the notes of whoever pushed before. Here each side's notes are
// merged before anything is pushed, and a push that lost a race is
// merged and pushed again.
package notes

import "github.com/git-aiedit/git-aiedit/internal/iostreams"

// Options are the inputs of the notes commands.
type Options struct {
	IO     *iostreams.IOStreams
	Dir    string // where to look for the repository ("" = current directory)
	Remote string // "" = the current branch's upstream remote, else origin
	// Attempts bounds push's fetch-merge-push rounds when other pushes
	// keep winning the race (0 = DefaultAttempts).
	Attempts int
}

// DefaultAttempts is how many times push fetches, merges and pushes
// before it gives up on a remote whose notes keep moving.
const DefaultAttempts = 8
