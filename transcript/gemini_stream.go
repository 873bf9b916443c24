package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"time"
)

// gsEvent is one line of `gemini --output-format stream-json`: init
// (session_id, model), message (role user or assistant, content, delta
// for a chunk of a streamed message), tool_use (tool_name, tool_id,
// parameters), tool_result (tool_id, status success or error, error),
// error and result.
type gsEvent struct {
	Type       string          `json:"type"`
	Timestamp  string          `json:"timestamp"`
	Model      string          `json:"model"`
	Role       string          `json:"role"`
	Content    string          `json:"content"`
	Delta      bool            `json:"delta"`
	ToolName   string          `json:"tool_name"`
	ToolID     string          `json:"tool_id"`
	Parameters json.RawMessage `json:"parameters"`
	Status     string          `json:"status"`
	Error      *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// isGeminiStream reports a record of Gemini CLI's stream-json output. Its
// message events have role and content, as a Messages API conversation's
// do; the event type tells them apart.
func isGeminiStream(k keys) bool {
	switch k["type"] {
	case "init":
		return k.has("session_id")
	case "message":
		return k.has("role", "content") && !k.has("message")
	case "tool_use":
		return k.has("tool_name", "tool_id")
	case "tool_result":
		return k.has("tool_id", "status")
	}
	return false
}

// readGeminiAny reads a Gemini CLI session file or its stream-json output,
// told apart by the first record.
func readGeminiAny(r io.Reader, e *emitter) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(DetectSize)
	first := head
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		first = head[:i]
	}
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimSpace(first)))
	if k, _ := recordKeys(dec); isGeminiStream(k) {
		return readGeminiStream(br, e)
	}
	return readGemini(br, e)
}

// readGeminiStream reads stream-json output.
//
// Invariants: a response is everything from the first assistant event
// after a user message (or the start) up to the next user message or
// result; a tool call becomes operations when its result arrives, since
// only the result says whether it succeeded (a call that failed is
// reported, not replayed); a call still waiting for its result at the end
// of the record is reported as not known to have run. The same tools as
// in a session file are kept, with the same arguments. No working
// directory is recorded: the workspace root is inferred from the paths.
func readGeminiStream(r io.Reader, e *emitter) error {
	g := &geminiReader{e: e, ro: e.newRooter()}
	s := &gsReader{g: g}
	err := readRecords(r, e, nil, s.record)
	s.orphans()
	if ferr := g.flush(); ferr != nil {
		return ferr
	}
	return err
}

type gsReader struct {
	g       *geminiReader
	model   string
	pending awaitedCalls // tool calls waiting for their result
	delta   bool         // the last assistant text was a streamed chunk
}

func (s *gsReader) record(rec int, raw []byte) error {
	var ev gsEvent
	if !decodeRecord(s.g.e, rec, raw, &ev) {
		return nil
	}
	switch ev.Type {
	case "init":
		s.model = ev.Model
	case "message":
		if ev.Role == "user" {
			s.orphans()
			return s.g.flush()
		}
		s.start(rec, ev)
		if ev.Delta && s.delta && len(s.g.texts) > 0 {
			s.g.texts[len(s.g.texts)-1] += ev.Content
		} else if ev.Content != "" {
			s.g.texts = append(s.g.texts, ev.Content)
		}
		s.delta = ev.Delta
	case "tool_use":
		s.start(rec, ev)
		s.delta = false
		if !geminiEdits(ev.ToolName) && !geminiReads(ev.ToolName) {
			return nil
		}
		s.pending.add(ev.ToolID, awaitedCall{ev.ToolName, ev.Parameters, rec})
	case "tool_result":
		p, ok := s.pending.take(ev.ToolID)
		if !ok {
			return nil
		}
		failed := ""
		if ev.Status != "success" {
			failed = "the tool call failed"
			if ev.Error != nil && ev.Error.Message != "" {
				failed = ev.Error.Message
			}
		}
		s.g.call(p.rec, gmCall{name: p.name, args: p.args, failed: failed})
	case "result":
		s.orphans()
		return s.g.flush()
	}
	return nil
}

// start opens a response at the first assistant event of a turn.
func (s *gsReader) start(rec int, ev gsEvent) {
	if s.g.cur != nil {
		return
	}
	s.g.cur = &Response{Line: rec, Model: s.model}
	if t, err := time.Parse(time.RFC3339Nano, ev.Timestamp); err == nil {
		s.g.cur.Time = t
	}
}

// orphans reports the calls whose result never came: the output was cut
// off while they ran, so whether they changed anything is not known.
func (s *gsReader) orphans() {
	s.pending.drain(func(p awaitedCall) {
		if s.g.cur != nil {
			s.g.call(p.rec, gmCall{name: p.name, args: p.args, failed: "the record ends before this call's result: not known to have run"})
		}
	})
	if s.g.cur != nil {
		s.g.texts = trimEmpty(s.g.texts)
	}
}

func trimEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}
