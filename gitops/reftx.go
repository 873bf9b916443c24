package gitops

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
)

// RefTransaction is a `git update-ref --stdin` started before its refs
// are known, so that the process starts while the run does its work: a
// process start is most of what a small run waits for. It may start
// before the repository is discovered (StartRefTransaction): git finds
// the repository as discovery does, from the same directory and
// environment. Commit hands it the updates, Abort lets it end with none.
// Either must be called.
type RefTransaction struct {
	r      *Repo // set by For; Commit needs it
	dir    string
	reason string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout bytes.Buffer
	stderr bytes.Buffer
	err    error // the process could not start
	used   bool
}

// StartRefTransaction starts the process in dir (as Discover(dir) finds
// the repository); reason is the reflog message of every update it will
// make. Before Commit, For must name the repository discovery found.
// Should discovery fail, Abort ends the process, which then has no
// repository or nothing to do: no ref moves.
func StartRefTransaction(dir, reason string) *RefTransaction {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return &RefTransaction{dir: dir, reason: reason, err: err}
	}
	t := &RefTransaction{dir: abs, reason: reason}
	cmd := gitCommand(context.Background(), "-C", abs, "update-ref", "-m", reflogLine(reason), "--stdin")
	cmd.Env = gitEnv()
	cmd.Stdout, cmd.Stderr = &t.stdout, &t.stderr
	// Its own process group: ^C on the terminal must not end it while
	// apply records what was complete. Should apply die, the pipe closes
	// and git ends its transaction with what it was given, if anything.
	detach(cmd)
	t.stdin, t.err = cmd.StdinPipe()
	if t.err == nil {
		t.err = cmd.Start()
	}
	t.cmd = cmd
	return t
}

// StartRefTransaction starts the process for r (StartRefTransaction in
// r.Dir, for r).
func (r *Repo) StartRefTransaction(reason string) *RefTransaction {
	return StartRefTransaction(r.Dir, reason).For(r)
}

// For says which repository the transaction's updates are for: the one
// Discover found in the directory it was started in. It returns t (nil
// for nil).
func (t *RefTransaction) For(r *Repo) *RefTransaction {
	if t != nil {
		t.r = r
	}
	return t
}

// Commit moves every ref in one transaction, as UpdateRefs does (the
// objects must be published first: ProtectWritten). A transaction is
// used once; a later call, or one whose process did not start, runs
// UpdateRefs instead.
func (t *RefTransaction) Commit(ctx context.Context, updates ...RefUpdate) error {
	if t.r == nil || t.r.Dir != t.dir {
		// A transaction for another directory (For was not called, or
		// named another repository) must not move these refs.
		t.Abort()
		if t.r == nil {
			return errors.New("gitops: ref transaction: no repository (For)")
		}
		return t.r.UpdateRefs(ctx, t.reason, updates...)
	}
	if t.used || t.err != nil {
		t.Abort()
		return t.r.UpdateRefs(ctx, t.reason, updates...)
	}
	t.used = true
	in, err := refCommands(updates)
	if err != nil {
		t.abort()
		return err
	}
	if err := t.r.PublishObjects(); err != nil {
		t.abort()
		return err
	}
	_, werr := io.WriteString(t.stdin, in)
	cerr := t.stdin.Close()
	stop := context.AfterFunc(ctx, func() { _ = t.cmd.Process.Kill() })
	err = t.cmd.Wait()
	stop()
	res := gitResult{stdout: t.stdout.Bytes(), stderr: t.stderr.Bytes()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return &RepoError{Op: opName(updates), Dir: t.r.Dir, Msg: ctx.Err().Error(), Err: ctx.Err()}
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
	case err != nil || werr != nil || cerr != nil:
		return &RepoError{Op: opName(updates), Dir: t.r.Dir, Msg: "cannot run git: " + errors.Join(err, werr, cerr).Error(), Err: errors.Join(err, werr, cerr)}
	}
	return t.r.refUpdateError(updates, res)
}

// Abort ends the process with no update: git commits an empty
// transaction, which changes nothing.
func (t *RefTransaction) Abort() {
	if t == nil || t.used {
		return
	}
	t.used = true
	t.abort()
}

func (t *RefTransaction) abort() {
	if t.err != nil {
		return
	}
	_ = t.stdin.Close()
	_ = t.cmd.Wait()
}
