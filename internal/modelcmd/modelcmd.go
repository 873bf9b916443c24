// Package modelcmd runs the user's model command for `apply --retry-cmd`:
// any model CLI or script, through `sh -c`, with the prompt on its
// standard input, its standard output read as the model's next answer.
// The tool holds no provider SDK and no API key: the command does.
//
// The command runs in its own process group, so that a timeout or an
// interrupt ends it and everything it started (a CLI's node process, a
// pipeline), not only the shell.
package modelcmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// Limits.
const (
	// MaxOutput bounds what is read from the command's standard output;
	// more is an error (no model answers 64 MiB of edits).
	MaxOutput = 64 << 20
	// TailLines is how many of the last lines of standard error a
	// failure reports.
	TailLines = 10
	// grace is how long the command has to exit after SIGTERM before the
	// whole group is killed.
	grace = 2 * time.Second
)

// maxOutput is MaxOutput; tests lower it.
var maxOutput = MaxOutput

// Request is one call of the model command.
type Request struct {
	Command string        // run as `sh -c Command`
	Prompt  string        // on standard input, and in AIEDIT_PROMPT_FILE
	Dir     string        // working directory: the repository's top level
	Round   int           // AIEDIT_ROUND
	Branch  string        // AIEDIT_BRANCH: the review branch's short name
	Repo    string        // AIEDIT_REPO: the repository's top level (or git dir when bare)
	Timeout time.Duration // 0: none
	// Stderr, when set, also receives the command's standard error as it
	// is written (-v); the tail is kept either way.
	Stderr io.Writer
}

// Failure is a command that did not answer: it could not start, exited
// with a status other than 0, was killed by a signal, timed out or was
// interrupted. Its message says which, with the last lines of standard
// error.
type Failure struct {
	Kind       Kind
	ExitStatus int           // for Exited; -1 otherwise
	Signal     string        // for Signaled
	Timeout    time.Duration // for TimedOut
	StderrTail string        // the last TailLines lines of standard error, trimmed
	Err        error         // for NotStarted, Interrupted
}

// Kind says how a command failed.
type Kind string

// Kinds of Failure.
const (
	NotStarted  Kind = "not_started"
	Exited      Kind = "exited"
	Signaled    Kind = "signaled"
	TimedOut    Kind = "timed_out"
	Interrupted Kind = "interrupted"
	TooLarge    Kind = "output_too_large"
)

func (f *Failure) Error() string {
	var s string
	switch f.Kind {
	case NotStarted:
		s = fmt.Sprintf("the retry command could not be started: %v", f.Err)
	case Exited:
		s = fmt.Sprintf("the retry command exited with status %d", f.ExitStatus)
	case Signaled:
		s = fmt.Sprintf("the retry command was killed by signal %s", f.Signal)
	case TimedOut:
		s = fmt.Sprintf("the retry command did not finish within %s and was stopped", f.Timeout)
	case Interrupted:
		s = "the retry command was interrupted and stopped"
	case TooLarge:
		s = fmt.Sprintf("the retry command printed more than %d MiB", MaxOutput>>20)
	}
	if f.StderrTail != "" {
		s += "; its standard error ended with:\n" + f.StderrTail
	}
	return s
}

func (f *Failure) Unwrap() error { return f.Err }

// Run calls the command and returns its standard output. Any failure is a
// *Failure. When ctx ends (an interrupt), the command's process group is
// stopped and the Failure's Kind is Interrupted.
func Run(ctx context.Context, req Request) ([]byte, error) {
	promptFile, cleanup, err := writePrompt(req.Prompt)
	if err != nil {
		return nil, &Failure{Kind: NotStarted, ExitStatus: -1, Err: err}
	}
	defer cleanup()

	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if req.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, req.Timeout)
	}
	defer cancel()

	cmd := exec.CommandContext(runCtx, "sh", "-c", req.Command)
	cmd.Dir = req.Dir
	cmd.Env = append(os.Environ(),
		"AIEDIT_PROMPT_FILE="+promptFile,
		"AIEDIT_ROUND="+strconv.Itoa(req.Round),
		"AIEDIT_BRANCH="+req.Branch,
		"AIEDIT_REPO="+req.Repo,
	)
	cmd.Stdin = strings.NewReader(req.Prompt)
	out := &limitBuffer{max: maxOutput}
	cmd.Stdout = out
	tail := &tailBuffer{}
	cmd.Stderr = tail
	if req.Stderr != nil {
		cmd.Stderr = io.MultiWriter(tail, req.Stderr)
	}
	ownGroup(cmd)
	// Pipes a leftover grandchild still holds are closed this long after
	// the command exits, so Run never waits on them.
	cmd.WaitDelay = grace + time.Second

	runErr := cmd.Run()
	// Whatever it left running goes with it.
	if cmd.Process != nil {
		killGroup(cmd.Process.Pid)
	}
	fail := &Failure{ExitStatus: -1, StderrTail: tail.lines(TailLines)}
	switch {
	case cmd.Process == nil:
		fail.Kind, fail.Err = NotStarted, runErr
		return nil, fail
	case ctx.Err() != nil:
		fail.Kind, fail.Err = Interrupted, ctx.Err()
		return nil, fail
	case runCtx.Err() != nil:
		fail.Kind, fail.Timeout = TimedOut, req.Timeout
		return nil, fail
	case out.over:
		fail.Kind = TooLarge
		return nil, fail
	}
	var ee *exec.ExitError
	if errors.As(runErr, &ee) {
		if sig := signalOf(ee); sig != "" {
			fail.Kind, fail.Signal = Signaled, sig
			return nil, fail
		}
		fail.Kind, fail.ExitStatus = Exited, ee.ExitCode()
		return nil, fail
	}
	if runErr != nil && !errors.Is(runErr, exec.ErrWaitDelay) {
		fail.Kind, fail.Err = NotStarted, runErr
		return nil, fail
	}
	return out.buf.Bytes(), nil
}

// writePrompt stores the prompt in a private temporary file for commands
// that take a file (aider --message-file "$AIEDIT_PROMPT_FILE").
func writePrompt(prompt string) (string, func(), error) {
	f, err := ownedtemp.CreateTemp("aiedit-prompt-", ".md")
	if err != nil {
		return "", nil, fmt.Errorf("cannot write the prompt file: %w", err)
	}
	name := f.Name()
	cleanup := func() { os.Remove(name) }
	if _, err := f.WriteString(prompt); err != nil {
		f.Close()
		cleanup()
		return "", nil, fmt.Errorf("cannot write the prompt file: %w", err)
	}
	if err := f.Close(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("cannot write the prompt file: %w", err)
	}
	return name, cleanup, nil
}

// limitBuffer keeps at most max bytes and notes that more came.
// (Not an embedded bytes.Buffer: its ReadFrom would bypass Write.)
type limitBuffer struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (b *limitBuffer) Write(p []byte) (int, error) {
	if b.buf.Len()+len(p) > b.max {
		b.over = true
		return 0, errors.New("output too large")
	}
	return b.buf.Write(p)
}

// tailBuffer keeps the last tailBytes bytes written to it.
type tailBuffer struct{ buf []byte }

const tailBytes = 8 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*tailBytes {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailBytes:]...)
	}
	return len(p), nil
}

// lines returns the last n non-empty lines, each at most 300 characters.
func (t *tailBuffer) lines(n int) string {
	text := strings.ToValidUTF8(string(t.buf), "\uFFFD")
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			continue
		}
		if len(l) > 300 {
			l = strings.ToValidUTF8(l[:300], "") + "…"
		}
		keep = append(keep, l)
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return strings.Join(keep, "\n")
}
