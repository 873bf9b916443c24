package gitops

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// gitCmd is one invocation of the git binary in a directory.
type gitCmd struct {
	dir   string
	args  []string
	stdin []byte
	env   []string // extra KEY=VALUE pairs on top of the process environment
	pre   error    // a failure before git could run (Repo.git)
}

// gitResult is what a finished git command produced.
type gitResult struct {
	stdout, stderr []byte
	code           int // exit status; -1 when the process did not run
}

// run runs git with `-C dir`. A non-zero exit is not an error here: callers
// decide what each status means. err is set only when git could not run.
func (c gitCmd) run(ctx context.Context) (gitResult, error) {
	if c.pre != nil {
		return gitResult{code: -1}, c.pre
	}
	args := append([]string{"-C", c.dir}, c.args...)
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Env = gitEnv(c.env...)
	if c.stdin != nil {
		cmd.Stdin = bytes.NewReader(c.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	res := gitResult{stdout: stdout.Bytes(), stderr: stderr.Bytes(), code: 0}
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && ctx.Err() == nil {
			res.code = exit.ExitCode()
			return res, nil
		}
		res.code = -1
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, err
	}
	return res, nil
}

// gitEnv is the environment git runs in: the user's, with extra on top.
// Messages are parsed in a few places (ref update races): they are kept
// in English. Identity and config come from the user's environment as is.
func gitEnv(extra ...string) []string {
	return append(append(os.Environ(), "LC_ALL=C", "LANGUAGE="), extra...)
}

// output runs git and returns its trimmed standard output, or a *RepoError
// carrying git's own message when it fails.
func (c gitCmd) output(ctx context.Context, op string) (string, error) {
	res, err := c.run(ctx)
	if err != nil {
		return "", &RepoError{Op: op, Dir: c.dir, Msg: "cannot run git: " + err.Error(), Err: err}
	}
	if res.code != 0 {
		return "", &RepoError{Op: op, Dir: c.dir, Msg: gitMessage(res)}
	}
	return strings.TrimRight(string(res.stdout), "\n"), nil
}

// gitMessage condenses git's standard error into one line for an error.
func gitMessage(res gitResult) string {
	msg := strings.TrimSpace(string(res.stderr))
	msg = strings.TrimPrefix(msg, "fatal: ")
	msg = strings.TrimPrefix(msg, "error: ")
	msg = strings.Join(strings.Fields(msg), " ")
	if msg == "" {
		msg = "git exited with status " + strconv.Itoa(res.code)
	}
	return msg
}
