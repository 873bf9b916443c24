package check

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/internal/ownedtemp"
)

// CommitMsg is the repository's own commit-msg hook, run on each commit
// message before the commit is written, as `git commit` would.
type CommitMsg struct {
	dir     string // where git runs
	path    string // the hook file
	top     string // where the hook runs when started directly
	gitHook bool   // `git hook run` is available (git 2.36 and later)
}

// HookError is a hook that refused a commit message.
type HookError struct {
	Hook   string // "commit-msg"
	Output string // what it printed, standard output and error together
	Err    error
}

func (e *HookError) Error() string {
	msg := "the " + e.Hook + " hook refused the commit message"
	if l := firstLine(e.Output); l != "" {
		return msg + ": " + l
	}
	return fmt.Sprintf("%s: %v", msg, e.Err)
}

func (e *HookError) Unwrap() error { return e.Err }

// FindCommitMsg returns the commit-msg hook git would run in dir (so
// core.hooksPath counts), or nil when there is none or it is not
// executable (git ignores those too). workTree is the top of the work
// tree, "" for a bare repository; gitDir is the repository's git
// directory.
func FindCommitMsg(ctx context.Context, dir, workTree, gitDir string) (*CommitMsg, error) {
	out, err := gitOutput(ctx, dir, "rev-parse", "--git-path", "hooks/commit-msg")
	if err != nil {
		return nil, err
	}
	return CommitMsgAt(ctx, out, dir, workTree, gitDir)
}

// CommitMsgAt is FindCommitMsg for a caller that knows the hook's path
// already (`git rev-parse --git-path hooks/commit-msg`, relative to dir).
func CommitMsgAt(ctx context.Context, path, dir, workTree, gitDir string) (*CommitMsg, error) {
	p := path
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	info, err := os.Stat(p)
	if err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
		return nil, nil
	}
	h := &CommitMsg{dir: dir, path: p, top: workTree}
	if h.top == "" {
		h.top = gitDir
	}
	if v, err := gitOutput(ctx, dir, "version"); err == nil {
		h.gitHook = versionAtLeast(v, 2, 36)
	}
	return h, nil
}

// Path is the hook's file.
func (h *CommitMsg) Path() string { return h.path }

// Run gives the hook the message in a temporary file, and returns the
// message as the hook left it (hooks may add trailers such as Gerrit's
// Change-Id). A hook that exits non-zero, or leaves the message empty,
// refuses it: the error is a *HookError.
func (h *CommitMsg) Run(ctx context.Context, message string) (string, error) {
	f, err := ownedtemp.CreateTemp("aiedit-msg-", "")
	if err != nil {
		return "", fmt.Errorf("commit-msg: %w", err)
	}
	name := f.Name()
	defer os.Remove(name)
	_, err = f.WriteString(message)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("commit-msg: %w", err)
	}
	var cmd *exec.Cmd
	if h.gitHook {
		cmd = exec.CommandContext(ctx, "git", "-C", h.dir, "hook", "run", "commit-msg", "--", name)
	} else {
		cmd = exec.CommandContext(ctx, h.path, name)
		cmd.Dir = h.top
	}
	out := &capped{max: maxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", &HookError{Hook: "commit-msg", Output: printable(out.String()), Err: err}
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("commit-msg: %w", err)
	}
	msg := string(b)
	if strings.TrimSpace(msg) == "" {
		return "", &HookError{Hook: "commit-msg", Output: printable(out.String()), Err: errors.New("the hook left an empty message")}
	}
	if !strings.HasSuffix(msg, "\n") {
		msg += "\n"
	}
	return msg, nil
}

func gitOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var gitVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\d+)\.(\d+)`) })

// versionAtLeast reads "git version 2.39.5" (and vendor suffixes).
func versionAtLeast(v string, major, minor int) bool {
	m := gitVersion().FindStringSubmatch(v)
	if m == nil {
		return false
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	return a > major || a == major && b >= minor
}
