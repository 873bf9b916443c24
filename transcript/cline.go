package transcript

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// ClineTaskFile is the file of a Cline / Roo Code task folder that holds
// the conversation with the model.
const ClineTaskFile = "api_conversation_history.json"

// ClineUIFile is the file of a Cline / Roo Code task folder that holds
// what its panel showed: the messages as displayed, its edits among them
// (cline_ui.go).
const ClineUIFile = "ui_messages.json"

// isClineUIMessage reports a record of ui_messages.json: {ts, type: say or
// ask, say or ask: its kind, text}.
func isClineUIMessage(raw []byte) bool {
	var m struct {
		TS   *int64 `json:"ts"`
		Type string `json:"type"`
	}
	return json.Unmarshal(raw, &m) == nil && m.TS != nil && (m.Type == "say" || m.Type == "ask")
}

// TaskFile returns the conversation file of a Cline / Roo Code task folder,
// or ok false when dir is not one.
func TaskFile(dir string) (file string, ok bool) {
	f := filepath.Join(dir, ClineTaskFile)
	if info, err := os.Stat(f); err == nil && info.Mode().IsRegular() {
		return f, true
	}
	return "", false
}

// clMessage is one message of a Cline conversation: an Anthropic
// MessageParam, with the time Cline adds to it in recent versions.
type clMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	TS      int64           `json:"ts"`
}

var (
	// Regexps are compiled on first use: package init is on every command's start-up path.
	clineCwdRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`# Current Working Directory \(([^)\n]+)\)`) })
	// A command's description quotes it as is: it may hold quotes and newlines.
	clineResultRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)^\[(\w+) for '.*?'\] Result:`) })
	clineToolRe   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`<(write_to_file|replace_in_file|apply_diff|apply_patch|execute_command)>`)
	})
)

// readCline reads a Cline / Roo Code api_conversation_history.json.
//
// Invariants: a response is the assistant messages from one real user
// message (the <task>, or feedback) to the next; user messages that carry
// only tool results ("[tool for 'path'] Result:", or tool_result blocks)
// belong to the turn. Edits are the write_to_file, replace_in_file,
// apply_diff and apply_patch tool uses and the execute_command commands
// (replayed as shell-made edits, never run), written as XML in the
// assistant's text or made as native tool calls, in order; a result saying
// the tool failed, the user denied it or the command exited non-zero marks
// its operations as failed at the time. Paths (path, or the native tools'
// absolutePath) are relative to the working directory the environment
// details name.
func readCline(r io.Reader, e *emitter) error {
	c := &clineReader{e: e, ro: e.newRooter(), pending: map[string]clineCall{}}
	if err := readRecords(r, e, []string{"messages"}, c.record); err != nil {
		return err
	}
	return c.flush()
}

type clineReader struct {
	e       *emitter
	ro      *rooter
	cur     *Response
	texts   []string
	last    clineCall            // the ops of the last XML tool use, for its result
	pending map[string]clineCall // native tool_use id -> ops
	group   int
	ui      bool // the file is ui_messages.json
}

// clineCall is a tool use's operations, waiting for the result that says
// whether it worked; a command's result is read for its exit code.
type clineCall struct {
	pendingCall
	command bool
}

func (c *clineReader) record(rec int, raw []byte) error {
	var m clMessage
	if !decodeRecord(c.e, rec, raw, &m) {
		return nil
	}
	if rec == 1 && m.Role == "" && isClineUIMessage(raw) {
		c.ui = true // ui_messages.json (cline_ui.go)
	}
	if c.ui {
		return c.uiRecord(rec, raw)
	}
	bs, err := blocks(m.Content)
	if err != nil {
		c.e.skip(rec, "record skipped: its content is neither text nor a list of content blocks")
		return nil
	}
	switch m.Role {
	case "assistant":
		c.assistant(rec, raw, m, bs)
	case "user":
		return c.user(bs)
	}
	return nil
}

// user reads a user message: the result of the last tool use (its text
// runs from the "[tool for 'path'] Result:" line over the blocks after it),
// or a real message, which ends the turn.
func (c *clineReader) user(bs []block) error {
	real, isResult := false, false
	var result, said strings.Builder
	for _, b := range bs {
		switch b.Type {
		case "text":
			t := strings.TrimSpace(b.Text)
			if m := clineCwdRe().FindStringSubmatch(t); m != nil { // the latest: it changes when the user opens another folder
				c.ro.setCwd(strings.TrimSpace(m[1]))
			}
			switch m := clineResultRe().FindStringSubmatch(t); {
			case m != nil:
				isResult = true
				result.WriteString(strings.TrimPrefix(t, m[0]) + "\n")
			case strings.HasPrefix(t, "<environment_details>"):
			case isResult:
				result.WriteString(t + "\n")
			case t != "":
				real = true
				said.WriteString(clineSaid(t) + "\n\n")
			}
		case "tool_result":
			if pc, ok := c.pending[b.ToolUseID]; ok {
				delete(c.pending, b.ToolUseID)
				text := resultText(b.Content)
				if m := clineResultRe().FindString(text); m != "" {
					text = text[len(m):] // the description quotes the command
				}
				c.result(pc, text, b.IsError)
			}
		}
	}
	if isResult {
		c.result(c.last, strings.TrimSpace(result.String()), false)
		c.last = clineCall{}
		return nil
	}
	if real {
		if err := c.flush(); err != nil {
			return err
		}
		c.e.ask(said.String())
	}
	return nil
}

// clineSaid is the user's words in a message's text: Cline wraps the
// task and later feedback in <task> and <feedback> tags.
func clineSaid(t string) string {
	for _, tag := range []string{"task", "feedback", "answer", "user_message"} {
		open, end := "<"+tag+">", "</"+tag+">"
		if strings.HasPrefix(t, open) {
			inner := strings.TrimPrefix(t, open)
			if i := strings.Index(inner, end); i >= 0 {
				inner = inner[:i]
			}
			return strings.TrimSpace(inner)
		}
	}
	return t
}

// result marks a tool's operations failed when its result says so.
func (c *clineReader) result(pc clineCall, text string, isError bool) {
	if c.cur == nil || len(pc.ops) == 0 {
		return
	}
	msg := ""
	switch {
	case isError, strings.Contains(text, "failed with the following error"), strings.Contains(text, "<error>"):
		msg = firstNonEmpty(clineError(text), "the tool call failed")
	case strings.Contains(text, "The user denied this"): // "this operation", "this patch operation"
		msg = "the user denied this operation"
	case pc.command:
		msg = clineCommandFailed(text)
	}
	if msg == "" {
		return
	}
	for _, i := range pc.ops {
		if i < len(c.cur.Ops) {
			c.cur.Ops[i].RecordedError = shorten(msg, 2000)
		}
	}
}

var clineExitRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bexit code:?\s*(-?\d+)`) })

