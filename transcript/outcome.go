package transcript

import (
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// Outcome is the final result of the agent's work as its record states
// it, against which a replay can be checked: a patch from the task's start
// (OpenHands evaluation output's test_result.git_patch, SWE-agent's
// info.submission), or a commit the tool made (aider's "> Commit 1801332
// …" lines; the last one stands for the log).
type Outcome struct {
	// What names where the result was read, for people:
	// "openhands test_result.git_patch", "swe-agent info.submission",
	// "aider commit 1801332".
	What string
	// Patch is a git diff from the task's start to the agent's final
	// tree; "" with Commit set. An empty patch with Commit empty says the
	// agent changed nothing.
	Patch string
	// Commit is the abbreviated id of the commit the tool made.
	Commit string
	Line   int // record or line where the result was read
	// Files are Patch read as a git diff, strictly, as git apply reads
	// it; PatchErr says why Patch could not be read, if so.
	Files    []*gitdiff.File
	PatchErr error
}

// PatchOutcome is the result a record states as a patch, read.
func PatchOutcome(what, patch string, line int) Outcome {
	o := Outcome{What: what, Patch: patch, Line: line}
	if patch != "" {
		o.Files, _, o.PatchErr = gitdiff.Parse(strings.NewReader(patch))
	}
	return o
}

// outcome hands a recorded result to the caller.
func (e *emitter) outcome(o Outcome) {
	if e.opt.Outcome != nil {
		e.opt.Outcome(o)
	}
}

// aiderCommitRe is aider's report of the commit it made for an edit
// ("Commit {hash} {message}"), or of where /undo left the repository
// ("Now at:  {hash} {message}", after "Removed: …").
var aiderCommitRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:Commit|Now at:)\s+([0-9a-f]{7,40})\b`)
})

// aiderCommit returns the commit id an aider tool-output line reports.
func aiderCommit(t string) (string, bool) {
	m := aiderCommitRe().FindStringSubmatch(t)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// sweSubmission reads a SWE-agent trajectory's "info" object: its
// submission is the patch the agent submitted (null when it submitted
// nothing).
func sweSubmission(e *emitter, value json.RawMessage) {
	var info struct {
		Submission *string `json:"submission"`
	}
	if json.Unmarshal(value, &info) != nil || info.Submission == nil {
		return
	}
	if e.opt.Outcome != nil {
		e.outcome(PatchOutcome("swe-agent info.submission", *info.Submission, 0))
	}
}

// ohGitPatch reads an OpenHands evaluation record's test_result: its
// git_patch is the diff of the workspace against the task's base commit
// when the agent finished.
func ohGitPatch(e *emitter, rec int, raw json.RawMessage) {
	var ev struct {
		TestResult *struct {
			GitPatch *string `json:"git_patch"`
		} `json:"test_result"`
	}
	if json.Unmarshal(raw, &ev) != nil || ev.TestResult == nil || ev.TestResult.GitPatch == nil {
		return
	}
	if e.opt.Outcome != nil {
		e.outcome(PatchOutcome("openhands test_result.git_patch", *ev.TestResult.GitPatch, rec))
	}
}
