package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// twoResponses: response 1 has a block that fails (there is no g) and
// one that applies; response 2 changes f.
const twoResponses = "## User\n\nFix it.\n\n## Assistant\n\nMake g return 2, and y 2.\n\n" +
	"app.py\n««« EDIT\ndef g():\n    return 1\n═══════ REPL\ndef g():\n    return 2\n»»» EDIT END\n\n" +
	"other.py\n««« EDIT\ny = 1\n═══════ REPL\ny = 2\n»»» EDIT END\n\n" +
	"## User\n\nAnd f.\n\n## Assistant\n\nMake f return 5.\n\n" +
	"app.py\n««« EDIT\ndef f():\n    return 1\n═══════ REPL\ndef f():\n    return 5\n»»» EDIT END\n"

// answerH is the retry command's answer: it fixes h instead.
const answerH = "Sorry: there is no g.\n\napp.py\n<<<<<<< SEARCH\ndef h():\n    return 1\n=======\ndef h():\n    return 2\n>>>>>>> REPLACE\n"

// hookRun is one apply of twoResponses in a repository with a commit-msg
// hook; $CALLS counts the retry command's calls, $MARK is where a hook
// may say it started.
type hookRun struct {
	repo        *gittest.Repo
	calls, mark string
	err         error
	stderr      string
}

func runWithHook(t *testing.T, ctx context.Context, hook string, opts Options, whileRunning func(h *hookRun)) *hookRun {
	t.Helper()
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{
		"app.py":   "def f():\n    return 1\n\ndef h():\n    return 1\n",
		"other.py": "y = 1\n",
	})
	dir := t.TempDir()
	h := &hookRun{repo: repo, calls: filepath.Join(dir, "calls"), mark: filepath.Join(dir, "mark")}
	t.Setenv("CALLS", h.calls)
	t.Setenv("MARK", h.mark)
	if hook != "" {
		p := filepath.Join(repo.Dir, ".git", "hooks", "commit-msg")
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+hook), 0o755))
	}
	fix := filepath.Join(dir, "fix.md")
	require.NoError(t, os.WriteFile(fix, []byte(twoResponses), 0o644))
	answer := filepath.Join(dir, "answer.md")
	require.NoError(t, os.WriteFile(answer, []byte(answerH), 0o644))
	if opts.RetryCmd == "" {
		opts.RetryCmd = `echo call >> "$CALLS"; cat >/dev/null; cat ` + answer
	}
	s, _, _, stderr := iostreams.Test()
	opts.Dir, opts.Transcripts, opts.IO = repo.Dir, []string{fix}, s
	done := make(chan error, 1)
	go func() { done <- runErr(ctx, &opts) }()
	if whileRunning != nil {
		whileRunning(h)
	}
	h.err = <-done
	h.stderr = stderr.String()
	return h
}

// modelCalls counts the retry command's calls.
func (h *hookRun) modelCalls(t *testing.T) int {
	b, err := os.ReadFile(h.calls)
	if os.IsNotExist(err) {
		return 0
	}
	require.NoError(t, err)
	return strings.Count(string(b), "call")
}

// log lists the branch's commits, newest first: subject and Aiedit-Response.
func (h *hookRun) log(t *testing.T) []string {
	if _, err := gittest.RunErr(h.repo.Dir, "rev-parse", "-q", "--verify", "refs/heads/aiedit/fix"); err != nil {
		return nil
	}
	out := h.repo.Git(t, "log", "--format=%s %(trailers:key=Aiedit-Response,valueonly,separator=)", "main..aiedit/fix")
	return strings.Split(strings.TrimSpace(out), "\n")
}

// waitFor waits for a file to appear, for a run to reach a point.
func waitFor(t *testing.T, path string) {
	t.Helper()
	require.Eventually(t, func() bool {
		_, err := os.Stat(path)
		return err == nil
	}, 2*time.Minute, 10*time.Millisecond, "%s never appeared", path) // a hang guard
}

