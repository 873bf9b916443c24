package engine

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/check"
	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/redact"
	"github.com/go-git/go-git/v5/plumbing"
)

// Report is the JSON report of docs/json-report.md, rendered from the
// run's state once the run is over.
type Report struct {
	Branch      string            `json:"branch"`
	Base        string            `json:"base"`
	Head        string            `json:"head"`
	DryRun      bool              `json:"dry_run"`
	Responses   []*ResponseReport `json:"responses"`
	Summary     editcore.Summary  `json:"summary"`
	RetryPrompt string            `json:"retry_prompt"`
	// Verified compares the replay with the result the record states
	// (verify.go): matches, differs or unchecked; absent when no record
	// states one. Verification says it per transcript.
	Verified     string                `json:"verified,omitempty"`
	Verification []*VerificationReport `json:"verification,omitempty"`
	// Redactions counts the secrets taken out of the run's commit text.
	Redactions int `json:"redactions"`

	// For the callers of Run: the commit the branch points at once the
	// run is over (zero when the branch does not exist), and how many
	// responses the run read, those already on the branch included.
	Tip  plumbing.Hash    `json:"-"`
	red  *redact.Redactor // redacts the spilled blocks as they are written
	Read int              `json:"-"`
}

// ResponseReport is one assistant response.
type ResponseReport struct {
	Index           int     `json:"index"`      // 1-based, in its transcript
	Transcript      string  `json:"transcript"` // the transcript's file name, "stdin" for -
	Commit          *string `json:"commit"`
	AlreadyRecorded bool    `json:"already_recorded"`
	Model           string  `json:"model,omitempty"`
	// Prompt is what the user asked, redacted and cut at 4 KiB; "" when
	// the transcript shows none or prompts are not recorded.
	Prompt     string `json:"prompt"`
	Redactions int    `json:"redactions"`
	// Workdirs: the folders of the agent's machine whose paths were
	// mapped onto the repository's root; absent when none needed mapping.
	Workdirs []*WorkdirReport `json:"workdirs,omitempty"`
	// Blocks: a response's first 4,096 (keptBlocks). The report the run
	// writes (JSON) reads the rest back from disk as it writes them
	// (spilled); the Report Run returns has the kept ones.
	Blocks  []*BlockReport `json:"blocks"`
	spilled *blockLog
	Shell   []*ShellReport `json:"shell"`
	Checks  []*CheckReport `json:"checks"`
	// Retries: the rounds of --retry-cmd, each its own commit; absent
	// when the response was not retried.
	Retries []*RetryReport `json:"retries,omitempty"`
	// RetryStopped says why the retry loop ended; absent when it did not run.
	RetryStopped *StopReport `json:"retry_stopped,omitempty"`
}

// RetryReport is one retry round: the model command's answer, applied.
type RetryReport struct {
	Round           int            `json:"round"`
	Commit          *string        `json:"commit"`
	AlreadyRecorded bool           `json:"already_recorded"`
	Blocks          []*BlockReport `json:"blocks"`
	spilled         *blockLog
	Shell           []*ShellReport `json:"shell"`
	Checks          []*CheckReport `json:"checks"`
}

// StopReport is why a retry loop ended (retryloop.go's stop rules).
type StopReport struct {
	Reason     string `json:"reason"` // one of the stop* constants
	Round      int    `json:"round"`  // the last round run or tried; 0 none
	Message    string `json:"message"`
	ExitStatus *int   `json:"exit_status,omitempty"` // the command's, when it exited with one
	StderrTail string `json:"stderr_tail,omitempty"` // the last lines of its standard error
}

// BlockReport is one edit block.
type BlockReport struct {
	Index     int    `json:"index"`
	File      string `json:"file"`
	Format    string `json:"format"`
	Status    string `json:"status"`
	ErrorType string `json:"error_type"`
	Match     string `json:"match"`
	Line      int    `json:"line"`
	Message   string `json:"message"`
}

// ShellReport is one suggested shell command.
type ShellReport struct {
	Command string `json:"command"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

// CheckReport is one check's outcome on one response (JSON "checks").
type CheckReport struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Message string `json:"message"` // why, with what the check printed (capped); empty when passed
}

// report renders the run's state as the JSON report.
func (s *runState) report() *Report {
	rep := &Report{
		Branch: s.branch, Base: s.base.String(), Head: s.head.String(), DryRun: s.dryRun,
		Responses: make([]*ResponseReport, 0, len(s.responses)),
		Summary:   s.summary(), RetryPrompt: s.retryPrompt, Redactions: s.redactions(),
		Tip: s.tip, Read: s.read,
	}
	for _, r := range s.responses {
		rep.Responses = append(rep.Responses, r.report())
	}
	rep.Verified = s.verified()
	for _, v := range s.verifications {
		rep.Verification = append(rep.Verification, v.report())
	}
	rep.redact(s.red)
	return rep
}

func (r *responseState) report() *ResponseReport {
	rr := &ResponseReport{
		Index: r.index, Transcript: r.in.label, AlreadyRecorded: r.alreadyRecorded, Model: r.model,
		Prompt: r.prompt, Redactions: r.allRedactions(),
		Blocks: []*BlockReport{}, Shell: []*ShellReport{}, Checks: []*CheckReport{},
	}
	if !r.commit.IsZero() {
		c := r.commit.String()
		rr.Commit = &c
	}
	rr.Workdirs = workdirReports(r.workdirs)
	for i, b := range r.blocks.head {
		rr.Blocks = append(rr.Blocks, blockReport(i+1, b))
	}
	if r.blocks.spill != nil {
		rr.spilled = &r.blocks // written out with the report (reportstream.go)
	}
	for _, s := range r.shell {
		rr.Shell = append(rr.Shell, &ShellReport{Command: s.Op.Command.Text, Status: string(s.Status), Message: s.Message})
	}
	for _, o := range r.checks {
		rr.Checks = append(rr.Checks, checkReport(o))
	}
	for _, x := range r.rounds {
		rr.Retries = append(rr.Retries, x.roundReport())
	}
	if r.retryStop != nil {
		rr.RetryStopped = r.retryStop.report()
	}
	return rr
}

func (r *responseState) roundReport() *RetryReport {
	full := r.report()
	return &RetryReport{Round: r.round, Commit: full.Commit, AlreadyRecorded: r.alreadyRecorded,
		Blocks: full.Blocks, spilled: full.spilled, Shell: full.Shell, Checks: full.Checks}
}

func blockReport(index int, r editcore.Result) *BlockReport {
	format := ""
	if r.Op != nil {
		format = r.Op.Format
	}
	return &BlockReport{index, r.Path, format, string(r.Status), string(r.Error), string(r.Match), r.Line, r.Message}
}

// maxCheckMessage caps a check's output in the report and the retry prompt.
const maxCheckMessage = 4 << 10

// checkReport is a check's outcome with what it printed: the detail alone
// when it failed (it says why), after the message when it could not run.
func checkReport(o check.Outcome) *CheckReport {
	msg := o.Message
	switch detail := strings.TrimSpace(o.Detail); {
	case o.OK() || detail == "":
	case o.Status == check.Failed:
		msg = detail
	default:
		msg += "\n" + detail
	}
	if len(msg) > maxCheckMessage {
		msg = strings.ToValidUTF8(msg[:maxCheckMessage], "") + "\n[…]"
	}
	return &CheckReport{Name: o.Name, Status: string(o.Status), Message: msg}
}

func (r *Report) writeJSON(w io.Writer) error {
	if lists := r.spilled(); len(lists) > 0 {
		return r.streamJSON(w, lists)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}
