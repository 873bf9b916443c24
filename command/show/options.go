// Package show implements `git aiedit show`: one response's blocks with
// their status and reason, then the commit's diff, with word-level
// highlighting on a terminal and a plain unified diff when piped.
package show

import "github.com/git-aiedit/git-aiedit/internal/iostreams"

// Options are the inputs of `git aiedit show [COMMIT]`.
type Options struct {
	IO      *iostreams.IOStreams
	Dir     string // where to look for the repository ("" = current directory)
	Rev     string // the aiedit commit; "" = HEAD
	NoPatch bool   // blocks only, no diff
}
