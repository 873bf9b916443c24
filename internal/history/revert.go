package history

import (
	"regexp"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/gitops"
)

// Regexps are compiled on first use: package init is on every command's start-up path.
// revertLine is what `git revert` writes in the message of the commit
// it makes (also with -n's message kept and after a rebase).
var revertLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^This reverts commit ([0-9a-f]{40})\b`) })

// reverts collects, from commits newer than the responses being read,
// which commits they revert, so that a response can be marked.
type reverts map[plumbing.Hash]plumbing.Hash

// note records what c reverts, if anything.
func (rv reverts) note(c *gitops.Commit) {
	for _, m := range revertLine().FindAllStringSubmatch(c.Message, -1) {
		h := plumbing.NewHash(m[1])
		if _, seen := rv[h]; !seen {
			rv[h] = c.Hash
		}
	}
}

// isRevert reports whether c is a commit git revert made.
func isRevert(c *gitops.Commit) bool { return revertLine().MatchString(c.Message) }

// mark sets RevertedBy on every response a newer commit reverted.
func (rv reverts) mark(rs []*Response) {
	for _, r := range rs {
		if by, ok := rv[r.Commit]; ok {
			r.RevertedBy = by
		}
	}
}
