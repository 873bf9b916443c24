package transcript

import (
	"encoding/json"
	"strings"
)

// gmRecord is one record of a Gemini CLI session: a message, a rewind, or
// the session's metadata. Since v0.39 the session is a log
// (session-*.jsonl) that Gemini CLI appends to and rebuilds on load
// (chatRecordingService.ts, loadConversationRecord); before, it was one
// JSON document whose messages list the reader streams as records.
type gmRecord struct {
	gmMessage
	// RewindTo drops the message it names and every later one (/rewind).
	RewindTo *string `json:"$rewindTo"`
	// Messages, in a metadata record, is a whole legacy session written
	// on one line; Gemini CLI's loader reads its messages too.
	Messages json.RawMessage `json:"messages"`
}

// gmKept is what the reader keeps of a message until the session has been
// read: no tool results, no thoughts, no token counts.
type gmKept struct {
	id, typ, time, model string
	text                 string // the model's prose, or the user's words
	calls                []gmCall
	first                int // record where the message first appeared
	rec                  int // record of the copy kept
	// answers: a user message that holds only tool results
	// (functionResponse parts), as Gemini CLI records them since v0.39;
	// it answers the turn's calls and starts no turn.
	answers bool
	// wrote: of an answers message, the absolute path each successful
	// write's result names, by the id of the call it answers.
	wrote map[string]string
}

// gmCall is a call of a tool this reader maps (geminiEdits, geminiReads),
// as kept: its result only as the error of a call that failed.
type gmCall struct {
	id     string
	name   string
	args   json.RawMessage
	failed string
	// wrote: the absolute path a successful write's result names.
	wrote string
}

// gmLog rebuilds a session's messages as Gemini CLI's loader does: a
// message recorded again under its id (Gemini CLI appends the whole
// message each time it grows: text, then each tool call) replaces the
// earlier copy in the place where the id first appeared, and a rewind
// drops the message it names and every later one. A later record can
// change any earlier message, so nothing is final until the end: the log
// keeps every message, trimmed (gmKept), until then.
type gmLog struct {
	e    *emitter
	msgs []gmKept
	at   map[string]int // message id → index in msgs
}

func newGmLog(e *emitter) *gmLog { return &gmLog{e: e, at: map[string]int{}} }

func (l *gmLog) record(rec int, raw []byte) error {
	var r gmRecord
	if !decodeRecord(l.e, rec, raw, &r) {
		return nil
	}
	switch {
	case r.RewindTo != nil:
		l.rewind(rec, *r.RewindTo)
	case r.ID != "" || r.Type != "":
		l.put(rec, r.gmMessage)
	case len(r.Messages) > 0:
		l.list(rec, r.Messages)
	}
	return nil // metadata ($set, the first record) changes no message
}

// list keeps the messages of a legacy session written on one line.
func (l *gmLog) list(rec int, raw json.RawMessage) {
	var ms []json.RawMessage
	if json.Unmarshal(raw, &ms) != nil {
		return
	}
	for _, m := range ms {
		var msg gmMessage
		if decodeRecord(l.e, rec, m, &msg) {
			l.put(rec, msg)
		}
	}
}

func (l *gmLog) put(rec int, m gmMessage) {
	k := trimMessage(rec, m)
	if m.ID == "" {
		l.msgs = append(l.msgs, k) // nothing can name it again
		return
	}
	if i, ok := l.at[m.ID]; ok {
		k.first = l.msgs[i].first
		l.msgs[i] = k
		return
	}
	l.at[m.ID] = len(l.msgs)
	l.msgs = append(l.msgs, k)
}

// rewind drops the message id and every message after it; an id no
// message has drops them all, as Gemini CLI's loader does.
func (l *gmLog) rewind(rec int, id string) {
	i, ok := l.at[id]
	if !ok {
		l.e.warn(rec, "$rewindTo names message %q, which no earlier record holds: every earlier message is dropped, as Gemini CLI does", shorten(id, 80))
		i = 0
	}
	for _, m := range l.msgs[i:] {
		delete(l.at, m.id)
	}
	clear(l.msgs[i:]) // what they held is not kept for the session's rest
	l.msgs = l.msgs[:i]
}

// trimMessage keeps of a message what the reader needs.
func trimMessage(rec int, m gmMessage) gmKept {
	k := gmKept{id: m.ID, typ: m.Type, time: m.Timestamp, model: m.Model, first: rec, rec: rec}
	if m.Type == "user" {
		k.answers = onlyFunctionResponses(m.Content)
		if k.answers {
			k.wrote = geminiAnswers(m.Content)
		} else {
			k.text = shorten(strings.TrimSpace(partsText(m.Content)), maxPrompt)
		}
	}
	if m.Type != "gemini" {
		return k
	}
	k.text = strings.TrimSpace(partsText(m.Content))
	for _, c := range m.ToolCalls {
		if !geminiEdits(c.Name) && !geminiReads(c.Name) {
			continue // web, memory, MCP tools: they change no file
		}
		kc := gmCall{id: c.ID, name: c.Name, args: c.Args}
		if c.Status == "success" && (c.Name == "write_file" || c.Name == "replace") {
			kc.wrote = geminiWrote(c.Result)
		}
		if c.Status != "" && c.Status != "success" {
			kc.failed = strings.TrimSpace(partsText(c.ResultDisplay))
			if kc.failed == "" {
				kc.failed = "the tool call ended " + c.Status
			}
			kc.failed = shorten(kc.failed, 2000)
		}
		k.calls = append(k.calls, kc)
	}
	return k
}

// onlyFunctionResponses reports a message content that is a list of
// parts, each a functionResponse: tool results, not words of the user's.
func onlyFunctionResponses(raw json.RawMessage) bool {
	var parts []struct {
		Response json.RawMessage `json:"functionResponse"`
	}
	if json.Unmarshal(raw, &parts) != nil || len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if len(p.Response) == 0 || string(p.Response) == "null" {
			return false
		}
	}
	return true
}

// geminiAnswers reads a user message of tool results (since v0.39): the
// absolute path each write's result names, by the id of its call.
func geminiAnswers(raw json.RawMessage) map[string]string {
	var parts []struct {
		Response struct {
			ID       string          `json:"id"`
			Name     string          `json:"name"`
			Response json.RawMessage `json:"response"`
		} `json:"functionResponse"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return nil
	}
	var wrote map[string]string
	for _, p := range parts {
		r := p.Response
		if r.ID == "" || r.Name != "write_file" && r.Name != "replace" {
			continue
		}
		// geminiWrote reads a list of parts: this one alone.
		one, err := json.Marshal([]map[string]any{{"functionResponse": map[string]any{"response": r.Response}}})
		if err != nil {
			continue
		}
		if abs := geminiWrote(one); abs != "" {
			if wrote == nil {
				wrote = map[string]string{}
			}
			wrote[r.ID] = abs
		}
	}
	return wrote
}

// answer gives each call the path its later result (a user message of
// tool results, since v0.39) names, as a result kept on the call does:
// the latest call of that id before the answer.
func (l *gmLog) answer() {
	calls := map[string]*gmCall{}
	for i := range l.msgs {
		m := &l.msgs[i]
		for j := range m.calls {
			if id := m.calls[j].id; id != "" {
				calls[id] = &m.calls[j]
			}
		}
		for id, abs := range m.wrote {
			if c := calls[id]; c != nil && c.wrote == "" && c.failed == "" {
				c.wrote = abs
			}
		}
	}
}
