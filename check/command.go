package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Command is a check the user configured: a shell command run in a
// checkout of the response's tree.
type Command struct {
	Name    string
	Command string        // run with sh -c: it is the user's own configuration
	Paths   []string      // globs (Match); the check runs only when the response changed a matching path; none: any change
	Timeout time.Duration // 0: DefaultTimeout
}

// WantsOf reports whether the check runs for a response that changed
// the paths each yields, read until one matches.
func (c Command) WantsOf(each func(yield func(string) bool)) bool {
	want := false
	each(func(p string) bool {
		want = len(c.Paths) == 0
		for _, g := range c.Paths {
			want = want || Match(g, p)
		}
		return !want
	})
	return want
}

// Changed is how a command is given the paths a response changed.
type Changed struct {
	// File lists them, one a line (AIEDIT_CHANGED_FILE); "" for none.
	File string
	// Lines is the same list when it is short enough for the
	// environment (AIEDIT_CHANGED, at most MaxChangedLines bytes);
	// past it, AIEDIT_CHANGED is not set.
	Lines string
}

// MaxChangedLines bounds AIEDIT_CHANGED: Linux refuses to start a
// program with one environment string over 128 KiB.
const MaxChangedLines = 64 << 10

// maxOutput caps what is kept of a command's output.
const maxOutput = 64 << 10

// Run runs the command in dir, a temporary checkout of the response's
// tree, with standard input empty and standard output and error captured
// together. Exit status 0 is passed, any other failed; a command that
// cannot start (sh cannot run it, or the shell says 126/127: not
// executable, not found) or runs out of time is an error. changed is
// given to the command as Changed says.
func (c Command) Run(ctx context.Context, dir string, changed Changed) Outcome {
	o := Outcome{Name: c.Name}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", c.Command)
	cmd.Dir = dir
	// The ceiling keeps git in the command from finding a repository
	// above the checkout (TMPDIR may lie inside the user's).
	cmd.Env = append(checkEnv(), "AIEDIT_CHECK="+c.Name, "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
	if changed.Lines != "" || changed.File == "" {
		cmd.Env = append(cmd.Env, "AIEDIT_CHANGED="+changed.Lines)
	}
	if changed.File != "" {
		cmd.Env = append(cmd.Env, "AIEDIT_CHANGED_FILE="+changed.File)
	}
	out := &capped{max: maxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second // a grandchild holding the output open must not hang us

	err := cmd.Run()
	o.Detail = printable(out.String())
	var exit *exec.ExitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		o.Status, o.Message = Broken, fmt.Sprintf("timed out after %v", timeout)
	case ctx.Err() != nil:
		o.Status, o.Message = Broken, "interrupted"
	case err == nil:
		o.Status = Passed
	case errors.As(err, &exit) && (exit.ExitCode() == 126 || exit.ExitCode() == 127):
		o.Status, o.Message = Broken, "cannot run: "+orStatus(firstLine(o.Detail), exit)
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		o.Status, o.Message = Failed, orStatus(firstLine(o.Detail), exit)
	default:
		o.Status, o.Message = Broken, "cannot run: "+err.Error()
	}
	return o
}

func orStatus(line string, exit *exec.ExitError) string {
	if line != "" {
		return line
	}
	return exit.String()
}

// checkEnv is the process environment without the variables that would
// point a command at the user's repository instead of the checkout.
func checkEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
			"GIT_CEILING_DIRECTORIES":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// Regexps are compiled on first use: package init is on every command's start-up path.
// ansi matches terminal escape sequences: colour codes that some tools
// print even into a pipe.
var ansi = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]`) })

// printable drops escape sequences and control characters but tab and
// newline, so output can go into a report and a commit message.
func printable(s string) string {
	s = ansi().ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// capped keeps the first max bytes written to it and notes the rest.
type capped struct {
	mu   sync.Mutex
	max  int
	buf  bytes.Buffer
	lost int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := min(len(p), c.max-c.buf.Len())
	c.buf.Write(p[:keep])
	c.lost += len(p) - keep
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := strings.ToValidUTF8(c.buf.String(), "\uFFFD")
	if c.lost > 0 {
		s += fmt.Sprintf("\n[… %d more bytes]", c.lost)
	}
	return s
}
