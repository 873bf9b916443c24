package editcore

import (
	"os"

	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// Kind says what an operation does.
type Kind uint8

const (
	// Replace finds Anchor+Old+Trailing as a contiguous run of whole lines
	// and puts Anchor+New+Trailing in its place.
	Replace Kind = iota + 1
	// Create makes a new file holding Content. An identical existing file
	// is already_applied, a different one is failed:file_exists.
	Create
	// Write sets a file's whole content, whether or not it exists.
	Write
	// Append adds Content at the end of a file, creating it if missing.
	Append
	// Insert puts New after line Start (1-based; 0 is the top of the file).
	Insert
	// ReplaceRange replaces lines Start..End (1-based, inclusive) with New.
	// Start = -1 appends.
	ReplaceRange
	// Substring replaces the exact text OldText by NewText; OldText must
	// occur once unless ReplaceAll (tool-call semantics).
	Substring
	// Delete removes a file (or, with Recursive, a directory).
	Delete
	// Move renames From to Path.
	Move
	// Shell is a command the response suggested; see Command.
	Shell
	// Malformed is a block that could not be parsed; it always reports
	// failed:malformed_block with Problem as its message.
	Malformed
	// Chmod sets the file's mode to Mode (0o644 or 0o755; a git diff's
	// mode change).
	Chmod
	// Unread is a block that names a file but is no edit this tool
	// applies (a fenced terminal session or diff after a path line); it
	// always reports skipped:not_an_edit with Problem as its message, so
	// that nothing the model wrote for a file disappears unreported. Start
	// and End are its first and last lines.
	Unread
)

var kindNames = [...]string{
	Replace: "replace", Create: "create", Write: "write", Append: "append",
	Insert: "insert", ReplaceRange: "replace_range", Substring: "substring",
	Delete: "delete", Move: "move", Shell: "shell", Malformed: "malformed",
	Chmod: "chmod", Unread: "unread",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Op is one proposed change, in the form shared by every edit format.
// Lines are stored without their line terminator; the applier restores the
// file's own line endings.
type Op struct {
	Kind   Kind
	Format string // the edit format's name (parse.Names), or transcript.ToolCallFormat
	Path   string // target path as the model wrote it
	From   string // Move: source path

	// Replace: the lines to find are Anchor+Old+Trailing; they become
	// Anchor+New+Trailing. Anchor and Trailing only locate the edit.
	Anchor   []string
	Old      []string
	New      []string
	Trailing []string

	// Scope lines (apply_patch "@@ def f():") must be found, in order,
	// before the located lines. AtEOF anchors the match to the file's end.
	Scope []string
	AtEOF bool
	// Hint is the 1-based line where the format says the lines start (a
	// git diff's @@ header); 0 when unknown. An exact match there wins,
	// as in git apply; elsewhere the ladder must find one location.
	Hint int
	// InOrder: the lines must be found after the previous operation of the
	// same Group (apply_patch chunks of one file).
	InOrder bool

	// Content: the new content (Create, Write, Append); for Delete, when
	// non-nil, the content the file must have to be deleted (a git diff's
	// deleted file).
	Content []byte

	OldText, NewText string // Substring
	ReplaceAll       bool   // Substring: every occurrence

	// Mode, when non-zero, is the file mode to set (Chmod) or to create the
	// file with (Create, Write): 0o644 or 0o755.
	Mode os.FileMode

	Start, End int  // Insert, ReplaceRange
	Recursive  bool // Delete: a directory and everything below it

	Command *shell.Command // Shell
	// Executed: the agent ran the command this operation replays (a tool
	// call), rather than suggesting it. A Shell command that cannot be
	// replayed is not_replayed; a write made through the shell needed no
	// read first, so it is never not_in_context.
	Executed bool

	// NewOnly (Create): the block may not be the file's whole content (a
	// fenced block after a path line in a reply that edits with another
	// format), so it only creates a missing file; over an existing file
	// with other content it is skipped, not failed.
	NewOnly bool
	// Created (Write): the record says the tool created the file, so it
	// was not there, or was empty: over an existing file with other
	// content it fails as file_exists (that file is another one, of the
	// same path), never written over.
	Created bool
	// Whole (Write): Content is a whole file as the model wrote it out in
	// its reply; one much shorter than the file it replaces is taken as
	// cut short ("rest of the file unchanged") and not written.
	Whole bool

	// Outside: the agent wrote this outside the repository (its path, as
	// recorded, maps onto no file of it). Reported with status outside,
	// never replayed.
	Outside bool
	// OutsideWhy, with Outside, says why the path is no file of the
	// repository when more is known than that it maps onto none (a folder
	// refused as the repository's root, and on what grounds).
	OutsideWhy string
	// Exact: the path is the agent's own, mapped from its record (a tool
	// call's): it names that file of the repository or none, and is never
	// taken for a file of the same base name elsewhere.
	Exact bool

	// RecordedError, when set, is the error the edit produced at the time
	// it was made (a tool call that failed in the transcript). The
	// operation is reported as failed with this message and not applied.
	RecordedError string

	// Group, when non-zero, ties operations that must succeed or fail
	// together (a MultiEdit tool call): if one fails, none is applied.
	// Operations of one group are consecutive and target the same file.
	Group int

	Line    int    // 1-based line in the response where the block starts
	Raw     string // the block as written, for reports and retry prompts
	Problem string // Malformed: what is wrong with the block
}

// Lines returns the lines the operation looks for (Replace).
func (op *Op) Lines() []string { return concat(op.Anchor, op.Old, op.Trailing) }

// Replacement returns the lines that take their place (Replace).
func (op *Op) Replacement() []string { return concat(op.Anchor, op.New, op.Trailing) }

func concat(parts ...[]string) []string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]string, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
