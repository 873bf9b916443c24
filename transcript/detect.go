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
	case base == ClineTaskFile, base == ClineUIFile:
		return Cline
	case strings.HasSuffix(base, ClineCLIMessages):
		return ClineCLI
	case strings.HasSuffix(base, ".traj"):
		return SWEAgent
	case strings.HasSuffix(base, ".aider.chat.history.md"):
		return Aider
	case strings.HasPrefix(base, "rollout-") && strings.HasSuffix(base, ".jsonl"):
		return Codex
	}
	if isSpecStory(head) {
		return SpecStory
	}
	if isAider(head) {
		return Aider
	}
	if isMarkdownChat(head) {
		return Markdown
	}
	return Raw
}

// detectJSON classifies JSON content by the structure of its first records:
// the keys of each top-level value (a JSONL line, an element of a list, or
// the object that wraps the list), read as a token stream so that a record
// far longer than the head (an OpenHands evaluation record with a 20 KB
// instruction) is still known by the keys that came before the cut.
func detectJSON(t []byte) Source {
	dec := json.NewDecoder(bytes.NewReader(t))
	if t[0] == '[' {
		if _, err := dec.Token(); err != nil {
			return ""
		}
		if isClineTask(t) {
			return Cline
		}
	}
	for i := 0; i < 50 && dec.More(); i++ {
		k, whole := recordKeys(dec)
		if s := classifyRecord(k); s != "" {
			return s
		}
		if !whole {
			break
		}
	}
	return ""
}

// isClineTask reports a conversation whose first message is a Cline task:
// the user's text opens with <task>.
func isClineTask(t []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(t))
	if _, err := dec.Token(); err != nil {
		return false
	}
	var m clMessage
	if dec.Decode(&m) != nil || m.Role != "user" {
		return false
	}
	bs, err := blocks(m.Content)
	return err == nil && len(bs) > 0 && strings.HasPrefix(strings.TrimSpace(bs[0].Text), "<task>")
}

// keys are the top-level keys of a record, with the value of those whose
// value is a string (the others map to "").
type keys map[string]string

func (k keys) has(names ...string) bool {
	for _, n := range names {
		if _, ok := k[n]; !ok {
			return false
		}
	}
	return true
}

// recordKeys reads one value from dec and returns its top-level keys (none
// for a value that is not an object); whole is false when the input ended
// inside it.
func recordKeys(dec *json.Decoder) (k keys, whole bool) {
	k = keys{}
	tok, err := dec.Token()
	if err != nil {
		return k, false
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return k, true
	}
	if d != '{' {
		return k, skipValue(dec) == nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return k, false
		}
		name, _ := tok.(string)
		val, err := dec.Token()
		if err != nil {
			k[name] = ""
			return k, false
		}
		switch v := val.(type) {
		case string:
			k[name] = v
		case json.Delim:
			k[name] = ""
			if skipValue(dec) != nil {
				return k, false
			}
		default:
			k[name] = ""
		}
	}
	_, err = dec.Token()
	return k, err == nil
}