// TestHookStopsTheRun: the commit-msg hook sees each message as its
// response ends, so a refusal stops the run before the retry command is
// asked about that response and before later responses are read.
func TestHookStopsTheRun(t *testing.T) {
	tests := map[string]struct {
		hook  string
		calls int
		log   []string // newest first
		said  string   // the line that says where the run stopped
	}{
		"response 1 refused": {
			hook:  "echo no >&2; exit 1\n",
			calls: 0,
			said:  "stopped: the commit-msg hook refused the message of response 1, so nothing from there on was recorded",
		},
		"its retry round refused": {
			hook:  "if grep -q Sorry \"$1\"; then exit 1; fi\n",
			calls: 1,
			log:   []string{"Make g return 2, and y 2. 1/2"},
			said:  "stopped: the commit-msg hook refused the message of retry 1 of response 1",
		},
		"response 2 refused": {
			hook:  "if grep -q 'return 5' \"$1\"; then exit 1; fi\n",
			calls: 1,
			log:   []string{"Sorry: there is no g. 1/2", "Make g return 2, and y 2. 1/2"},
			said:  "stopped: the commit-msg hook refused the message of response 2",
		},
		"nothing refused": {
			hook:  "exit 0\n",
			calls: 1,
			log:   []string{"Make f return 5. 2/2", "Sorry: there is no g. 1/2", "Make g return 2, and y 2. 1/2"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			h := runWithHook(t, context.Background(), tc.hook, Options{}, nil)
			want := exitcode.Partial
			if tc.said == "" {
				want = exitcode.OK
			}
			assert.Equal(t, want, exitcode.Of(h.err, -1), h.stderr)
			assert.Equal(t, tc.calls, h.modelCalls(t), "calls of the retry command")
			assert.Equal(t, tc.log, h.log(t))
			if tc.said != "" {
				assert.Contains(t, h.stderr, tc.said)
			} else {
				assert.NotContains(t, h.stderr, "stopped:")
			}
			if tc.log == nil {
				assert.Contains(t, h.stderr, "nothing was recorded; branch aiedit/fix unchanged")
			}
		})
	}
}

// TestHookInterrupted: ^C on the terminal reaches the commit-msg hook as
// well as apply; the hook dying of it is the run being interrupted (exit
// 130, what was complete recorded), not the hook refusing the message.
// A hook killed by a signal when nobody interrupted refuses it.
func TestHookInterrupted(t *testing.T) {
	// Response 2's hook says it started, then dies of SIGINT, as ^C on the
	// terminal would kill it.
	const hook = "if grep -q 'return 5' \"$1\"; then touch \"$MARK\"; sleep 0.3; kill -INT $$; sleep 5; fi\n"
	tests := map[string]struct {
		interrupt bool
		code      int
		log       []string
		said      string
	}{
		"interrupted": {
			interrupt: true, code: exitcode.Interrupted,
			log:  []string{"Sorry: there is no g. 1/2", "Make g return 2, and y 2. 1/2"},
			said: "response 2: interrupted while the commit-msg hook ran; not recorded",
		},
		"killed, not interrupted": {
			code: exitcode.Partial,
			log:  []string{"Sorry: there is no g. 1/2", "Make g return 2, and y 2. 1/2"},
			said: "response 2: the commit-msg hook",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			h := runWithHook(t, ctx, hook, Options{}, func(h *hookRun) {
				if tc.interrupt {
					waitFor(t, h.mark)
					cancel()
				}
			})
			assert.Equal(t, tc.code, exitcode.Of(h.err, -1), h.stderr)
			assert.Equal(t, tc.log, h.log(t))
			assert.Contains(t, h.stderr, tc.said)
			if tc.interrupt {
				assert.NotContains(t, h.stderr, "refused")
			}
		})
	}
}

// TestStoppedRunKeepsTotal: a run that stops before the end of its
// transcript still records the transcript's number of responses in
// Aiedit-Response and the attribution note, so that a re-run continues
// the same series (1/2, then 2/2, never 1/1).
func TestStoppedRunKeepsTotal(t *testing.T) {
	tests := map[string]struct {
		hook      string
		opts      Options
		interrupt bool
		code      int
	}{
		"interrupted while the model answers": {
			opts:      Options{RetryCmd: `touch "$MARK"; cat >/dev/null; sleep 30`},
			interrupt: true, code: exitcode.Interrupted,
		},
		"interrupted, with a commit-msg hook": {
			hook:      "exit 0\n",
			opts:      Options{RetryCmd: `touch "$MARK"; cat >/dev/null; sleep 30`},
			interrupt: true, code: exitcode.Interrupted,
		},
		"only response 1 selected": {
			opts: Options{Responses: Responses{{1, 1}}, RetryCmd: "cat >/dev/null; exit 3"}, code: exitcode.Partial,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			h := runWithHook(t, ctx, tc.hook, tc.opts, func(h *hookRun) {
				if tc.interrupt {
					waitFor(t, h.mark)
					cancel()
				}
			})
			assert.Equal(t, tc.code, exitcode.Of(h.err, -1), h.stderr)
			assert.Equal(t, []string{"Make g return 2, and y 2. 1/2"}, h.log(t))
			note := h.repo.Git(t, "notes", "--ref=aiedit", "show", "aiedit/fix")
			assert.Contains(t, note, `"total": 2`)
		})
	}
}