// clineCommandFailed reads the result of execute_command: Cline's
// "Command executed successfully (exit code 0)." / "Command failed with
// exit code 2." / "Command terminated by signal …" / "Command cancelled",
// or Roo Code's "… Exit code: 1", each before the command's "Output:".
// It returns what went wrong, or "" when the command worked (or its
// result says nothing of how it ended).
func clineCommandFailed(text string) string {
	status, _, _ := strings.Cut(text, "\nOutput:")
	status = strings.TrimSpace(status)
	failed := strings.HasPrefix(status, "Command terminated by signal") ||
		strings.HasPrefix(status, "Command cancelled") || strings.HasPrefix(status, "Command was cancelled")
	if m := clineExitRe().FindStringSubmatch(status); m != nil {
		if n, err := strconv.Atoi(m[1]); err != nil || n != 0 {
			failed = true
		}
	}
	if !failed {
		return ""
	}
	return shorten(strings.TrimSpace(text), 500)
}

func clineError(text string) string {
	if i := strings.Index(text, "<error>"); i >= 0 {
		rest := text[i+len("<error>"):]
		if j := strings.Index(rest, "</error>"); j >= 0 {
			rest = rest[:j]
		}
		return strings.TrimSpace(rest)
	}
	return strings.TrimSpace(text)
}

func (c *clineReader) start(rec int, ts int64, raw []byte) {
	if c.cur == nil {
		// The file is written whole at every turn: the turn is named by
		// its first assistant message (its time, or its bytes, which
		// later turns leave as they are), wherever it stands in the file.
		c.cur = &Response{Line: rec, Key: "cline-message:" + clineMessageKey(ts, raw)}
		if ts > 0 {
			c.cur.Time = time.UnixMilli(ts).UTC()
		}
	}
}

