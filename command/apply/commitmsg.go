package apply

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/git-aiedit/git-aiedit/command/exitcode"
	"github.com/git-aiedit/git-aiedit/hooks"
)

// commitMessage returns a response's commit message as the repository's
// commit-msg hook leaves it. ok is false when the response must not be
// committed: the hook refused its message, or an earlier one of this
// build.
func (a *applier) commitMessage(ctx context.Context, st *runState, r *responseState) (msg string, ok bool, err error) {
	msg = r.message()
	s := a.checks
	if s == nil || s.hook == nil {
		return msg, true, nil
	}
	if st.refusedAt != 0 {
		r.rollBack(fmt.Sprintf("not recorded: the commit-msg hook refused the message of response %d", st.refusedAt))
		return "", false, nil
	}
	out, err := s.hook.Run(ctx, msg)
	var he *hooks.HookError
	if errors.As(err, &he) {
		st.refusedAt = r.index
		o := hooks.Outcome{Name: "commit-msg", Status: hooks.Failed, Message: "the hook refused the message", Detail: he.Output}
		if strings.TrimSpace(he.Output) == "" {
			o.Detail = he.Error()
		}
		r.checks = append(r.checks, o)
		r.rollBack("not recorded: the commit-msg hook refused its message")
		a.out.say("%s: the commit-msg hook (%s) refused its message; it and later responses are not recorded (fix what the hook says, or pass --no-verify)", r.label(st.multi), s.hook.Path())
		a.out.check(o)
		return "", false, nil
	}
	if err != nil {
		return "", false, exitcode.WithCode(exitcode.Repo, err)
	}
	return out, true, nil
}
