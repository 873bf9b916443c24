package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/git-aiedit/git-aiedit/gitops/gittest"
	"github.com/git-aiedit/git-aiedit/internal/exitcode"
	"github.com/git-aiedit/git-aiedit/internal/iostreams"
)

// recorder is an Observer that keeps each event as one line.
type recorder struct {
	events  []string
	reports []*Report
}

func (r *recorder) Observe(e Event) {
	var s string
	switch e := e.(type) {
	case ResponseStarted:
		s = fmt.Sprintf("response %d of %s: %s", e.Index, e.Transcript, e.Label)
	case BlockDone:
		s = fmt.Sprintf("  block %s %s", e.Result.Status, e.Result.Path)
	case ShellDone:
		s = fmt.Sprintf("  shell %s %s", e.Result.Status, e.Result.Op.Command.Text)
	case CheckDone:
		s = fmt.Sprintf("  check %s %s", e.Outcome.Name, e.Outcome.Status)
	case Note:
		s = "note " + e.Text
	case Finished:
		s = fmt.Sprintf("finished: %d applied, %d failed; committed=%v commits=%d on %s (existed=%v) notes=%q",
			e.Summary.Applied, e.Summary.Failed, e.Committed, e.Commits, e.Branch, e.Existed, e.Notes)
	default:
		s = fmt.Sprintf("%T %+v", e, e)
	}
	r.events = append(r.events, s)
}

func (r *recorder) Report(rep *Report) error {
	r.reports = append(r.reports, rep)
	return nil
}

// session is a chat of three responses: a Go edit (the syntax check runs),
// an edit whose anchor is not in the file beside one that creates a
// file, and a shell command.
const session = "## User\n\nDocument Add.\n\n## Assistant\n\nDone.\n\n" +
	"calc.go\n««« EDIT\nfunc Add(a, b int) int {\n═══════ REPL\n// Add adds.\nfunc Add(a, b int) int {\n»»» EDIT END\n\n" +
	"## User\n\nAnd Sub, with notes.\n\n## Assistant\n\nHere.\n\n" +
	"calc.go\n««« EDIT\nfunc Sub(a, b int) int {\n═══════ REPL\n// Sub subtracts.\nfunc Sub(a, b int) int {\n»»» EDIT END\n\n" +
	"notes.txt\n««« EDIT\n═══════ REPL\ncalc adds\n»»» EDIT END\n\n" +
	"## User\n\nMove the old file.\n\n## Assistant\n\nRun this.\n\n```sh\ngit mv old.py legacy/old.py\n```\n"

func sessionRepo(t *testing.T) (*gittest.Repo, string) {
	t.Helper()
	gittest.Setenv(t)
	repo := gittest.New(t, map[string]string{
		"calc.go": "package calc\n\nfunc Add(a, b int) int {\n\treturn a + b\n}\n",
		"old.py":  "x = 1\n",
	})
	path := filepath.Join(t.TempDir(), "session.md")
	require.NoError(t, os.WriteFile(path, []byte(session), 0o644))
	return repo, path
}

