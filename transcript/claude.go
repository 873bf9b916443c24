package transcript

import (
	"encoding/json"
	"io"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// ccRecord is a Claude Code session record, or a bare Messages API message
// ({role, content}).
type ccRecord struct {
	Type        string `json:"type"`
	IsSidechain bool   `json:"isSidechain"`
	// ParentToolUseID names, in claude -p --output-format stream-json
	// (and claude-code-action's execution log), the Task call whose
	// subagent wrote the record.
	ParentToolUseID *string `json:"parent_tool_use_id"`
	IsMeta          bool    `json:"isMeta"`
	// IsAPIError marks a record Claude Code wrote itself when the API
	// failed ("API Error: 529 …", model "<synthetic>"): not the model's.
	IsAPIError bool   `json:"isApiErrorMessage"`
	Cwd        string `json:"cwd"`
	SessionID  string `json:"sessionId"`
	// ToolUseResult is what Claude Code kept of a tool's result; a Task
	// call's names the subagent that ran it (agentId).
	ToolUseResult json.RawMessage `json:"toolUseResult"`
	Timestamp     string          `json:"timestamp"`
	Message       *ccMessage      `json:"message"`

	Role    string          `json:"role"`
	Model   string          `json:"model"`
	Content json.RawMessage `json:"content"`
}

// sidechain reports a subagent's record: its edits are the turn's, its
// prose and its prompt are not.
func (r *ccRecord) sidechain() bool {
	return r.IsSidechain || (r.ParentToolUseID != nil && *r.ParentToolUseID != "")
}

type ccMessage struct {
	Role    string          `json:"role"`
	Model   string          `json:"model"`
	Content json.RawMessage `json:"content"`
}

// block is one content block of a message.
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// blocks decodes message content: a string is one text block.
func blocks(raw json.RawMessage) ([]block, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []block{{Type: "text", Text: s}}, nil
	}
	var bs []block
	err := json.Unmarshal(raw, &bs)
	return bs, err
}

