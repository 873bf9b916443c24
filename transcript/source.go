package transcript

import (
	"fmt"
	"io"
	"strings"
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
)

// readers is the registry of sources and their readers, in the order they
// are documented. A new source adds its file and one line here.
var readers = []struct {
	src  Source
	read func(io.Reader, *emitter) error
}{
	{Raw, readRaw},
	{Markdown, readMarkdown},
	{Aider, readAider},
	{ClaudeCode, readClaude},
	{Codex, readCodex},
	{OpenHands, readOpenHands},
	{SWEAgent, readSWEAgent},
	{Cline, readCline},
}

// Sources lists every source, in the order they are documented.
var Sources = func() []Source {
	s := make([]Source, len(readers))
	for i, r := range readers {
		s[i] = r.src
	}
	return s
}()

// ParseSource validates a --from value (case and surrounding space do not
// matter).
func ParseSource(name string) (Source, error) {
	n := Source(strings.ToLower(strings.TrimSpace(name)))
	for _, s := range Sources {
		if n == s {
			return s, nil
		}
	}
	names := make([]string, len(Sources))
	for i, s := range Sources {
		names[i] = string(s)
	}
	return "", fmt.Errorf("transcript: unknown source %q (valid: %s)", name, strings.Join(names, ", "))
}
