package hook

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/git-aiedit/git-aiedit/engine"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/live"
	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// The steps of runner.record: which bytes of the session file to read,
// recording them on the branch, and moving the cursor past what was
// recorded.

// span is the part of the session file a run reads.
type span struct {
	offset, end int64
	before      int  // responses before offset: numbering continues after them
	trusted     bool // the cursor and the branch agree: what is before offset is on the branch
}

// openSession opens the session file, refusing anything but a regular
// file, and returns its size.
func openSession(path string) (*os.File, int64, error) {
	if err := regularFile(path); err != nil {
		return nil, 0, err
	}
	// Opened without blocking: a FIFO put in its place since the check
	// must not hold the agent up (internal/safeopen).
	f, err := safeopen.Regular(path)
	if err != nil {
		return nil, 0, fmt.Errorf("cannot read the session file: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("the session file %s is not a regular file (%s); nothing recorded", path, info.Mode().Type())
	}
	return f, info.Size(), nil
}

// toRead decides what this run reads: from the cursor when it and the
// branch still agree, else the whole session again; up to the end of the
// last complete line, or of the last complete turn for agents whose
// turns end after their last line is written.
func (r *runner) toRead(f *os.File, size int64, tip plumbing.Hash, exists bool) (span, error) {
	cur := r.cur
	s := span{offset: cur.Offset, before: cur.Responses, trusted: cur.Valid(f, size) && r.tipKept(tip, exists)}
	if !s.trusted {
		if cur.Offset > 0 && !r.agent.wholeFile() {
			logf(r.repo.CommonDir, r.agent, r.ev.Session, "the session file or the branch changed since the last run; reading the whole session again (recorded turns are recognised)")
		}
		s.offset, s.before = 0, 0
	}
	if r.agent.wholeFile() {
		// Rewritten whole at every turn: no offset into it stays valid.
		// It is read again, and turns already on the branch are known by
		// their ids (transcript.Response.Key).
		s.trusted, s.offset, s.before, s.end = false, 0, 0, size
	} else {
		end, err := lastLineEnd(f, s.offset, size)
		if err != nil {
			return s, err
		}
		s.end = end
	}
	if r.agent.spec().completeTurns {
		end, err := r.holdIncomplete(f, s.offset, s.end)
		if err != nil {
			return s, err
		}
		s.end = end
	}
	return s, nil
}

// holdIncomplete cuts end back to the end of the last complete turn,
// noting on the cursor a turn held back whole.
func (r *runner) holdIncomplete(f *os.File, offset, end int64) (int64, error) {
	cur := r.cur
	complete, waited, err := r.completeTurns(f, offset, end)
	if err != nil {
		return end, err
	}
	if waited {
		logf(r.repo.CommonDir, r.agent, r.ev.Session, "%s: the answer's last text was not in the session file after %s; "+
			"the turn is recorded with the next one, or when the session ends", r.ev.Name, finalWait)
	}
	cur.Waiting = 0
	if complete < end && heldTurn(f, complete, end) {
		cur.Waiting = 1 // the last turn, held back whole
		if r.ev.Name == "Stop" && r.ev.Final == nil {
			logf(r.repo.CommonDir, r.agent, r.ev.Session, "Stop: 1 turn waiting: the event has no last_assistant_message "+
				"(older Claude Code sends none), so the end of the turn cannot be told from the session file; "+
				"it is recorded at the next prompt's Stop, or when the session ends")
		}
	}
	return complete, nil
}

// apply records the span's turns on the session's branch, made from the
// session's base when it does not exist yet. A run that recorded only
// part (a refused message) is not an error here: advance tells.
func (r *runner) apply(ctx context.Context, s span, tip plumbing.Hash, exists bool) (*engine.Report, error) {
	cur := r.cur
	opts := &engine.Options{
		Repo:        r.repo,
		Transcripts: []string{cur.Transcript},
		Branch:      cur.Branch,
		Checks:      "off",
		Live: &engine.Live{Agent: string(r.agent), Session: r.ev.Session, Offset: s.offset, End: s.end,
			Before: s.before, Trusted: s.trusted && cur.Tip != "" && !cur.Recheck, Read: true, Tip: tip, Exists: exists},
	}
	if r.repo.WorkTree != "" {
		opts.Live.Settle = r.settle
	}
	if !exists {
		if err := r.fallbackBase(ctx); err != nil {
			return nil, err
		}
		opts.Base, opts.Live.BaseNote = cur.Base, cur.BaseNote
	}
	// Nobody reads the run's output: its report says which responses
	// were not recorded.
	opts.Observer = engine.Discard
	report, err := engine.Run(ctx, opts)
	if err != nil && !errors.Is(err, exitcode.ErrPartial) {
		return nil, err
	}
	return report, nil
}

// advance moves the cursor past what the run recorded: to the span's end,
// or, when the commit-msg hook refused a response, nowhere.
func (r *runner) advance(ctx context.Context, f *os.File, s span, report *engine.Report, existed bool) error {
	cur := r.cur
	cur.Tip = ""
	if !report.Tip.IsZero() {
		cur.Tip = report.Tip.String()
		if !existed {
			r.dropBaseRef(ctx)
		}
	}
	if n, said := refusal(report); n > 0 {
		// The cursor advances only over what was recorded: it stays where
		// this run started, and the next run, which re-reads from there,
		// recognises on the branch the responses before the refused one.
		cur.Recheck = true
		return fmt.Errorf("response %d: the repository's commit-msg hook refused its message (%s); "+
			"it and the turns after it are not recorded yet; they are tried again at the next turn: "+
			"fix what the hook asks for, or let it accept messages with an Aiedit-Session trailer",
			n, oneLine(said))
	}
	cur.Recheck = false
	r.see(ctx)
	cur.Offset, cur.Responses = s.end, s.before+report.Read
	var err error
	cur.Head, cur.Tail, err = live.Windows(f, s.end)
	return err
}
