package engine

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/format/trailer"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// A response's message is final once its transcript's hash and number of
// responses are known. Without a commit-msg hook nothing needs it before
// the transcript is read to its end, when both are known. With one, the
// hook must see it as the response ends (sealEarly): a refusal then stops
// the run before its retry rounds are asked for and before later
// responses are read, as a rebase stops at a commit its hook refuses.
// Standard input is hashed only at its end, so its messages are hooked
// then.

// sealEarly makes the message of a response that just ended final and
// runs the commit-msg hook on it, when there is a hook and the message
// can be final already. A refusal (or an interrupt while the hook ran)
// halts the run (commitMessage): p is then sealed with no message.
func (b *batch) sealEarly(p *pending) error {
	a := b.a
	if a.checks == nil || a.checks.hook == nil || !b.in.countable() {
		return nil
	}
	total, ok, err := b.allResponses()
	if err != nil || !ok {
		return err
	}
	return b.seal(a.checks.ctx, p, total, false)
}

// seal makes p's message final for a transcript of total responses, as
// the repository's commit-msg hook leaves it. first says whether p's
// commit is the first of the build (a live session's base trailer).
func (b *batch) seal(ctx context.Context, p *pending, total int, first bool) error {
	a, r := b.a, p.r
	r.total = total
	r.extra = trailer.Record{}
	if l := b.in.live; l != nil {
		r.total = l.Before + b.total // the responses read so far (docs/hooks.md)
		a.liveTrailers(&r.extra, first)
	} else if r.turn != "" {
		r.transcript = trailer.JoinTranscript(b.in.label, r.turn)
		r.extra.Session = b.in.series // as the hook writes it (series.go)
	} else {
		r.transcript = b.in.trailer()
	}
	r.extra.Digest = digestTrailer(r)
	r.extra.Workdirs = workdirTrailers(r.workdirs)
	r.extra.Unexplained = r.unexplained
	if r.verify != nil {
		r.verify.trailers(&r.extra)
	}
	var err error
	if r.assisted, err = a.assistedBy(ctx, r); err != nil {
		return err
	}
	p.msg, err = a.commitMessage(ctx, b.st, r)
	p.sealed = true
	return err
}

// commitMessage returns a response's commit message as the repository's
// commit-msg hook leaves it; "" when the response must not be committed:
// the hook refused its message, or the run stopped at an earlier one of
// this build (st.stop says why).
func (a *applier) commitMessage(ctx context.Context, st *runState, r *responseState) (string, error) {
	msg := r.message()
	s := a.checks
	if s == nil || s.hook == nil {
		return msg, nil
	}
	if st.stop != "" {
		r.rollBack(st.unrecorded())
		return "", nil
	}
	out, err := s.hook.Run(ctx, msg)
	var he *check.HookError
	if errors.As(err, &he) && a.interruptedHook(he) {
		// Like a response interrupted while it is reviewed: nothing of it is kept.
		st.stop, st.stoppedAt = stopInterrupted, r
		a.halt(stopInterrupted)
		st.drop(r)
		a.out.note("%s: interrupted while the commit-msg hook ran; not recorded", r.label(st.multi))
		return "", nil
	}
	if errors.As(err, &he) {
		st.stop, st.stoppedAt = stopRefused, r
		a.halt(stopRefused)
		o := check.Outcome{Name: "commit-msg", Status: check.Failed, Message: "the hook refused the message", Detail: he.Output}
		if strings.TrimSpace(he.Output) == "" {
			o.Detail = he.Error()
		}
		r.checks = append(r.checks, o)
		r.rollBack("not recorded: the commit-msg hook refused its message")
		a.out.say("%s: the commit-msg hook (%s) refused its message; it and later responses are not recorded (fix what the hook says, or pass --no-verify)", r.label(st.multi), s.hook.Path())
		a.out.check(o)
		return "", nil
	}
	if err != nil {
		return "", exitcode.WithCode(exitcode.Repo, err)
	}
	return out, nil
}

// unrecorded is why a response after the one the run stopped at was not
// committed.
func (st *runState) unrecorded() string {
	if st.stop == stopInterrupted {
		return "not recorded: the run was interrupted before it was committed"
	}
	return fmt.Sprintf("not recorded: the commit-msg hook refused the message of %s", st.stoppedAt.label(st.multi))
}

// interruptGrace is how long a hook killed by a signal waits for the
// run's own interrupt to arrive.
const interruptGrace = time.Second

// interruptedHook reports whether the hook failed because the user
// interrupted the run, not because it refused the message: ^C on the
// terminal reaches the hook's process group too, often before this
// process has handled it.
func (a *applier) interruptedHook(he *check.HookError) bool {
	if a.intr.Err() != nil {
		return true
	}
	var ee *exec.ExitError
	if !errors.As(he, &ee) || (ee.ExitCode() != -1 && ee.ExitCode() != 128+2) {
		return false // it exited of its own accord, not killed by a signal (a shell says 130 for SIGINT)
	}
	select {
	case <-a.intr.Done():
		return true
	case <-time.After(interruptGrace):
		return false
	}
}