// TestObserverSeesTheRun: an Observer is told each response, its blocks,
// shell operations and checks in the order they happen, then the outcome,
// then given the report Run returns; the engine prints nothing itself.
func TestObserverSeesTheRun(t *testing.T) {
	repo, path := sessionRepo(t)
	s, _, stdout, stderr := iostreams.Test()
	rec := &recorder{}
	rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review", Observer: rec, IO: s, JSON: true})
	assert.Equal(t, exitcode.Partial, exitcode.Of(err, -1), "the failed block")
	assert.Empty(t, stdout.String(), "the Observer replaces the default ones")
	assert.Empty(t, stderr.String())

	assert.Equal(t, []string{
		"response 1 of session.md: response 1",
		"  block applied calc.go",
		"  check syntax passed",
		"response 2 of session.md: response 2",
		"  block failed calc.go",
		"  block applied notes.txt", // no Go file changed: no syntax check
		"response 3 of session.md: response 3",
		"  shell applied git mv old.py legacy/old.py",
		"  check syntax passed",
		`finished: 2 applied, 1 failed; committed=true commits=3 on review (existed=false) notes=[]`,
	}, rec.events)
	require.Len(t, rec.reports, 1)
	require.Same(t, rep, rec.reports[0], "the Observer is given the report Run returns")
	require.Len(t, rep.Responses, 3)
	assert.Equal(t, "failed", rep.Responses[1].Blocks[0].Status)
	assert.Equal(t, strings.TrimSpace(repo.Git(t, "rev-parse", "review")), rep.Head)
	assert.Equal(t, "3", strings.TrimSpace(repo.Git(t, "rev-list", "--count", "main..review")))

	// Run again: every response is recognised on the branch, nothing is
	// applied, and the outcome says so.
	rec = &recorder{}
	rep, err = Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review", Observer: rec})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`finished: 0 applied, 0 failed; committed=false commits=0 on review (existed=true) notes=["3 responses already recorded on review"]`,
	}, rec.events)
	for _, r := range rep.Responses {
		assert.True(t, r.AlreadyRecorded)
	}
}

// TestDefaultObservers: without an Observer, people's output goes to
// standard error and, with JSON, the report Run returns to standard output.
func TestDefaultObservers(t *testing.T) {
	repo, path := sessionRepo(t)
	s, _, stdout, stderr := iostreams.Test()
	rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review", IO: s, JSON: true})
	assert.Equal(t, exitcode.Partial, exitcode.Of(err, -1))
	var want bytes.Buffer
	require.NoError(t, rep.writeJSON(&want))
	assert.Equal(t, want.String(), stdout.String())
	assert.Contains(t, stderr.String(), "response 2\n  failed          calc.go:4 (anchor_not_found)\n")
	assert.Contains(t, stderr.String(), "2 applied, 1 failed\n3 commits on review (")
}

// TestObserverSeesRetries: a retry round is told as the command is asked,
// then as a response of its own, then why the loop stopped.
func TestObserverSeesRetries(t *testing.T) {
	repo, path := sessionRepo(t)
	answer := filepath.Join(t.TempDir(), "answer.md")
	require.NoError(t, os.WriteFile(answer, []byte("Sub is not there yet: here it is.\n\n"+
		"calc.go\n««« EDIT\n\treturn a + b\n}\n═══════ REPL\n\treturn a + b\n}\n\n// Sub subtracts.\nfunc Sub(a, b int) int {\n\treturn a - b\n}\n»»» EDIT END\n"), 0o644))
	rec := &recorder{}
	cmd := "cat " + answer
	rep, err := Run(context.Background(), &Options{Dir: repo.Dir, Transcripts: []string{path}, Branch: "review", Observer: rec,
		RetryCmd: cmd, Retries: 1})
	require.NoError(t, err, "the retry applied what failed")
	assert.Equal(t, []string{
		"response 1 of session.md: response 1",
		"  block applied calc.go",
		"  check syntax passed",
		"response 2 of session.md: response 2",
		"  block failed calc.go",
		"  block applied notes.txt",
		fmt.Sprintf("engine.RetryAsked {Label:response 2 Round:1 Command:%s}", cmd),
		"response 2 of session.md: retry 1 of response 2",
		"  block applied calc.go",
		"  check syntax passed",
		"engine.RetryStopped {Label:response 2 Reason:applied Message:every block applied Tail:}",
		"response 3 of session.md: response 3",
		"  shell applied git mv old.py legacy/old.py",
		"  check syntax passed",
		`finished: 3 applied, 1 failed; committed=true commits=4 on review (existed=false) notes=[]`,
	}, rec.events)
	require.Len(t, rep.Responses[1].Retries, 1)
	assert.Contains(t, repo.Git(t, "show", "review:calc.go"), "func Sub(a, b int) int {")
}
