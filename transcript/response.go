package transcript

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// Response is one assistant response: the unit that becomes one commit.
type Response struct {
	Index int // 1-based, in transcript order
	// Line is where the response starts in the transcript: for text
	// sources the line of Text's first line (so a block at line n of Text
	// is at transcript line Line+n-1); for JSON sources the 1-based record
	// number (JSONL line, or element of a JSON list) of its first record.
	Line int

	// Text is, for text sources, the assistant's text (line endings
	// normalised to LF) to be parsed for edit blocks; for tool-call
	// sources, the assistant's prose, for the commit message only.
	Text string
	// Pieces, when set, holds a long text in place of Text (which is then
	// ""): the text as it was gathered, each piece whole lines ending in a
	// newline, read piece by piece while its blocks apply. Joined into
	// Text, a response of a million blocks (73 MB) was held whole, and
	// twice while it was joined; past 8 MiB its pieces are kept in a
	// temporary file. The reader of the response closes it.
	Pieces *Pieces
	// Body, when set, streams the text instead of Text: a raw transcript
	// is one response read as it arrives. Read it in the callback; what
	// is left unread is drained after it returns.
	Body io.Reader

	// Ops are the structured edits of a tool-call source, in order, with
	// Format ToolCallFormat and repository-relative paths (a path that stays
	// outside the repository is left absolute, and the operation marked
	// Outside).
	Ops []editcore.Op
	// Patches are the recorded patch texts (Codex's and OpenCode's
	// apply_patch calls, SpecStory's Cursor diffs) and, in order among
	// them, the operations of the commands run between them: each one's
	// Ops are what to apply, already read (see [Options.Format]).
	Patches []Patch

	// Prompt is what the user asked since the response before: the
	// request this response answers; "" when the record shows none (a
	// model's retry after an error report, a raw reply).
	Prompt string

	Model string    // "" when unknown
	Time  time.Time // zero when unknown
	// Key names the turn for good, when the source records an id for it
	// that survives the session file being rewritten (Gemini CLI: its
	// first message's id); "" otherwise.
	Key string

	// Workdirs are the folders of the agent's machine whose paths were
	// mapped onto the repository's root in this response (workdir.go); nil
	// when its paths needed no mapping.
	Workdirs []Workdir

	// Context lists the repository-relative files the model had seen in
	// full before or during this response; nil means unknown (every file
	// is in context).
	Context []string

	resolve func(string) string
}

// Resolve maps a path written in the response onto the repository, the way
// the tool-call paths were mapped: an absolute path under the session's
// working directory (or the repository root) becomes relative; anything
// else is returned unchanged.
func (r *Response) Resolve(path string) string {
	if r.resolve == nil {
		return path
	}
	return r.resolve(path)
}

// Patch is one patch a tool call recorded, or a shell command the agent
// ran between its patches.
type Patch struct {
	// Text is the patch as recorded ("*** Begin Patch" … "*** End Patch");
	// "" for a command. It names the response in its digest, however it
	// is read.
	Text          string
	Line          int    // record number of the call
	RecordedError string // set when the call failed at the time; do not apply
	// Dir is the call's working directory relative to the repository root
	// ("" for the root); relative paths in the patch are relative to it.
	Dir string
	// Ops are what the call does: the operations Text holds, on repository
	// paths (read when the response is emitted), or a command's, replayed
	// in their place. A failed call's carry its RecordedError.
	Ops []editcore.Op

	kind    patchKind // what took Text, and so how it is read
	resolve func(string) string
}

// Resolve maps a path named in the patch onto the repository: relative paths
// are taken from Dir, absolute ones through the session's working directory.
func (p *Patch) Resolve(path string) string {
	if p.resolve == nil {
		return path
	}
	return p.resolve(path)
}

// read turns a patch's Text into its Ops, now that the response has
// ended and its paths map as they will, and gives every operation of a
// failed call its RecordedError.
func (p *Patch) read(format string) {
	if p.Text != "" {
		p.Ops = readPatch(recordedPatch{kind: p.kind, text: p.Text, rec: p.Line, raw: "apply_patch"}, format, p.Resolve)
	}
	if p.RecordedError != "" {
		for i := range p.Ops {
			p.Ops[i].RecordedError = p.RecordedError
		}
	}
}

