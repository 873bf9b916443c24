// Package log implements `git aiedit log`: the responses recorded on a
// branch, read from their commits' trailers, as lines for people, JSON
// for scripts, or a Markdown summary for a pull request.
package log

import "github.com/git-aiedit/git-aiedit/internal/iostreams"

// Options are the inputs of `git aiedit log [BRANCH|RANGE]`.
type Options struct {
	IO       *iostreams.IOStreams
	Dir      string // where to look for the repository ("" = current directory)
	Rev      string // a branch, commit or A..B range; "" = the current branch
	Session  string // --session: the review branch of a session recorded live (an id or its prefix)
	Verbose  bool   // one line per block
	JSON     bool
	Markdown bool
}
