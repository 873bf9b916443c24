package apply

import (
	"encoding/json"
	"io"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/match"
	"github.com/git-aiedit/git-aiedit/gitops"
)

// Report is the JSON report of cli.md ("JSON report").
type Report struct {
	Branch      string            `json:"branch"`
	Base        string            `json:"base"`
	Head        string            `json:"head"`
	DryRun      bool              `json:"dry_run"`
	Responses   []*ResponseReport `json:"responses"`
	Summary     Summary           `json:"summary"`
	RetryPrompt string            `json:"retry_prompt"`

	refusedAt int // the response whose message the commit-msg hook refused; 0 none
}

// ResponseReport is one assistant response.
type ResponseReport struct {
	Index           int            `json:"index"`
	Commit          *string        `json:"commit"`
	AlreadyRecorded bool           `json:"already_recorded"`
	Model           string         `json:"model,omitempty"`
	Blocks          []*BlockReport `json:"blocks"`
	Shell           []*ShellReport `json:"shell"`
	Checks          []*CheckReport `json:"checks"`

	subject, body string           // commit message parts
	total         int              // responses in its transcript
	transcript    string           // Aiedit-Transcript trailer value
	extra         []gitops.Trailer // after Aiedit-Response: a live session's (live.go)
}

// BlockReport is one edit block.
type BlockReport struct {
	Index  int
	result editcore.Result // the one record of the outcome; MarshalJSON renders it
}

// blockJSON is a block as cli.md's report has it.
type blockJSON struct {
	Index     int    `json:"index"`
	File      string `json:"file"`
	Format    string `json:"format"`
	Status    string `json:"status"`
	ErrorType string `json:"error_type"`
	Match     string `json:"match"`
	Line      int    `json:"line"`
	Message   string `json:"message"`
}

// MarshalJSON renders the block as cli.md's report has it.
func (b *BlockReport) MarshalJSON() ([]byte, error) {
	r := b.result
	format := ""
	if r.Op != nil {
		format = r.Op.Format
	}
	return json.Marshal(blockJSON{b.Index, r.Path, format, string(r.Status), string(r.Error), string(r.Match), r.Line, r.Message})
}

// UnmarshalJSON reads a block of a report back (the operation itself is
// not in the report: only its format is kept).
func (b *BlockReport) UnmarshalJSON(data []byte) error {
	var j blockJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*b = BlockReport{Index: j.Index, result: editcore.Result{
		Op: &editcore.Op{Format: j.Format}, Path: j.File, Status: editcore.Status(j.Status),
		Error: editcore.ErrorType(j.ErrorType), Match: match.Step(j.Match), Line: j.Line, Message: j.Message,
	}}
	return nil
}

// ShellReport is one suggested shell command.
type ShellReport struct {
	Command string `json:"command"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

// Summary counts blocks by status.
type Summary struct {
	Applied        int `json:"applied"`
	AlreadyApplied int `json:"already_applied"`
	Validated      int `json:"validated"`
	Failed         int `json:"failed"`
	Skipped        int `json:"skipped"`
	NotInContext   int `json:"not_in_context"`
}

func (s *Summary) add(st editcore.Status) {
	switch st {
	case editcore.Applied:
		s.Applied++
	case editcore.AlreadyApplied:
		s.AlreadyApplied++
	case editcore.Validated:
		s.Validated++
	case editcore.Failed:
		s.Failed++
	case editcore.Skipped:
		s.Skipped++
	case editcore.NotInContext:
		s.NotInContext++
	}
}

// Clean reports whether every block applied or was already applied.
func (s Summary) Clean() bool { return s.Failed+s.Skipped+s.NotInContext == 0 }

func newBlockReport(index int, r editcore.Result) *BlockReport {
	return &BlockReport{Index: index, result: r}
}

func (r *Report) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// rollBack records that the response's changes are not in its commit:
// its applied blocks and shell operations become failed/check_failed.
func (rr *ResponseReport) rollBack(reason string) {
	for _, b := range rr.Blocks {
		if st := b.result.Status; st != editcore.Applied && st != editcore.AlreadyApplied {
			continue
		}
		b.result.Status, b.result.Error, b.result.Message = editcore.Failed, editcore.CheckFailed, reason
		b.result.Match = ""
	}
	for _, s := range rr.Shell {
		if s.Status == string(editcore.Applied) {
			s.Status, s.Message = string(editcore.Failed), reason
		}
	}
}
