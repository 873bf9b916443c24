package editcore

import "github.com/git-aiedit/git-aiedit/editcore/match"

// Status is the outcome of one operation (docs/json-report.md, "Block status").
type Status string

const (
	Applied        Status = "applied"
	AlreadyApplied Status = "already_applied"
	Validated      Status = "validated"
	Failed         Status = "failed"
	Skipped        Status = "skipped"
	NotInContext   Status = "not_in_context"
	NotRun         Status = "not_run" // shell commands this tool does not perform
	// Rejected and Edited are a person's decisions (apply -p): the block
	// was not applied, or what they saved in the editor was.
	Rejected Status = "rejected"
	Edited   Status = "edited"
	// NotReplayed: a command an agent ran that may have written files but
	// cannot be replayed deterministically; recorded, never run.
	NotReplayed Status = "not_replayed"
	// Outside: a write the record shows outside the repository; never
	// replayed into it.
	Outside Status = "outside"
)

// ErrorType says why an operation failed or was skipped (docs/json-report.md, "Error types").
type ErrorType string

const (
	AnchorNotFound     ErrorType = "anchor_not_found"
	AmbiguousAnchor    ErrorType = "ambiguous_anchor"
	OldTextMismatch    ErrorType = "old_text_mismatch"
	FileNotFound       ErrorType = "file_not_found"
	FileExists         ErrorType = "file_exists"
	BinaryFile         ErrorType = "binary_file"
	UnsafePath         ErrorType = "unsafe_path"
	PreviousEditFailed ErrorType = "previous_edit_failed"
	MalformedBlock     ErrorType = "malformed_block"
	CheckFailed        ErrorType = "check_failed"
	// NotAnEdit: a block that names a file but is not an edit (Unread).
	NotAnEdit ErrorType = "not_an_edit"
	// WriteFailed: the tree refused a write for a reason none of the
	// above names; the message has the filesystem's words.
	WriteFailed ErrorType = "write_failed"
)

// Result is what happened to one operation.
type Result struct {
	Op      *Op
	Path    string // repository-relative, slash-separated; "" when unknown
	Status  Status
	Error   ErrorType  // for Failed and Skipped
	Match   match.Step // how the location was found; "" when not applied
	Line    int        // 1-based line in the file where the edit landed, or the nearest candidate; 0 when unknown
	Message string     // what went wrong and what to do, for people and models
}

// OK reports whether the operation needs no further attention.
func (r *Result) OK() bool { return r.Status.OK() }

// OK reports whether an operation with this status needs no further
// attention: it applied, was already there, would apply, or a person
// decided on it.
func (s Status) OK() bool {
	switch s {
	case Applied, AlreadyApplied, Validated, Rejected, Edited, Outside:
		return true
	}
	return false
}

// ToolFailed marks a tool-call edit that the transcript records as having
// failed when it was made; it is reported, not replayed.
const ToolFailed ErrorType = "tool_failed"
