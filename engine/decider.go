package engine

import (
	"context"

	"github.com/git-aiedit/git-aiedit/internal/ask"
)

// Decider decides -p's question about each block that changed the tree:
// the block is applied on the response's tree, shown, and kept, edited
// or undone as the answer says (patch.go). The terminal's, *ask.Reviewer,
// is the default; a test passes a scripted one.
type Decider interface {
	// Ask returns the answer about b; ask.ErrInterrupted (or any error)
	// stops the run, which records what was complete.
	Ask(ctx context.Context, b ask.Block) (ask.Answer, error)
	// EditText returns the file named name as the user saved it from
	// text (the answer ask.Edit); an error other than ask.ErrInterrupted
	// is told with Say, and the block is asked about again.
	EditText(ctx context.Context, name string, text []byte) ([]byte, error)
	// Say tells the user why an answer could not be followed.
	Say(format string, args ...any)
}

var _ Decider = (*ask.Reviewer)(nil)

// reviewer is the build's Decider: nil when nothing is asked, in a dry run
// (a probe's among them) as without -p.
func (b *batch) reviewer() Decider {
	if b.st.dryRun {
		return nil
	}
	return b.a.review
}
