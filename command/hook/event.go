package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Event is what an agent's hook reports, in one shape for every agent.
type Event struct {
	Name       string // SessionStart, Stop, agent-turn-complete, …
	Session    string // the agent's session id
	Transcript string // the session file, when the agent says
	Cwd        string // the agent's working directory
	Source     string // SessionStart: startup, resume, clear or compact
	// Final is Claude Code's Stop last_assistant_message: the text the
	// answer ended with (nil when the agent does not send it).
	Final *string
	// Record is the session's record itself, when the event carries it
	// rather than naming a file (OpenCode's export): run keeps it beside
	// the cursor and reads it from there.
	Record []byte
	// FirstOnly: the event comes many times in a session (the Cline CLI's
	// PreToolUse, before every tool call); it takes the base of a session
	// not seen yet, and else does nothing.
	FirstOnly bool
}

// maxEvent bounds what is read from the agent: the events are small, but
// Codex's carries the last assistant message.
const maxEvent = 16 << 20

// inputWait bounds the wait for the hook input: the agent writes it at
// once, and a hook must return within the agent's budget whatever it is
// given (a terminal, a pipe that stays open and silent).
var inputWait = 10 * time.Second

// readClaude reads Claude Code's hook input: one JSON object on standard
// input with session_id, transcript_path, cwd, hook_event_name (and source
// on SessionStart, last_assistant_message on Stop). Gemini CLI sends the
// same fields (and timestamp). It reads that one value and stops: the
// agent may keep standard input open after it.
func readClaude(r io.Reader, agent Agent) (Event, error) {
	data, err := readInput(r, agent, maxEvent)
	if err != nil {
		return Event{}, err
	}
	var in struct {
		SessionID      string  `json:"session_id"`
		TranscriptPath string  `json:"transcript_path"`
		Cwd            string  `json:"cwd"`
		HookEventName  string  `json:"hook_event_name"`
		Source         string  `json:"source"`
		Final          *string `json:"last_assistant_message"`
		// GitHub Copilot CLI's camelCase events.
		SessionIDCamel      string `json:"sessionId"`
		TranscriptPathCamel string `json:"transcriptPath"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return Event{}, fmt.Errorf("the hook input is not the JSON object %s sends: %w", agent.display(), err)
	}
	if in.SessionID == "" {
		in.SessionID = in.SessionIDCamel
	}
	if in.TranscriptPath == "" {
		in.TranscriptPath = in.TranscriptPathCamel
	}
	return Event{Name: in.HookEventName, Session: in.SessionID, Transcript: in.TranscriptPath, Cwd: in.Cwd, Source: in.Source, Final: in.Final}, nil
}

// readInput reads the one JSON value an agent's hook is given on
// standard input, at most limit bytes, and stops there: the agent may
// keep standard input open after it. It waits at most inputWait.
func readInput(r io.Reader, agent Agent, limit int64) (json.RawMessage, error) {
	type result struct {
		data json.RawMessage
		err  error
	}
	done := make(chan result, 1)
	go func() {
		var v json.RawMessage
		err := json.NewDecoder(io.LimitReader(r, limit)).Decode(&v)
		done <- result{v, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			if errors.Is(res.err, io.EOF) || errors.Is(res.err, io.ErrUnexpectedEOF) {
				return nil, fmt.Errorf("the hook input is not the JSON object %s sends: it ended before the object did", agent.display())
			}
			var se *json.SyntaxError
			if errors.As(res.err, &se) {
				return nil, fmt.Errorf("the hook input is not the JSON object %s sends: %w", agent.display(), res.err)
			}
			return nil, fmt.Errorf("reading the hook input: %w", res.err)
		}
		return res.data, nil
	case <-time.After(inputWait):
		// The read goes on in its goroutine until the process ends.
		return nil, fmt.Errorf("no hook input from %s within %s; nothing recorded", agent.display(), inputWait)
	}
}

// readCodex reads Codex's notify argument: a JSON object with type
// ("agent-turn-complete"), thread-id, turn-id, cwd, input-messages and
// last-assistant-message. It names no session file.
func readCodex(arg string) (Event, error) {
	var in struct {
		Type     string `json:"type"`
		ThreadID string `json:"thread-id"`
		Cwd      string `json:"cwd"`
	}
	if err := json.Unmarshal([]byte(arg), &in); err != nil {
		return Event{}, fmt.Errorf("the notify argument is not the JSON object Codex sends: %w", err)
	}
	return Event{Name: in.Type, Session: in.ThreadID, Cwd: in.Cwd}, nil
}

// safeID keeps a session id usable in file and ref names.
func safeID(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := b.String()
	if len(s) > 100 {
		s = s[:100]
	}
	return s
}