// Options are what a reader needs from its caller.
type Options struct {
	// Root is the repository's worktree root (absolute); absolute paths
	// under it are made relative.
	Root string
	// Workdir, when set, is the folder the agent worked in, as the record
	// names it (absolute, POSIX or Windows): it stands for the repository's
	// root, and no other is inferred (apply --workdir).
	Workdir string
	// Exists reports whether a repository-relative path exists in the base
	// tree, a file or a folder; it lets OpenHands transcripts, which record
	// no working directory, have their workspace root inferred, and a
	// session started in a subfolder the tree has its root (rooter).
	// Optional.
	Exists func(path string) bool
	// Warn receives what was skipped (a bad record, an overlong line) with
	// its 1-based line or record number. Optional.
	Warn func(line int, msg string)
	// Path is the transcript's file, when it is read from one (not from
	// standard input): a Claude Code session keeps its subagents'
	// transcripts in files beside it, which are then read too. Optional.
	Path string
	// Outcome receives the final result a record states of the agent's
	// work (outcome.go), for the replay to be checked against. Optional.
	Outcome func(Outcome)
	// Format, when set, is the edit format apply --format forces: every
	// patch text a tool call recorded (an apply_patch input, a diff given
	// to git apply) is read in it, and one that holds none is reported,
	// not read in its tool's format (readPatch). "" reads each in the
	// format its tool reads.
	Format string
	// Known are the workdirs a first reading of the whole record learned
	// (Workdirs): the rooter starts from them.
	Known []Workdir
	// Names are other names the repository goes by than its folder's
	// (Root's): its remote's URL (…/shop.git), of which the last
	// segment counts. A folder of the agent's apart from the session's
	// recorded one is taken for the repository's root only when it bears
	// one of these names (rooter). Optional.
	Names []string
	// Fold returns the base tree's file or folder whose path equals p but
	// for case, "" when none does: a path the agent wrote on a file
	// system that ignores case (Windows) names that file. Optional.
	Fold func(p string) string
}

// Limits that keep hostile input from exhausting memory. Variables only
// so that tests can lower them.
var (
	MaxLine     = 64 << 20 // longest transcript line or JSON record kept
	MaxResponse = 1 << 30  // largest response text
)

// ErrTooLarge is wrapped by the error returned when a response exceeds
// MaxResponse.
var ErrTooLarge = errors.New("response too large")

// Error is a problem at a place in the transcript.
type Error struct {
	Line int // 1-based line or record number; 0 when unknown
	Err  error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Read streams the responses of a transcript to fn, in order. It holds at
// most one record (or one response) in memory at a time, but for a Gemini
// CLI session, whose later records can change or drop any earlier message:
// its messages are kept, trimmed, until the end (gemini_log.go). An error
// returned by fn stops reading and is returned as is.
func Read(r io.Reader, src Source, opt Options, fn func(*Response) error) error {
	e := &emitter{fn: fn, opt: opt}
	for _, def := range registry {
		if def.name == src {
			err := def.read(r, e)
			e.skips.done(e)
			return err
		}
	}
	_, err := ParseSource(string(src))
	return err
}

// emitter numbers responses and carries the options to every reader.
type emitter struct {
	fn  func(*Response) error
	opt Options
	n   int
	// meta, when set, sees the top-level keys of a JSON object that wraps
	// the list of records (a Messages API request's "model").
	meta func(key string, value json.RawMessage)
	// lineIsRecord keeps a lone line that holds a list of records a
	// record: the source's own records hold such lists (an OpenHands
	// evaluation record's history), where others' are documents.
	lineIsRecord bool
	// skips holds the records skipped for one reason, said once (skip).
	skips skipped
	// prompt gathers the user's words for the next response (prompt.go).
	prompt promptBuf
	// ro maps a tool-call reader's paths; nil for text sources.
	ro *rooter
}

// skip warns that a record was skipped, once for a run of records skipped
// for the same reason: a log of another shape gives a warning, not one a
// line.
func (e *emitter) skip(rec int, msg string) { e.skips.add(e, rec, msg) }

func (e *emitter) emit(r *Response) error {
	e.n++
	r.Index = e.n
	if p := e.prompt.take(); r.Prompt == "" {
		r.Prompt = p
	}
	for i := range r.Patches {
		r.Patches[i].read(e.opt.Format)
	}
	if e.ro != nil {
		r.Workdirs = addWorkdirs(r.Workdirs, e.ro.take())
		markOutside(r.Ops, e.ro)
		for i := range r.Patches {
			markOutside(r.Patches[i].Ops, e.ro)
		}
	}
	return e.fn(r)
}

func (e *emitter) warn(line int, format string, args ...any) {
	if e.opt.Warn != nil {
		e.opt.Warn(line, fmt.Sprintf(format, args...))
	}
}