// resultText flattens a tool_result's content (a string or text blocks).
func resultText(raw json.RawMessage) string {
	bs, err := blocks(raw)
	if err != nil {
		return strings.TrimSpace(string(raw))
	}
	var parts []string
	for _, b := range bs {
		if b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	s := strings.Join(parts, "\n")
	s = strings.TrimPrefix(strings.TrimSpace(s), "<tool_use_error>")
	s = strings.TrimSuffix(s, "</tool_use_error>")
	return shorten(strings.TrimSpace(s), 2000)
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// readClaude reads a Claude Code session (JSONL) or a Messages API
// conversation (a JSON list of {role, content} messages, or an object with
// "messages").
//
// Invariants: a response is the assistant records up to the next real user
// message; a user record made only of tool_result blocks, a meta record and
// any sidechain (sub-agent) record belong to the current turn: isSidechain,
// or in stream-json a non-null parent_tool_use_id. Sidechain edits count,
// sidechain prose does not. A tool_result with is_error marks
// the operations of its tool_use as failed at the time. Context is every
// file read, written or successfully edited so far: Claude Code refuses to
// edit a file it has not read, so a successful edit proves a read. A
// subagent's transcript kept beside the session file is read where its
// Task call's result is (claude_subagents.go).
func readClaude(r io.Reader, e *emitter) error {
	c := &claudeReader{e: e, ro: e.newRooter(), pending: map[string]pendingCall{}}
	c.ctx.known = true
	e.meta = func(key string, value json.RawMessage) {
		if key == "model" {
			_ = json.Unmarshal(value, &c.model)
		}
	}
	err := readRecords(r, e, []string{"messages", "conversation"}, c.record)
	if err != nil {
		return err
	}
	return c.flush()
}

type pendingCall struct {
	ops   []int  // indexes into cur.Ops
	path  string // resolved path the call read or wrote
	write bool   // the call edits path (adds it to context when it worked)
	// patch: the call's operations were read from a patch, which quoted
	// or wrote the lines of every file it names (context when it worked).
	patch bool
}

type claudeReader struct {
	e       *emitter
	ro      *rooter
	cur     *Response
	texts   []string
	pending map[string]pendingCall
	order   []string // pending ids, in call order
	ctx     fileSet
	group   int
	model   string // the top-level "model" of a Messages API request

	sub subagentState // reading a subagent's own transcript (claude_subagents.go)
}

func (c *claudeReader) record(rec int, raw []byte) error {
	var r ccRecord
	if !decodeRecord(c.e, rec, raw, &r) {
		return nil
	}
	// A session says it on every record (it changes when the agent moves);
	// a stream-json log once, in its system init record.
	c.ro.setCwd(r.Cwd)
	c.sub.see(&r)
	line := c.sub.line(rec) // where the record's edits are reported
	msg := r.Message
	if msg == nil && r.Role != "" {
		msg = &ccMessage{Role: r.Role, Model: r.Model, Content: r.Content}
	}
	if msg == nil {
		return nil // summary, system and bookkeeping records
	}
	role := r.Type
	if role != "user" && role != "assistant" {
		role = msg.Role
	}
	bs, err := blocks(msg.Content)
	if err != nil {
		c.e.skip(rec, "record skipped: its content is neither text nor a list of content blocks")
		return nil
	}
	switch role {
	case "assistant":
		c.assistant(line, r, msg, bs)
	case "user":
		if !c.sidechain(&r) && !r.IsMeta && realUserMessage(bs) {
			if err := c.flush(); err != nil {
				return err
			}
			c.e.ask(userText(bs))
			return nil
		}
		c.results(bs)
		return c.subagent(line, &r)
	}
	return nil
}

// sidechain reports a subagent's record, in the session or in the
// subagent's own transcript.
func (c *claudeReader) sidechain(r *ccRecord) bool {
	return c.sub.depth > 0 || r.sidechain()
}

// userText is what the user wrote in a message: its text blocks.
func userText(bs []block) string {
	var parts []string
	for _, b := range bs {
		if b.Type == "text" {
			if t := cleanPrompt(b.Text); t != "" {
				parts = append(parts, t)
			}
		}
	}
	return strings.Join(parts, "\n\n")
}

// realUserMessage: anything but tool results is the user speaking.
func realUserMessage(bs []block) bool {
	for _, b := range bs {
		if b.Type != "tool_result" {
			return true
		}
	}
	return false
}

func (c *claudeReader) assistant(rec int, r ccRecord, msg *ccMessage, bs []block) {
	if c.cur == nil {
		c.cur = &Response{Line: rec}
		if t, err := time.Parse(time.RFC3339Nano, r.Timestamp); err == nil {
			c.cur.Time = t
		}
	}
	if msg.Model != "" && !strings.HasPrefix(msg.Model, "<") && c.cur.Model == "" {
		c.cur.Model = msg.Model
	}
	for _, b := range bs {
		switch b.Type {
		case "text":
			// Claude Code's own notes in the model's place (an API error,
			// "No response requested.") are no prose of the model's.
			synthetic := r.IsAPIError || msg.Model == "<synthetic>"
			if !c.sidechain(&r) && !synthetic && strings.TrimSpace(b.Text) != "" {
				c.texts = append(c.texts, strings.TrimSpace(b.Text))
			}
		case "tool_use":
			c.toolUse(rec, b)
		}
	}
}

func (c *claudeReader) toolUse(rec int, b block) {
	if b.Name == "Bash" {
		var in struct {
			Command string `json:"command"`
		}
		_ = json.Unmarshal(b.Input, &in)
		pc := pendingCall{}
		c.ro.ran(in.Command, "")
		for _, op := range shellOps(in.Command, rec, "", c.e.opt.Format, func(p string) string { return c.ro.relIn(c.ro.cwd, p) }) {
			pc.ops = append(pc.ops, len(c.cur.Ops))
			c.cur.Ops = append(c.cur.Ops, op)
		}
		if b.ID != "" && len(pc.ops) > 0 {
			c.pending[b.ID] = pc
			c.order = append(c.order, b.ID)
		}
		return
	}
	eff := mapTool(b.Name, b.Input, rec)
	if len(eff.ops) > 0 {
		c.ro.see(eff.path)
	}
	for _, p := range eff.reads {
		c.ro.seeRead(p)
	}
	pc := pendingCall{}
	if len(eff.ops) > 1 {
		c.group++
	}
	for _, op := range eff.ops {
		op.Path = c.ro.rel(op.Path)
		if len(eff.ops) > 1 {
			op.Group = c.group
		}
		pc.ops = append(pc.ops, len(c.cur.Ops))
		c.cur.Ops = append(c.cur.Ops, op)
		pc.write = pc.write || op.Kind != editcore.Malformed
	}
	switch {
	case len(eff.reads) > 0:
		pc.path = c.ro.relRead(eff.reads[0])
	case pc.write:
		pc.path = c.ro.rel(eff.path)
	default:
		return
	}
	if b.ID == "" {
		c.ctx.add(pc.path)
		return
	}
	c.pending[b.ID] = pc
	c.order = append(c.order, b.ID)
}

// results applies tool results to the calls they answer.
func (c *claudeReader) results(bs []block) {
	for _, b := range bs {
		if b.Type != "tool_result" {
			continue
		}
		pc, ok := c.pending[b.ToolUseID]
		if !ok {
			continue
		}
		delete(c.pending, b.ToolUseID)
		if !b.IsError {
			c.ctx.add(pc.path)
			if strings.HasPrefix(resultText(b.Content), "File created successfully at:") {
				c.created(pc)
			}
			continue
		}
		msg := resultText(b.Content)
		if msg == "" {
			msg = "the tool call failed"
		}
		for _, i := range pc.ops {
			if c.cur != nil && i < len(c.cur.Ops) {
				c.cur.Ops[i].RecordedError = msg
			}
		}
	}
}

// created marks the Write a result says created its file (Created): the
// file was not there (or was empty), so a file of that path in the base
// tree with other content (the root's README.md, where the session ran in
// a subfolder its record does not name) is another, and is not written
// over (file_exists).
func (c *claudeReader) created(pc pendingCall) {
	for _, i := range pc.ops {
		if c.cur != nil && i < len(c.cur.Ops) && c.cur.Ops[i].Kind == editcore.Write {
			c.cur.Ops[i].Created = true
		}
	}
}

func (c *claudeReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	for _, id := range c.order { // no result recorded: assume it worked
		if pc, ok := c.pending[id]; ok {
			c.ctx.add(pc.path)
		}
	}
	clear(c.pending)
	c.order = c.order[:0]
	c.sub.inline = false
	cur.Text = strings.Join(c.texts, "\n\n")
	if cur.Model == "" {
		cur.Model = c.model
	}
	cur.Context = c.ctx.snapshot(nil)
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	return c.e.emit(cur)
}
