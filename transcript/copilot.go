package transcript

import (
	"encoding/json"
	"io"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// cpEvent is one line of a GitHub Copilot CLI session log
// (~/.copilot/session-state/<id>/events.jsonl): {type, id, timestamp,
// parentId, data}.
type cpEvent struct {
	Type      string `json:"type"`
	Timestamp string `json:"timestamp"`
	Data      struct {
		// session.start
		Context struct {
			Cwd     string `json:"cwd"`
			GitRoot string `json:"gitRoot"` // the repository's root, when cwd is in one
		} `json:"context"`
		SelectedModel string `json:"selectedModel"`
		// session.model_change
		NewModel string `json:"newModel"`
		// user.message, assistant.message
		Content string `json:"content"`
		// tool.execution_start, tool.execution_complete
		ToolCallID string          `json:"toolCallId"`
		ToolName   string          `json:"toolName"`
		Arguments  json.RawMessage `json:"arguments"`
		Success    *bool           `json:"success"`
		Error      json.RawMessage `json:"error"`
		Model      string          `json:"model"`
	} `json:"data"`
}

// cpArgs are the arguments of the file and shell tools this reader maps.
type cpArgs struct {
	Path     string  `json:"path"`
	OldStr   *string `json:"old_str"`
	NewStr   *string `json:"new_str"`
	FileText *string `json:"file_text"`
	Command  string  `json:"command"`
}

// isCopilotCLI reports an event of a Copilot CLI session log.
func isCopilotCLI(k keys) bool {
	t := k["type"]
	if !k.has("data") {
		return false
	}
	return strings.HasPrefix(t, "session.") || strings.HasPrefix(t, "tool.execution_") ||
		t == "user.message" || t == "assistant.message" || strings.HasPrefix(t, "assistant.turn_")
}

// readCopilot reads a Copilot CLI session log.
//
// Invariants: a response is everything between one user message and the
// next; a tool call becomes operations when its execution completes,
// since only then is it known whether it succeeded (a call that failed is
// reported, not replayed; one that never completed is reported as not
// known to have run); edit (path, old_str, new_str) replaces one
// occurrence, create (path, file_text) creates the file, bash and
// powershell commands are replayed as shell-made edits. Paths are
// absolute, mapped through session.start's context.gitRoot (the
// repository's root, when it holds context.cwd), else context.cwd. Every
// file is in context (the agent views files itself).
func readCopilot(r io.Reader, e *emitter) error {
	c := &copilotReader{e: e, ro: e.newRooter()}
	err := readRecords(r, e, nil, c.record)
	c.orphans()
	if ferr := c.flush(); ferr != nil {
		return ferr
	}
	return err
}

type copilotReader struct {
	e       *emitter
	ro      *rooter
	model   string
	cur     *Response
	texts   []string
	pending awaitedCalls // tool calls waiting for their completion
}

func (c *copilotReader) record(rec int, raw []byte) error {
	var ev cpEvent
	if !decodeRecord(c.e, rec, raw, &ev) {
		return nil
	}
	d := ev.Data
	switch ev.Type {
	case "session.start":
		if d.Context.Cwd != "" { // the latest: the agent may move
			c.ro.setCwd(d.Context.Cwd)
		}
		c.ro.setGitRoot(d.Context.GitRoot)
		c.model = firstNonEmpty(d.SelectedModel, c.model)
	case "session.model_change":
		c.model = firstNonEmpty(d.NewModel, c.model)
	case "user.message":
		c.orphans()
		if err := c.flush(); err != nil {
			return err
		}
		// content is what the user typed (transformedContent adds the
		// CLI's own context to it).
		c.e.ask(shorten(strings.TrimSpace(d.Content), maxPrompt))
		return nil
	case "assistant.message":
		c.start(rec, ev)
		if strings.TrimSpace(d.Content) != "" {
			c.texts = append(c.texts, d.Content)
		}
		if d.Model != "" {
			c.cur.Model = d.Model
		}
	case "tool.execution_start":
		if !copilotTool(d.ToolName) {
			return nil
		}
		c.start(rec, ev)
		c.pending.add(d.ToolCallID, awaitedCall{d.ToolName, d.Arguments, rec})
	case "tool.execution_complete":
		p, ok := c.pending.take(d.ToolCallID)
		if !ok {
			return nil
		}
		failed := ""
		if d.Success == nil || !*d.Success {
			failed = firstNonEmpty(cpError(d.Error), "the tool call failed")
		}
		c.call(p, failed)
	}
	return nil
}

func (c *copilotReader) start(rec int, ev cpEvent) {
	if c.cur != nil {
		return
	}
	c.cur = &Response{Line: rec, Model: c.model}
	if t, err := time.Parse(time.RFC3339Nano, ev.Timestamp); err == nil {
		c.cur.Time = t
	}
}

// cpError is a failed call's error: a string, or {message}.
func cpError(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var m struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(raw, &m)
	return m.Message
}

// copilotTool reports whether a tool writes files.
func copilotTool(name string) bool {
	switch name {
	case "edit", "create", "bash", "powershell":
		return true
	}
	return false
}

// call turns one completed tool call into operations.
func (c *copilotReader) call(p awaitedCall, failed string) {
	var a cpArgs
	if err := json.Unmarshal(p.args, &a); err != nil {
		c.cur.Ops = append(c.cur.Ops, malformed(p.rec, p.name, "", "tool call arguments do not decode: "+err.Error()))
		return
	}
	if p.name == "bash" || p.name == "powershell" {
		if failed == "" {
			c.ro.ran(a.Command, "") // git init, mkdir: what the folder is
		}
		c.cur.Ops = append(c.cur.Ops, shellOps(a.Command, p.rec, failed, c.e.opt.Format, c.inCwd)...)
		return
	}
	o := editcore.Op{Format: ToolCallFormat, Path: a.Path, Line: p.rec, Raw: renderCall(p.name, "", a.Path)}
	switch {
	case a.Path == "":
		o = malformed(p.rec, p.name, "", "tool call names no file")
	case p.name == "create":
		o.Kind, o.Content = editcore.Create, []byte(deref(a.FileText))
		if a.FileText == nil {
			o = malformed(p.rec, o.Raw, a.Path, "create without file_text")
		}
	case a.OldStr == nil:
		o = malformed(p.rec, o.Raw, a.Path, "edit without old_str")
	default:
		o.Kind, o.OldText, o.NewText = editcore.Substring, *a.OldStr, deref(a.NewStr)
	}
	o.Path = c.inCwd(o.Path)
	o.RecordedError = failed
	c.cur.Ops = append(c.cur.Ops, o)
}

// orphans reports the calls whose execution never completed in the log.
func (c *copilotReader) orphans() {
	c.pending.drain(func(p awaitedCall) {
		if c.cur != nil {
			c.call(p, "the record ends before this call completed: not known to have run")
		}
	})
}

func (c *copilotReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	cur.Text = strings.Join(c.texts, "\n\n")
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	return c.e.emit(cur)
}

// inCwd maps a path the session wrote or ran a command on: a relative one
// is the session's folder's (a session started in a subfolder removes
// that subfolder's file, never the root's of the same name).
func (c *copilotReader) inCwd(p string) string { return c.ro.relIn(c.ro.cwd, p) }
