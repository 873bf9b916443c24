package transcript

import (
	"fmt"
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
)

// Sources lists every source, in the order they are documented.
var Sources = []Source{Raw, Markdown, Aider, ClaudeCode, Codex, OpenHands}

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
