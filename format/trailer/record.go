package trailer

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Record is what one aiedit commit's trailers say: a response commit's
// (Transcript, N and Total set), a reconcile commit's (Reconcile), a
// session-start snapshot's (Snapshot), a squash's (Squashed) or a
// review's (Reviewed). A field left zero writes no trailer.
type Record struct {
	Reconcile Reconcile // Aiedit-Reconcile; written when it names what
	Squashed  Squashed  // Aiedit-Squashed; written when it names a branch

	// Transcript is "<file name> sha256:<hex>": the transcript by name
	// and content hash (a live turn's key stands for the hash).
	Transcript string
	N, Total   int     // Aiedit-Response: <N>/<Total>; N is 0 on a commit that records no response
	Session    Session // Aiedit-Session: a live session's; written when it names an agent
	Base       Base    // Aiedit-Base: what the first commit of a live branch starts from; written when it names a commit
	Snapshot   string  // Aiedit-Snapshot: marks the working tree recorded as a session began (SessionStart)
	Digest     string  // Aiedit-Response-Digest: "sha256:<hex>", the response by its content
	Workdirs   []Workdir
	Verified   Verified // Aiedit-Verified; written when it has a result
	Differs    []Differ // at most MaxDiffers are written, then one line saying how many more
	// DiffersMore counts the files past the Differs listed (the "… <n>
	// more" line).
	DiffersMore int

	// RetryOf and Round: a retry round's commit (Aiedit-Retry-Of:
	// <RetryOf> round <Round>), the model's answer to round Round's
	// prompt about response RetryOf; 0 for a response of the transcript
	// itself.
	RetryOf, Round int
	Model          string
	Blocks         []Block // Aiedit-Block, and Aiedit-Reason for those with a Reason
	Shell          []Shell // Aiedit-Shell, or Aiedit-Unreplayed for a command not replayed
	// Unexplained are the paths a live turn's commit took from the
	// working tree the agent left, where its record does not explain
	// them (Aiedit-Unexplained): a failed command's partial writes, a
	// formatter run by the agent's own hook.
	Unexplained []string
	Checks      []Check // Aiedit-Check, in the order they ran
	// Summary is written on a response commit; Applied includes
	// Validated (a decoded Summary has Validated 0).
	Summary editcore.Summary
	// Omitted are the lines of a per-block key a commit left out
	// (Aiedit-Omitted); Encode adds its own for lists past MaxListed.
	Omitted    []Omission
	AssistedBy []string   // Assisted-by: "<agent>:<model>"
	Reviewed   []Reviewed // Aiedit-Reviewed, one per hunk a review decided
}

// SessionStart is the Aiedit-Snapshot value of the commit `hook run`
// makes of the working tree as a session begins.
const SessionStart = "session-start"

// IsResponse reports whether the record is a response commit's: one with
// a valid Aiedit-Response.
func (r *Record) IsResponse() bool { return r.N > 0 }

// JoinTranscript is the Aiedit-Transcript value of a transcript by its
// file name and hash ("sha256:<hex>", or a live turn's key).
func JoinTranscript(name, sum string) string { return name + " " + sum }

// SplitTranscript splits an Aiedit-Transcript value into the file name
// and the hash ("sha256:<hex>"); ok is false when it names no hash.
func SplitTranscript(v string) (name, sum string, ok bool) {
	i := strings.LastIndex(v, " sha256:")
	if i < 0 {
		return v, "", false
	}
	return v[:i], v[i+1:], true
}

// TranscriptName is the transcript's file name without its hash.
func (r *Record) TranscriptName() string {
	name, _, _ := SplitTranscript(r.Transcript)
	return name
}

// Block is one Aiedit-Block trailer, "<n> <status>[:<detail>] <path>",
// with the Aiedit-Reason recorded for it.
type Block struct {
	Index  int
	Status editcore.Status
	Detail string // error type for failed/skipped/not_in_context, match step for a tolerant apply
	// Error is Detail read as an error type, when Status is failed,
	// skipped or not_in_context; Decode sets it, Encode writes Detail.
	Error  editcore.ErrorType
	Path   string // "-" when unknown (Encode writes "-" for "")
	Reason string // Aiedit-Reason: the first line of why it did not apply; "" for none
	Line   int    // the file line the Reason concerns, 0 when unknown
}

// OK reports whether the block needs no attention.
func (b Block) OK() bool { return b.Status.OK() }

// Outcome is the block's "<status>[:<detail>]" field.
func (b Block) Outcome() string {
	if b.Detail == "" {
		return string(b.Status)
	}
	return string(b.Status) + ":" + b.Detail
}

// Shell is one suggested or recorded command: "Aiedit-Shell: <status>
// <command>", or, for a command the agent ran that could not be replayed
// (status not_replayed), "Aiedit-Unreplayed: <k> <command>".
type Shell struct {
	Status  editcore.Status
	Command string
}

// Check is one Aiedit-Check trailer: "<name> <status>[ <reason>]".
type Check struct {
	Name   string
	Status string // passed, failed or error
	Reason string
}

// OK reports a check that passed.
func (c Check) OK() bool { return c.Status == "passed" }

// Workdir is one Aiedit-Workdir trailer, "<path> <from>": a folder of the
// agent's machine whose recorded paths were mapped onto the repository's
// root, and how it was found (option, recorded or inferred). The path
// may hold spaces; from is the last word.
type Workdir struct {
	Path, From string
}

// Differ is one Aiedit-Differs trailer, "<path> <change>[ (<why>)]": a
// file where the replay differs from the recorded result. The path is
// written as a Go string when it holds a blank, a quote, a backslash or
// a control character; change is one word (missing, extra, content,
// mode).
type Differ struct {
	Path, Change, Why string
}

// Omission is one Aiedit-Omitted trailer: N lines of Key past the first
// First (MaxListed when 0) were left out.
type Omission struct {
	Key   string
	N     int
	First int
}
