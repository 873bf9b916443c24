package transcript

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"
)

// DetectSize is how much of the input Detect wants to see.
const DetectSize = 64 << 10

// Detect guesses a transcript's source from the head of its content (up to
// DetectSize bytes; a record cut off at the end is fine) and its file name
// (may be ""). Content decides; the name breaks ties. Raw when nothing
// else fits.
func Detect(head []byte, name string) Source {
	head = bytes.TrimPrefix(head, bom)
	t := bytes.TrimLeft(head, " \t\r\n")
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		if s := detectJSON(t); s != "" {
			return s
		}
	}
	switch {
	case strings.HasSuffix(base, ".aider.chat.history.md"):
		return Aider
	case strings.HasPrefix(base, "rollout-") && strings.HasSuffix(base, ".jsonl"):
		return Codex
	}
	if isAider(head) {
		return Aider
	}
	if isMarkdownChat(head) {
		return Markdown
	}
	return Raw
}

// detectJSON classifies JSON content by the keys of its first records.
func detectJSON(t []byte) Source {
	if t[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(t))
		if _, err := dec.Token(); err != nil {
			return ""
		}
		for i := 0; i < 5 && dec.More(); i++ {
			var m map[string]json.RawMessage
			if dec.Decode(&m) != nil {
				break
			}
			if s := classifyRecord(m); s != "" {
				return s
			}
		}
		return byKeys(t)
	}
	lines := bytes.Split(t, []byte("\n"))
	for i, l := range lines {
		if i >= 50 {
			break
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(bytes.TrimSpace(l), &m) != nil {
			continue
		}
		if s := classifyRecord(m); s != "" {
			return s
		}
	}
	return byKeys(t)
}

// classifyRecord names the source a single record belongs to.
func classifyRecord(m map[string]json.RawMessage) Source {
	has := func(k string) bool { _, ok := m[k]; return ok }
	var typ string
	_ = json.Unmarshal(m["type"], &typ)
	switch {
	case has("payload") && (typ == "session_meta" || typ == "response_item" || typ == "event_msg" || typ == "turn_context" || typ == "compacted"):
		return Codex
	case has("record_type"), has("instructions") && has("id") && !has("role"):
		return Codex // an old rollout's first lines
	case has("action") || has("observation"):
		return OpenHands
	case has("sessionId") || has("parentUuid") || has("leafUuid"):
		return ClaudeCode
	case has("role") && has("content"):
		return ClaudeCode // Messages API conversation
	case has("message") && (typ == "user" || typ == "assistant"):
		return ClaudeCode
	}
	return ""
}

// byKeys is the fallback for JSON whose first record is not whole (a
// pretty-printed object, or a record longer than the head).
func byKeys(t []byte) Source {
	s := string(t)
	switch {
	case strings.Contains(s, `"session_meta"`) || strings.Contains(s, `"response_item"`):
		return Codex
	case strings.Contains(s, `"observation"`) || strings.Contains(s, `"action":`) || strings.Contains(s, `"action": `):
		return OpenHands
	case strings.Contains(s, `"sessionId"`) || strings.Contains(s, `"tool_use"`) || strings.Contains(s, `"role"`):
		return ClaudeCode
	}
	return ""
}

// isAider looks for aider's session header or its start-up tool output.
func isAider(head []byte) bool {
	for _, l := range bytes.Split(head, []byte("\n")) {
		l = bytes.TrimRight(l, " \r")
		if aiderStartRe.Match(l) || bytes.HasPrefix(l, []byte("> Aider v")) {
			return true
		}
	}
	return false
}

// isMarkdownChat wants two role headings of one style, or one near the top
// (the next may lie beyond the head when a user pasted a large file).
func isMarkdownChat(head []byte) bool {
	var f fence
	styles := map[string]int{}
	nonBlank := 0
	for _, l := range strings.Split(string(head), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		nonBlank++
		if !f.open() {
			if h, ok := parseHeading(l); ok && h.role != otherRole {
				styles[h.style]++
				if styles[h.style] >= 2 || nonBlank <= 5 {
					return true
				}
			}
		}
		f.step(l)
	}
	return false
}
