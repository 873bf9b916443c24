package transcript

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/internal/didyoumean"
)

// Source names where a transcript comes from (the --from values).
type Source string

const (
	Raw        Source = "raw"
	Markdown   Source = "markdown"
	Aider      Source = "aider"
	ClaudeCode Source = "claude-code"
	Codex      Source = "codex"
	OpenHands  Source = "openhands"
	SWEAgent   Source = "swe-agent"
	Cline      Source = "cline"
	ClineCLI   Source = "cline-cli"
	QwenCode   Source = "qwen-code"
	Gemini     Source = "gemini"
	CopilotCLI Source = "copilot-cli"
	Cursor     Source = "cursor"
	OpenCode   Source = "opencode"
	SpecStory  Source = "specstory"
	Entire     Source = "entire"
)

// registry is every source, in the order they are documented: its name,
// how it is read, and whether it is a log of JSON records. A new source
// adds its constant, one line here, and its rule in Detect.
var registry = []struct {
	name    Source
	records bool // JSON records, not text: a text reader would take it as one reply
	read    func(io.Reader, *emitter) error
}{
	{Raw, false, readRaw},
	{Markdown, false, readMarkdown},
	{SpecStory, false, readSpecStory},
	{Aider, false, readAider},
	{ClaudeCode, true, readClaude},
	{Codex, true, readCodex},
	{OpenHands, true, readOpenHands},
	{SWEAgent, true, readSWEAgent},
	{Cline, true, readCline},
	{ClineCLI, true, readClineCLI},
	{Gemini, true, readGeminiAny},
	{QwenCode, true, readQwen},
	{CopilotCLI, true, readCopilot},
	{Cursor, true, readCursor},
	{OpenCode, true, readOpenCode},
	{Entire, true, readEntire},
}

// Sources lists every source, in the order they are documented.
var Sources = func() []Source {
	out := make([]Source, len(registry))
	for i, r := range registry {
		out[i] = r.name
	}
	return out
}()

// SourceNames returns the --from values, in documented order.
func SourceNames() []string {
	out := make([]string, len(Sources))
	for i, s := range Sources {
		out[i] = string(s)
	}
	return out
}

// Records reports whether the source is a log of JSON records (an agent's
// session) rather than text.
func (s Source) Records() bool {
	for _, r := range registry {
		if r.name == s {
			return r.records
		}
	}
	return false
}

// ToolCallFormat is the format of the operations a tool-call transcript
// records (Response.Ops): they come from no edit format of the reply.
const ToolCallFormat = "toolcall"

// UnknownSourceError is a --from value that names no source.
type UnknownSourceError struct{ Name string }

func (e *UnknownSourceError) Error() string {
	if s := didyoumean.Suggest(strings.ToLower(strings.TrimSpace(e.Name)), SourceNames()); s != "" {
		return fmt.Sprintf("unknown transcript source %q; did you mean %s? (sources: %s)", e.Name, s, strings.Join(SourceNames(), ", "))
	}
	return fmt.Sprintf("unknown transcript source %q; use one of %s", e.Name, strings.Join(SourceNames(), ", "))
}

// ParseSource validates a --from value (case and surrounding space do not
// matter).
func ParseSource(name string) (Source, error) {
	n := Source(strings.ToLower(strings.TrimSpace(name)))
	for _, s := range Sources {
		if n == s {
			return s, nil
		}
	}
	return "", &UnknownSourceError{Name: name}
}

// ErrEntire is what reading a file as an Entire checkpoint says: Entire
// keeps its checkpoints in the repository, where apply reads them by id.
var ErrEntire = errors.New("an Entire checkpoint is read from the repository's entire/checkpoints/v1 branch: give its id (12 hex digits) or a commit with an Entire-Checkpoint trailer, not a file")

func readEntire(io.Reader, *emitter) error { return ErrEntire }
