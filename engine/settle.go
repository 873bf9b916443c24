package engine

import (
	"context"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// A live turn's record may not explain every file the agent left: a shell
// command that failed after writing, one that cannot be replayed, a
// formatter the agent's own hook ran. Live.Settle (command/hook) compares
// the replay with the working tree and says what to take from it; the
// run's last commit then holds those files as the agent left them, names
// them (Aiedit-Unexplained), and its attribution note gives none of
// their lines to an edit block.

// settle applies Live.Settle to the last commit the batch will make.
func (b *batch) settle(ctx context.Context, start, parent plumbing.Hash) error {
	l := b.in.live
	if l == nil || l.Settle == nil || b.st.dryRun || b.st.stop != "" {
		return nil
	}
	var last *pending
	first := parent == start
	for _, p := range b.pending {
		if !p.sealed || p.msg != "" {
			if last != nil {
				first = false
			}
			last = p
		}
	}
	if last == nil {
		return nil
	}
	named, opaque := namedPaths(b.pending)
	tree, taken, err := l.Settle(ctx, last.tree, named, opaque)
	if err != nil || len(taken) == 0 {
		return err
	}
	last.tree = tree
	last.r.unexplained = taken
	for _, p := range taken {
		last.r.ranges.Without(p)
	}
	if last.sealed {
		return b.seal(ctx, last, b.all, first)
	}
	return nil
}

// namedPaths are the paths the responses' blocks and commands name, and
// whether one of them ran a command whose effect is not known: one not
// replayed, or one that failed when it ran (it may have written before
// it failed).
func namedPaths(pending []*pending) (named []string, opaque bool) {
	seen := map[string]bool{}
	see := func(res editcore.Result) {
		if res.Path != "" && !seen[res.Path] {
			seen[res.Path] = true
			named = append(named, res.Path)
		}
		if res.Op == nil || res.Op.Command == nil {
			return
		}
		if res.Status == editcore.NotReplayed || (res.Op.Executed && res.Status == editcore.Failed && res.Error == editcore.ToolFailed) {
			opaque = true
		}
	}
	for _, p := range pending {
		for _, rs := range p.r.all() {
			for _, res := range rs.blocks.All() {
				see(res)
			}
			for _, res := range rs.shell {
				see(res)
			}
		}
	}
	slices.Sort(named)
	return named, opaque
}