// classifyRecord names the source a record's keys belong to.
func classifyRecord(k keys) Source {
	typ := k["type"]
	switch {
	case k.has("payload") && (typ == "session_meta" || typ == "response_item" || typ == "event_msg" || typ == "turn_context" || typ == "compacted"):
		return Codex
	case k.has("record_type"), k.has("instructions", "id") && !k.has("role"):
		return Codex // an old rollout's first lines
	case typ == "thread.started" && k.has("thread_id"), strings.HasPrefix(typ, "item.") && k.has("item"):
		return Codex // codex exec --json's events, which its reader refuses saying where the session file is
	case k.has("trajectory") && (k.has("environment") || k.has("info") || k.has("replay_config")):
		return SWEAgent
	case k.has("instance_id") && (k.has("instruction") || k.has("history") || k.has("test_result")):
		return OpenHands // an evaluation harness's output.jsonl record
	case k.has("action"), k.has("observation"):
		return OpenHands
	case strings.HasSuffix(k["kind"], "Event") || strings.HasSuffix(k["kind"], "Observation"):
		// OpenHands V1 (software-agent-sdk): its first event, the system
		// prompt with every tool, can be past the head's end but its kind.
		return OpenHands
	case unreadAgent(k) != "":
		return "" // an agent's record no reader reads (Unread names it)
	case k.has("history") && !k.has("role"), k.has("events") && !k.has("role"):
		return OpenHands // a trajectory object
	case k.has("info", "messages"), k.has("info", "parts"):
		return OpenCode // opencode export: the session, or one of its messages
	case k.has("sessionId", "provenance"), k.has("uuid", "provenance"):
		return QwenCode // a Qwen Code session: Claude Code's envelope with a provenance
	case k.has("sessionId", "origin", "messages"):
		return ClineCLI // a Cline CLI session's <id>.messages.json
	case k.has("ts") && (typ == "say" && k.has("say") || typ == "ask" && k.has("ask")):
		return Cline // a Cline task's ui_messages.json
	case isCopilotCLI(k):
		return CopilotCLI
	case isCursor(k):
		return Cursor // a Cursor agent transcript
	case isGeminiStream(k):
		return Gemini // gemini --output-format stream-json
	case k.has("sessionId", "projectHash"), k.has("projectHash", "messages"):
		return Gemini // a Gemini CLI session document
	case k.has("sessionId"), k.has("parentUuid"), k.has("leafUuid"):
		return ClaudeCode
	case k.has("role", "content"):
		return ClaudeCode // Messages API conversation
	case k.has("message") && (typ == "user" || typ == "assistant"):
		return ClaudeCode
	case k.has("messages") || k.has("conversation"):
		return ClaudeCode // a Messages API request
	}
	return ""
}

// isAider looks for aider's session header or its start-up tool output.
func isAider(head []byte) bool {
	user, tool := false, false
	for _, l := range bytes.Split(head, []byte("\n")) {
		l = bytes.TrimRight(l, " \r")
		if isAiderStart(string(l)) || bytes.HasPrefix(l, []byte("> Aider v")) {
			return true
		}
		user = user || bytes.HasPrefix(l, []byte("#### "))
		tool = tool || isAiderToolLine(l)
	}
	// A log cut at its head (no "# aider chat started" in it) still has
	// aider's shape: the user's "#### " lines and its own tool output.
	return user && tool
}

// isAiderToolLine reports a line of tool output only aider writes: an
// edit applied, its commit, a file added to the chat, the tokens sent.
func isAiderToolLine(l []byte) bool {
	for _, p := range []string{"> Applied edit to ", "> Added ", "> Tokens: ", "> Commit "} {
		if bytes.HasPrefix(l, []byte(p)) {
			switch p {
			case "> Added ":
				return bytes.HasSuffix(l, []byte(" to the chat.")) || bytes.HasSuffix(l, []byte(" to the chat"))
			case "> Commit ":
				return len(l) > 16 && isHex(l[9:16])
			}
			return true
		}
	}
	return false
}

func isHex(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
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

// unreadAgent names the agent whose record has these keys when no reader
// reads that agent's records, "" otherwise: Kiro keeps a chat as one
// object, {conversation_id, history: [{user, assistant}, …]}, whose
// history would otherwise be taken for an OpenHands trajectory's.
func unreadAgent(k keys) string {
	if k.has("conversation_id", "history") {
		return "Kiro"
	}
	return ""
}

// Unread names the agent whose record head is when it is one that no
// reader reads (detection then gives no source), "" otherwise.
func Unread(head []byte) string {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n")
	if len(t) == 0 || t[0] != '{' && t[0] != '[' {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	if t[0] == '[' {
		if _, err := dec.Token(); err != nil {
			return ""
		}
	}
	k, _ := recordKeys(dec)
	return unreadAgent(k)
}
