package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// ClineCLIMessages is how the Cline CLI names a session's conversation in
// its session folder, ~/.cline/data/sessions/<id>/<id>.messages.json.
const ClineCLIMessages = ".messages.json"

// clineCLIMessage is one message of a Cline CLI session: an Anthropic
// MessageParam with the id and time the CLI adds, and its metadata (an
// error it only showed is displayOnly: the model never saw it).
type clineCLIMessage struct {
	ID      string          `json:"id"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	TS      int64           `json:"ts"`
	Model   struct {
		ID string `json:"id"`
	} `json:"modelInfo"`
	Metadata struct {
		DisplayOnly bool `json:"displayOnly"`
	} `json:"metadata"`
}

var (
	// The system prompt names the directory the session works in; the
	// messages themselves carry none.
	clineCLICwdRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*\d+\. Working Directory: (.+?)\s*$`) })
	// The CLI wraps what the user typed: <user_input mode="act">…</user_input>.
	clineCLIInputRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)^<user_input(?:\s[^>]*)?>(.*?)(?:</user_input>)?\s*$`)
	})
)

// readClineCLI reads a Cline CLI session, <id>.messages.json: one JSON
// object, {version, sessionId, origin, messages: […], system_prompt},
// rewritten whole at every turn (checked with the CLI 3.0.65).
//
// Invariants: a response is the assistant messages from one message the
// user typed to the next; user messages that carry only tool_result
// blocks belong to the turn. Edits are the editor tool's calls (a file
// that does not exist is created with new_text; old_text replaces its one
// occurrence; insert_line inserts new_text before that line) and each
// command of run_commands (replayed as shell-made edits, never run), in
// order; apply_patch, which the CLI offers instead of editor to GPT and
// Codex models, is read as the Codex source's patches are; a result with
// "success": false marks its call's operations (a command's own) as
// failed at the time. Relative paths are the working
// directory's the system prompt names. A turn is known by its first
// assistant message's id, wherever it stands in the file.
func readClineCLI(r io.Reader, e *emitter) error {
	// The system prompt, which names the working directory, follows the
	// messages: the document is read whole first (the CLI rewrites it
	// whole at every turn, and hook run reads it whole too).
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	c := &clineCLIReader{e: e, ro: e.newRooter(), pending: map[string][][]int{}}
	var doc struct {
		SystemPrompt string `json:"system_prompt"`
	}
	if json.Unmarshal(data, &doc) == nil {
		if m := clineCLICwdRe().FindStringSubmatch(doc.SystemPrompt); m != nil {
			c.ro.setCwd(m[1])
		}
	}
	if err := readRecords(bytes.NewReader(data), e, []string{"messages"}, c.record); err != nil {
		return err
	}
	return c.flush()
}

type clineCLIReader struct {
	e     *emitter
	ro    *rooter
	cur   *Response
	texts []string
	// pending maps a tool_use id to its operations, one list per command
	// (the editor's one call is one), for the result that says how each
	// went.
	pending map[string][][]int
	group   int
}

func (c *clineCLIReader) record(rec int, raw []byte) error {
	var m clineCLIMessage
	if !decodeRecord(c.e, rec, raw, &m) || m.Metadata.DisplayOnly {
		return nil
	}
	bs, err := blocks(m.Content)
	if err != nil {
		c.e.skip(rec, "record skipped: its content is neither text nor a list of content blocks")
		return nil
	}
	switch m.Role {
	case "assistant":
		c.assistant(rec, m, bs)
	case "user":
		return c.user(bs)
	}
	return nil
}

func (c *clineCLIReader) assistant(rec int, m clineCLIMessage, bs []block) {
	if c.cur == nil {
		key := m.ID
		if key == "" {
			key = clineMessageKey(m.TS, nil)
		}
		c.cur = &Response{Line: rec, Key: "cline-cli-message:" + key}
		if m.TS > 0 {
			c.cur.Time = time.UnixMilli(m.TS).UTC()
		}
	}
	if c.cur.Model == "" {
		c.cur.Model = m.Model.ID
	}
	for _, b := range bs {
		switch b.Type {
		case "text":
			if t := strings.TrimSpace(b.Text); t != "" {
				c.texts = append(c.texts, t)
			}
		case "tool_use":
			if calls := c.add(rec, b.Name, b.Input); b.ID != "" && len(calls) > 0 {
				c.pending[b.ID] = calls
			}
		}
	}
}

// user reads a user message: tool results, or words the user typed, which
// end the turn.
func (c *clineCLIReader) user(bs []block) error {
	var said strings.Builder
	for _, b := range bs {
		switch b.Type {
		case "text":
			t := strings.TrimSpace(b.Text)
			if m := clineCLIInputRe().FindStringSubmatch(t); m != nil {
				t = strings.TrimSpace(m[1])
			}
			if t != "" {
				said.WriteString(t + "\n\n")
			}
		case "tool_result":
			if calls, ok := c.pending[b.ToolUseID]; ok {
				delete(c.pending, b.ToolUseID)
				c.result(calls, b.Content, b.IsError)
			}
		}
	}
	if said.Len() == 0 {
		return nil
	}
	if err := c.flush(); err != nil {
		return err
	}
	c.e.ask(said.String())
	return nil
}

// clineCLIResult is what a tool returned: the editor's one object (its
// content a JSON string), run_commands' list of one object per command.
type clineCLIResult struct {
	Query   string `json:"query"`
	Result  string `json:"result"`
	Error   string `json:"error"`
	Success *bool  `json:"success"`
}

// clineCLIResults decodes a tool_result's content: a JSON string holding
// the object or the list, the object, or the list.
func clineCLIResults(raw json.RawMessage) []clineCLIResult {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	var list []clineCLIResult
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var one clineCLIResult
	if json.Unmarshal(raw, &one) == nil {
		return []clineCLIResult{one}
	}
	return nil
}

// result marks the operations of each command (or the editor's call)
// whose result says it failed.
func (c *clineCLIReader) result(calls [][]int, content json.RawMessage, isError bool) {
	if c.cur == nil {
		return
	}
	results := clineCLIResults(content)
	for i, ops := range calls {
		msg := ""
		switch {
		case i < len(results) && results[i].Success != nil && !*results[i].Success:
			r := results[i]
			msg = firstNonEmpty(strings.TrimSpace(r.Error), strings.TrimSpace(r.Result), "the tool call failed")
		case isError && len(results) == 0:
			msg = firstNonEmpty(resultText(content), "the tool call failed")
		}
		if msg == "" {
			continue
		}
		for _, j := range ops {
			if j < len(c.cur.Ops) {
				c.cur.Ops[j].RecordedError = shorten(msg, 2000)
			}
		}
	}
}

// clineCLIEdit is the editor tool's input.
type clineCLIEdit struct {
	Path       string  `json:"path"`
	OldText    *string `json:"old_text"`
	NewText    *string `json:"new_text"`
	InsertLine *int    `json:"insert_line"`
}

// add maps one tool call onto operations of the current response, and
// returns them by command.
func (c *clineCLIReader) add(rec int, name string, input json.RawMessage) [][]int {
	switch name {
	case "editor":
		var in clineCLIEdit
		if err := json.Unmarshal(input, &in); err != nil {
			return [][]int{c.push([]editcore.Op{malformed(rec, name, "", "editor input is not an object: "+decodeProblem(err))})}
		}
		return [][]int{c.push([]editcore.Op{c.editOp(rec, in)})}
	case "apply_patch":
		// Offered instead of editor when the model's id holds "gpt" or
		// "codex": {input: patch} or the patch itself, in Codex's grammar.
		var in struct {
			Input string `json:"input"`
		}
		if json.Unmarshal(input, &in) != nil || in.Input == "" {
			_ = json.Unmarshal(input, &in.Input)
		}
		patch := recordedPatch{kind: toolPatch, text: in.Input, rec: rec, raw: name}
		return [][]int{c.push(readPatch(patch, c.e.opt.Format, func(p string) string { return c.ro.relIn(c.ro.cwd, p) }))}
	case "run_commands":
		var calls [][]int
		for _, cmd := range clineCLICommands(input) {
			c.ro.ran(cmd, c.ro.cwd)
			calls = append(calls, c.push(shellOps(cmd, rec, "", c.e.opt.Format, func(p string) string { return c.ro.relIn(c.ro.cwd, p) })))
		}
		return calls
	}
	return nil
}

// editOp maps one editor call as the CLI carries it out: insert_line
// first, then a file that does not exist is created, then old_text is
// replaced (once: the CLI refuses text found twice).
func (c *clineCLIReader) editOp(rec int, in clineCLIEdit) editcore.Op {
	p := in.Path
	raw := renderCall("editor", "", p)
	if p == "" {
		return malformed(rec, "editor", "", "editor names no file")
	}
	if in.NewText == nil {
		return malformed(rec, raw, p, "editor without new_text")
	}
	c.ro.see(p)
	o := editcore.Op{Format: ToolCallFormat, Path: c.ro.relIn(c.ro.cwd, p), Line: rec, Raw: raw}
	switch {
	case in.InsertLine != nil:
		// insert_line n puts new_text's lines before line n (n = lines+1
		// appends); the CLI splits new_text at every newline, so a final
		// newline inserts an empty line too.
		if *in.InsertLine < 1 {
			return malformed(rec, raw, p, fmt.Sprintf("editor insert_line %d: lines are numbered from 1", *in.InsertLine))
		}
		o.Kind, o.Start = editcore.Insert, *in.InsertLine-1
		o.New = strings.Split(strings.ReplaceAll(*in.NewText, "\r\n", "\n"), "\n")
	case in.OldText == nil:
		o.Kind, o.Content = editcore.Create, []byte(*in.NewText)
	default:
		o.Kind, o.OldText, o.NewText = editcore.Substring, *in.OldText, *in.NewText
	}
	return o
}

// clineCLICommands are the commands of a run_commands call, in the shapes
// its schema accepts: {commands: [string | {command, args}]}, a single
// command as a string or object, {cmd}.
func clineCLICommands(input json.RawMessage) []string {
	var in struct {
		Commands json.RawMessage `json:"commands"`
		Command  json.RawMessage `json:"command"`
		Cmd      string          `json:"cmd"`
		Args     []string        `json:"args"`
	}
	if json.Unmarshal(input, &in) != nil {
		return clineCLICommandList(input)
	}
	switch {
	case len(in.Commands) > 0:
		return clineCLICommandList(in.Commands)
	case len(in.Command) > 0:
		var s string
		if json.Unmarshal(in.Command, &s) == nil {
			return []string{joinArgs(s, in.Args)}
		}
	case in.Cmd != "":
		return []string{in.Cmd}
	}
	return nil
}

// clineCLICommandList reads a command or a list of commands, each a
// string or {command, args}.
func clineCLICommandList(raw json.RawMessage) []string {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		list = []json.RawMessage{raw}
	}
	var out []string
	for _, item := range list {
		var s string
		if json.Unmarshal(item, &s) == nil {
			out = append(out, s)
			continue
		}
		var o struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		}
		if json.Unmarshal(item, &o) == nil && o.Command != "" {
			out = append(out, joinArgs(o.Command, o.Args))
		}
	}
	return out
}

// joinArgs writes a structured command as the shell line it runs, each
// argument quoted for the shell.
func joinArgs(cmd string, args []string) string {
	parts := []string{cmd}
	for _, a := range args {
		parts = append(parts, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	return strings.Join(parts, " ")
}

// push appends a call's operations to the current response and returns
// their indexes.
func (c *clineCLIReader) push(ops []editcore.Op) []int {
	var idx []int
	regroup(ops, &c.group)
	for _, op := range ops {
		idx = append(idx, len(c.cur.Ops))
		c.cur.Ops = append(c.cur.Ops, op)
	}
	return idx
}

func (c *clineCLIReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	clear(c.pending)
	cur.Text = strings.Join(c.texts, "\n\n")
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	return c.e.emit(cur)
}
