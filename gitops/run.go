package gitops

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/gitops/prestart"
)

// gitCmd is one invocation of the git binary in a directory.
type gitCmd struct {
	dir   string
	args  []string
	stdin []byte
	env   []string // extra KEY=VALUE pairs on top of the process environment
	pre   error    // a failure before git could run (Repo.git)
	// detached: a process group of its own (see detach), for a process
	// whose answer the run needs even after ^C, to record what was
	// complete. Never for one that may use the terminal (gpg's pinentry).
	detached bool
	// outlive: let it finish should this process die (a ref update,
	// which git makes whole or not at all). Every other git process dies
	// with this one (dieWithParent): nothing a killed run started goes on
	// changing the repository.
	outlive bool
	// stdout, when set, takes the output as it comes, which the result
	// then does not hold (a list of every object a branch reaches).
	stdout io.Writer
}

// gitResult is what a finished git command produced.
type gitResult struct {
	stdout, stderr []byte
	code           int // exit status; -1 when the process did not run
}

// run runs git with `-C dir`. A non-zero exit is not an error here: callers
// decide what each status means. err is set only when git could not run.
func (c gitCmd) run(ctx context.Context) (gitResult, error) {
	return c.start(ctx)()
}

// start starts git as run does, and returns the function that waits for
// it and gives what run gives. A process start blocks the goroutine that
// makes it for a few milliseconds on a slow machine: start lets the
// caller choose that goroutine, and wait on another.
func (c gitCmd) start(ctx context.Context) (wait func() (gitResult, error)) {
	if c.pre != nil {
		return func() (gitResult, error) { return gitResult{code: -1}, c.pre }
	}
	args := append([]string{"-C", c.dir}, c.args...)
	cmd := gitCommand(ctx, args...)
	cmd.Env = gitEnv(c.env...)
	if c.stdin != nil {
		cmd.Stdin = bytes.NewReader(c.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	if c.stdout != nil {
		cmd.Stdout = c.stdout
	}
	cmd.Stderr = &stderr
	if c.detached {
		detach(cmd)
	}
	if !c.detached && !c.outlive {
		dieWithParent(cmd)
	}
	err := cmd.Start()
	return func() (gitResult, error) {
		if err == nil {
			err = cmd.Wait()
		}
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
}

// gitCommand is exec.CommandContext(ctx, "git", args...), with git
// looked up in PATH once for each value of PATH (exec.Command looks it up
// on every call: a dozen stat calls before each process starts). git
// still sees itself called "git".
func gitCommand(ctx context.Context, args ...string) *exec.Cmd {
	path, ok := gitPath()
	if !ok {
		// Not found, or found through a relative PATH entry: exec's own
		// lookup, with its error.
		return exec.CommandContext(ctx, "git", args...)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Args[0] = "git"
	return cmd
}

var gitLook struct {
	sync.Mutex
	env, path string // PATH, and where it finds git
}

// gitPath is where exec.LookPath finds git in the current PATH, when
// that is an absolute path.
func gitPath() (string, bool) {
	env := os.Getenv("PATH")
	gitLook.Lock()
	defer gitLook.Unlock()
	if gitLook.path == "" || gitLook.env != env {
		path, err := exec.LookPath("git")
		if err != nil || !filepath.IsAbs(path) {
			return "", false
		}
		gitLook.env, gitLook.path = env, path
	}
	return gitLook.path, true
}

// gitEnv is the environment git runs in: the user's, with extra on top.
// Messages are parsed in a few places (ref update races): they are kept
// in English (prestart.EnvExtra, which discovery started early shares).
// Identity and config come from the user's environment as is.
func gitEnv(extra ...string) []string {
	return append(append(os.Environ(), prestart.EnvExtra...), extra...)
}

// output runs git and returns its trimmed standard output, or a *RepoError
// carrying git's own message when it fails.
func (c gitCmd) output(ctx context.Context, op string) (string, error) {
	res, err := c.run(ctx)
	return c.outputOf(op, res, err)
}

// outputOf is output's answer for what run gave.
func (c gitCmd) outputOf(op string, res gitResult, err error) (string, error) {
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