// clineMessageKey names a message by its time, or else its bytes.
func clineMessageKey(ts int64, raw []byte) string {
	if ts > 0 {
		return strconv.FormatInt(ts, 10)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

func (c *clineReader) assistant(rec int, raw []byte, m clMessage, bs []block) {
	c.start(rec, m.TS, raw)
	for _, b := range bs {
		switch b.Type {
		case "text":
			prose, tools := clineTools(b.Text)
			if p := strings.TrimSpace(prose); p != "" {
				c.texts = append(c.texts, p)
			}
			for _, t := range tools {
				c.last = c.add(rec, t.name, t.params)
			}
		case "tool_use":
			pc := c.add(rec, b.Name, stringParams(b.Input))
			if b.ID != "" && len(pc.ops) > 0 {
				c.pending[b.ID] = pc
			}
		}
	}
}

// stringParams are the string inputs of a native tool call, the values
// its XML form would have given.
func stringParams(input json.RawMessage) map[string]string {
	var in map[string]any
	_ = json.Unmarshal(input, &in)
	params := map[string]string{}
	for k, v := range in {
		if s, ok := v.(string); ok {
			params[k] = s
		}
	}
	return params
}

// add maps one tool use onto operations of the current response.
func (c *clineReader) add(rec int, name string, params map[string]string) clineCall {
	switch name {
	case "write_to_file", "replace_in_file", "apply_diff":
		return c.push(c.fileOps(rec, name, params))
	case "apply_patch":
		patch := recordedPatch{kind: toolPatch, text: params["input"], rec: rec, raw: name}
		return c.push(readPatch(patch, c.e.opt.Format, func(p string) string { return c.ro.relIn(c.ro.cwd, p) }))
	case "execute_command":
		call := c.push(c.commandOps(rec, params))
		call.command = true
		return call
	}
	return clineCall{}
}

// fileOps maps a tool that names its file: path, or absolutePath in the
// native tools of recent Cline versions.
func (c *clineReader) fileOps(rec int, name string, params map[string]string) []editcore.Op {
	p := firstNonEmpty(params["path"], params["absolutePath"])
	raw := name + " " + p
	if p == "" {
		return []editcore.Op{malformed(rec, raw, "", name+" names no file")}
	}
	var ops []editcore.Op
	if name == "write_to_file" {
		content, ok := params["content"]
		if !ok {
			return []editcore.Op{malformed(rec, raw, p, "write_to_file without content")}
		}
		ops = []editcore.Op{{Kind: editcore.Write, Format: ToolCallFormat, Path: p, Line: rec, Raw: raw, Content: []byte(content)}}
	} else {
		ops = clineDiff(params["diff"], p, rec, raw)
	}
	c.ro.see(p)
	for i := range ops {
		if ops[i].Path != "" {
			ops[i].Path = c.ro.relIn(c.ro.cwd, ops[i].Path)
		}
		if len(ops) > 1 {
			ops[i].Group = 1 // all or nothing; push numbers the group
		}
	}
	return ops
}

// commandOps maps a command the agent ran (execute_command) onto the
// shell-made edits that replay it; relative paths are the working
// directory's, or those of Roo Code's cwd parameter.
func (c *clineReader) commandOps(rec int, params map[string]string) []editcore.Op {
	dir := joinDir(c.ro.cwd, strings.TrimSpace(params["cwd"]))
	c.ro.ran(params["command"], dir)
	return shellOps(params["command"], rec, "", c.e.opt.Format, func(p string) string { return c.ro.relIn(dir, p) })
}

// push appends a tool use's operations to the current response.
func (c *clineReader) push(ops []editcore.Op) clineCall {
	var call clineCall
	regroup(ops, &c.group)
	for _, op := range ops {
		call.ops = append(call.ops, len(c.cur.Ops))
		c.cur.Ops = append(c.cur.Ops, op)
	}
	return call
}

type clineTool struct {
	name   string
	params map[string]string
}

// clineTools splits an assistant text into its prose and the edit tool uses
// written in it as XML. <thinking> tags are dropped; their text is prose.
func clineTools(text string) (string, []clineTool) {
	var prose strings.Builder
	var tools []clineTool
	for {
		loc := clineToolRe().FindStringSubmatchIndex(text)
		if loc == nil {
			prose.WriteString(text)
			break
		}
		name := text[loc[2]:loc[3]]
		prose.WriteString(text[:loc[0]])
		body := text[loc[1]:]
		end := strings.Index(body, "</"+name+">")
		if end < 0 {
			end = len(body) // cut off: what arrived is what the tool saw
		}
		tools = append(tools, clineTool{name: name, params: clineParams(body[:end])})
		text = body[min(len(body), end+len(name)+3):]
	}
	p := strings.NewReplacer("<thinking>", "", "</thinking>", "").Replace(prose.String())
	return p, tools
}

// clineParams reads the <param>value</param> pairs of a tool use. A long
// value (content, diff, input) runs to the last closing tag of its name,
// so that a file's content may hold the tag itself, and Cline drops one
// newline after the opening tag and one before the closing tag; a short
// one (path, command…) runs to the first and is trimmed.
func clineParams(body string) map[string]string {
	params := map[string]string{}
	for _, name := range []string{"path", "absolutePath", "content", "diff", "input", "command", "cwd"} {
		open, closing := "<"+name+">", "</"+name+">"
		i := strings.Index(body, open)
		if i < 0 {
			continue
		}
		rest := body[i+len(open):]
		short := name != "content" && name != "diff" && name != "input" // cannot hold their own tag
		j := strings.LastIndex(rest, closing)
		if short {
			j = strings.Index(rest, closing)
		}
		if j < 0 {
			j = len(rest)
		}
		v := rest[:j]
		if short {
			v = strings.TrimSpace(v)
		} else {
			v = strings.TrimPrefix(v, "\n")
			if name != "content" {
				v = strings.TrimSuffix(v, "\n")
			}
		}
		params[name] = v
	}
	return params
}

var (
	clSearchRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-<]{3,} ?SEARCH>?\s*$`) })
	clDividerRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^={3,}\s*$`) })
	clReplaceRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[+>]{3,} ?REPLACE>?\s*$`) })
	clStartRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^:start_line:\s*(\d+)\s*$`) })
	clMetaRe    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^:(start|end)_line:`) })
)

// clineDiff maps the SEARCH/REPLACE blocks of a replace_in_file or
// apply_diff call ("------- SEARCH" / "=======" / "+++++++ REPLACE", or the
// "<<<<<<<" / ">>>>>>>" form, with Roo Code's ":start_line:" and "-------"
// lines) onto replacements that must all apply, in order.
func clineDiff(diff, p string, rec int, raw string) []editcore.Op {
	const (
		idle = iota
		search
		replace
	)
	state := idle
	var ops []editcore.Op
	var cur editcore.Op
	meta := false
	for _, l := range strings.Split(strings.ReplaceAll(diff, "\r\n", "\n"), "\n") {
		switch {
		case state == idle && clSearchRe().MatchString(l):
			state, meta = search, true
			cur = editcore.Op{Kind: editcore.Replace, Format: ToolCallFormat, Path: p, Line: rec, Raw: raw, InOrder: true, Old: []string{}, New: []string{}}
		case state == search && meta && clMetaRe().MatchString(l):
			if m := clStartRe().FindStringSubmatch(l); m != nil {
				cur.Hint, _ = strconv.Atoi(m[1])
			}
		case state == search && meta && strings.TrimSpace(l) == "-------":
			meta = false
		case state == search && clDividerRe().MatchString(l):
			state = replace
		case state == search:
			meta = false
			cur.Old = append(cur.Old, l)
		case state == replace && clReplaceRe().MatchString(l):
			state = idle
			ops = append(ops, cur)
		case state == replace:
			cur.New = append(cur.New, l)
		}
	}
	if state != idle {
		return []editcore.Op{malformed(rec, raw, p, "a SEARCH/REPLACE block in the diff is not closed")}
	}
	if len(ops) == 0 {
		return []editcore.Op{malformed(rec, raw, p, "the diff holds no SEARCH/REPLACE block")}
	}
	for i, op := range ops {
		if len(op.Old) == 0 {
			if len(ops) == 1 { // an empty SEARCH fills a new or empty file
				return []editcore.Op{{Kind: editcore.Write, Format: ToolCallFormat, Path: p, Line: rec, Raw: raw,
					Content: []byte(strings.Join(op.New, "\n") + "\n")}}
			}
			ops[i] = malformed(rec, raw, p, fmt.Sprintf("block %d of the diff has an empty SEARCH section", i+1))
		}
	}
	return ops
}

func (c *clineReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	clear(c.pending)
	c.last = clineCall{}
	cur.Text = strings.Join(c.texts, "\n\n")
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	return c.e.emit(cur)
}
