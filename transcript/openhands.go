package transcript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// ohEvent is an OpenHands event: an action or an observation. It holds
// the fields of both generations: V0 (OpenHands' event stream: action or
// observation names, args, integer ids and causes) and V1 (the
// software-agent-sdk's events: a kind, string ids, the action or
// observation an object; see openhands_sdk.go).
type ohEvent struct {
	ID          ohID            `json:"id"`
	Timestamp   string          `json:"timestamp"`
	Source      string          `json:"source"`
	Action      json.RawMessage `json:"action"`      // V0: its name; V1: the action
	Observation json.RawMessage `json:"observation"` // V0: its name; V1: the observation
	Cause       ohID            `json:"cause"`
	Content     json.RawMessage `json:"content"` // V0: an observation's text
	Args        json.RawMessage `json:"args"`
	Extras      *struct {
		ExitCode *int `json:"exit_code"`
		Metadata *struct {
			ExitCode   *int   `json:"exit_code"`
			WorkingDir string `json:"working_dir"` // the shell's folder after the command
		} `json:"metadata"`
	} `json:"extras"`
	Meta *struct {
		ModelResponse *struct {
			Model string `json:"model"`
		} `json:"model_response"`
	} `json:"tool_call_metadata"`

	sdkFields
}

// ohID is an event id: an integer in V0, a string in V1; "" for none.
type ohID string

func (id *ohID) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*id = ohID(s)
		return nil
	}
	var n json.Number
	if json.Unmarshal(b, &n) == nil {
		*id = ohID(n.String())
	}
	return nil // anything else is no id
}

// ohName reads a V0 string: an action or observation name ("" for a V1
// object), an observation's content.
func ohName(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

type ohArgs struct {
	Content      string `json:"content"`
	Thought      string `json:"thought"`
	FinalThought string `json:"final_thought"`
	Path         string `json:"path"`
	Command      string `json:"command"`
	IsInput      any    `json:"is_input"`
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var uploadedRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<uploaded_files>\s*(/\S+?)/?\s*</uploaded_files>`) })

// readOpenHands reads an OpenHands trajectory (a JSON list of events, or an
// object with "history") or event stream (JSONL).
//
// Invariants: a response is one agent turn, from a user message to the next
// (or to a finish action); its edits are the edit and write actions, in
// order; an error observation caused by an action marks its operations as
// failed at the time. Paths are resolved when the turn ends, so a workspace
// root inferred from any path seen so far (views included) applies to the
// whole turn. Context is every file viewed, read or successfully edited.
func readOpenHands(r io.Reader, e *emitter) error {
	ro := e.newRooter()
	o := &ohReader{e: e, ro: ro, byID: map[ohID]pendingCall{}, calls: map[string]ohID{}}
	o.ctx.known = true
	e.lineIsRecord = true // an evaluation record on its line; eval reads a trajectory object too
	if err := readRecords(r, e, []string{"history", "events", "trajectory"}, o.record); err != nil {
		return err
	}
	return o.flush()
}

type ohReader struct {
	e     *emitter
	ro    *rooter
	cur   *Response
	texts []string
	byID  map[ohID]pendingCall // action id -> its ops (path is recorded, unresolved)
	order []ohID
	calls map[string]ohID // V1: tool_call_id -> action id, for errors that name only the call
	ctx   fileSet         // recorded paths
	model string
	group int
	synth int // ids given to actions of [action, observation] pairs
	// shellDir is the folder the agent's shell was left in, as the last
	// command's observation says; "" before any.
	shellDir string
}

// ohEval is a line of an evaluation harness's output.jsonl: one task,
// its instruction, and the history of events (or, in older harnesses,
// [action, observation] pairs) of the agent that worked on it.
type ohEval struct {
	InstanceID  string            `json:"instance_id"`
	Instruction string            `json:"instruction"`
	History     []json.RawMessage `json:"history"`
	Metadata    *struct {
		LLMConfig *struct {
			Model string `json:"model"`
		} `json:"llm_config"`
	} `json:"metadata"`
}

func (o *ohReader) record(rec int, raw []byte) error {
	var ev ohEvent
	if err := json.Unmarshal(raw, &ev); err != nil {
		o.e.skip(rec, ohDecodeProblem(err))
		return nil
	}
	if ev.Kind == "" && len(ev.Action) == 0 && len(ev.Observation) == 0 {
		return o.eval(rec, raw)
	}
	if msg := ev.v0Problem(); msg != "" {
		o.e.skip(rec, msg)
		return nil
	}
	return o.event(rec, ev)
}

// v0Problem is what makes an event without a kind no V0 event: its action
// or observation is not a name.
func (ev *ohEvent) v0Problem() string {
	if ev.Kind != "" {
		return ""
	}
	for _, f := range []struct {
		key string
		raw json.RawMessage
	}{{"action", ev.Action}, {"observation", ev.Observation}} {
		if len(f.raw) > 0 && f.raw[0] != '"' && string(f.raw) != "null" {
			return fmt.Sprintf("record skipped: its %q is not a name, and it has no \"kind\" to be an SDK event", f.key)
		}
	}
	return ""
}

// eval reads an evaluation record: its instruction is the user's message,
// its history the events that followed; the task's last turn ends with
// the record.
func (o *ohReader) eval(rec int, raw []byte) error {
	var ev ohEval
	if json.Unmarshal(raw, &ev) != nil || ev.History == nil {
		return nil
	}
	if err := o.flush(); err != nil {
		return err
	}
	if m := uploadedRe().FindStringSubmatch(ev.Instruction); m != nil {
		o.ro.setHint(m[1])
	}
	o.e.ask(ev.Instruction)
	if ev.Metadata != nil && ev.Metadata.LLMConfig != nil && ev.Metadata.LLMConfig.Model != "" {
		o.model = ev.Metadata.LLMConfig.Model
	}
	for _, item := range ev.History {
		items := []json.RawMessage{item}
		if t := bytes.TrimSpace(item); len(t) > 0 && t[0] == '[' {
			items = nil
			_ = json.Unmarshal(t, &items)
		}
		evs := make([]ohEvent, 0, len(items))
		for _, it := range items {
			var e ohEvent
			if json.Unmarshal(it, &e) != nil {
				o.e.warn(rec, "history event skipped: not an event")
				continue
			}
			evs = append(evs, e)
		}
		if len(evs) == 2 && ohName(evs[1].Observation) != "" && evs[1].Cause == "" {
			// A pair links its observation to its action by position.
			if evs[0].ID == "" {
				o.synth++
				evs[0].ID = ohID(fmt.Sprintf("pair-%d", o.synth))
			}
			evs[1].Cause = evs[0].ID
		}
		for _, e := range evs {
			if err := o.event(rec, e); err != nil {
				return err
			}
		}
	}
	ohGitPatch(o.e, rec, raw)
	return o.flush()
}

func (o *ohReader) event(rec int, ev ohEvent) error {
	if ev.Kind != "" {
		return o.sdkEvent(rec, ev)
	}
	if ev.Meta != nil && ev.Meta.ModelResponse != nil && ev.Meta.ModelResponse.Model != "" {
		o.model = ev.Meta.ModelResponse.Model
	}
	action, observation := ohName(ev.Action), ohName(ev.Observation)
	if observation != "" {
		o.observation(ev, observation)
		return nil
	}
	var a ohArgs
	_ = json.Unmarshal(ev.Args, &a)
	switch {
	case action == "message" && ev.Source == "user":
		return o.userMessage(a.Content)
	case action == "message" && ev.Source == "agent":
		o.text(rec, ev, a.Content)
	case action == "edit", action == "write", action == "read":
		o.text(rec, ev, a.Thought)
		o.fileAction(rec, ev, action)
	case action == "run" && (a.IsInput == nil || a.IsInput == false || a.IsInput == "false"):
		o.text(rec, ev, a.Thought)
		o.run(rec, ev, a.Command)
	case action == "finish":
		o.text(rec, ev, firstNonEmpty(a.FinalThought, a.Thought))
		return o.flush()
	case ev.Source == "agent" && action != "":
		o.text(rec, ev, a.Thought)
	}
	return nil
}

// userMessage ends the turn; the first to name the workspace in
// <uploaded_files> gives its root.
func (o *ohReader) userMessage(text string) error {
	if m := uploadedRe().FindStringSubmatch(text); m != nil {
		o.ro.setHint(m[1])
	}
	if err := o.flush(); err != nil {
		return err
	}
	o.e.ask(text)
	return nil
}

func (o *ohReader) start(rec int, ev ohEvent) *Response {
	if o.cur == nil {
		o.cur = &Response{Line: rec}
		if t, err := time.Parse(time.RFC3339Nano, ev.Timestamp); err == nil {
			o.cur.Time = t
		} else if t, err := time.Parse("2006-01-02T15:04:05.999999", ev.Timestamp); err == nil {
			o.cur.Time = t
		}
	}
	return o.cur
}

func (o *ohReader) text(rec int, ev ohEvent, s string) {
	if s = strings.TrimSpace(s); s != "" {
		o.start(rec, ev)
		o.texts = append(o.texts, s)
	}
}

func (o *ohReader) fileAction(rec int, ev ohEvent, action string) {
	var eff toolEffect
	switch action {
	case "edit":
		eff = mapTool("str_replace_editor", ev.Args, rec)
	case "write":
		eff = mapTool("Write", ev.Args, rec)
		if len(eff.ops) == 1 && eff.ops[0].Kind == editcore.Write {
			eff.ops[0] = writeRange(eff.ops[0], ev.Args)
		}
	case "read":
		var a ohArgs
		_ = json.Unmarshal(ev.Args, &a)
		eff = toolEffect{reads: []string{a.Path}, path: a.Path}
	}
	o.effect(rec, ev, eff)
}

// effect adds a file tool's operations to the turn; the action's
// observation will say whether they worked.
func (o *ohReader) effect(rec int, ev ohEvent, eff toolEffect) {
	if eff.path == "" {
		return
	}
	if len(eff.ops) > 0 {
		o.ro.see(eff.path)
	} else {
		o.ro.seeRead(eff.path) // a view
	}
	cur := o.start(rec, ev)
	pc := pendingCall{path: eff.path}
	if len(eff.ops) > 1 {
		o.group++
	}
	for _, op := range eff.ops {
		if len(eff.ops) > 1 {
			op.Group = o.group
		}
		pc.ops = append(pc.ops, len(cur.Ops))
		cur.Ops = append(cur.Ops, op)
		pc.write = pc.write || op.Kind != editcore.Malformed
	}
	if len(eff.reads) == 0 && !pc.write {
		return
	}
	o.pend(ev, pc)
}

// pend waits for the observation of the action ev; an action without an
// id will have none, and is taken to have worked.
func (o *ohReader) pend(ev ohEvent, pc pendingCall) {
	if ev.ID == "" {
		o.worked(pc)
		return
	}
	o.byID[ev.ID] = pc
	o.order = append(o.order, ev.ID)
	if ev.ToolCallID != "" {
		o.calls[ev.ToolCallID] = ev.ID
	}
}

// run records a command the agent ran (CmdRunAction, V1's terminal); its
// observation's exit code says whether it worked. Paths resolve when the
// turn ends.
func (o *ohReader) run(rec int, ev ohEvent, command string) {
	dir := o.shellDir // the shell persists between commands
	ops := shellOps(command, rec, "", o.e.opt.Format, func(p string) string {
		if dir != "" && !isAbs(p) {
			return path.Join(dir, strings.ReplaceAll(p, `\`, "/"))
		}
		return p
	})
	for i := range ops {
		if c := ops[i].Command; c != nil {
			c.Paths = append([]string(nil), c.Paths...)
		}
	}
	o.add(rec, ev, ops, false)
}

// add appends operations whose paths resolve when the turn ends (a
// command's, a patch's), numbering their groups afresh.
func (o *ohReader) add(rec int, ev ohEvent, ops []editcore.Op, patch bool) {
	if len(ops) == 0 {
		return
	}
	cur := o.start(rec, ev)
	regroup(ops, &o.group)
	pc := pendingCall{patch: patch}
	for _, op := range ops {
		pc.ops = append(pc.ops, len(cur.Ops))
		cur.Ops = append(cur.Ops, op)
	}
	o.pend(ev, pc)
}

// writeRange maps a FileWriteAction: lines start..end, the whole file by
// default (start 0 or 1, end -1).
func writeRange(op editcore.Op, raw json.RawMessage) editcore.Op {
	var in toolInput
	_ = json.Unmarshal(raw, &in)
	start, end := in.Start.get(0), in.End.get(-1)
	if start <= 1 && end == -1 {
		return op
	}
	in.Content = ptr(string(op.Content))
	if start < 1 {
		in.Start = nil
	}
	return rangeEdit(editcore.Op{Format: op.Format, Path: op.Path, Line: op.Line, Raw: op.Raw}, in)
}

func ptr[T any](v T) *T { return &v }

func (o *ohReader) observation(ev ohEvent, observation string) {
	content := strings.TrimSpace(ohName(ev.Content))
	failed := observation == "error" || strings.HasPrefix(content, "ERROR:")
	if observation == "run" && ev.Extras != nil {
		code := ev.Extras.ExitCode
		if ev.Extras.Metadata != nil && ev.Extras.Metadata.ExitCode != nil {
			code = ev.Extras.Metadata.ExitCode
		}
		failed = code != nil && *code != 0
		if m := ev.Extras.Metadata; m != nil && cleanAbs(m.WorkingDir) != "" {
			o.shellDir = cleanAbs(m.WorkingDir)
			o.ro.setCwd(m.WorkingDir)
		}
		if failed {
			content = fmt.Sprintf("exit status %d: %s", *code, shorten(content, 500))
		}
	}
	msg := ""
	if failed {
		msg = firstNonEmpty(strings.TrimSpace(strings.TrimPrefix(content, "ERROR:")), "the edit failed")
	}
	o.settle(ev.Cause, msg)
}

// settle gives the action id its outcome: the operations it added
// worked (its file joins the context), or failed with msg.
func (o *ohReader) settle(id ohID, msg string) {
	pc, ok := o.byID[id]
	if id == "" || !ok {
		return
	}
	delete(o.byID, id)
	if msg == "" {
		o.worked(pc)
		return
	}
	for _, i := range pc.ops {
		if o.cur != nil && i < len(o.cur.Ops) {
			o.cur.Ops[i].RecordedError = shorten(msg, 2000)
		}
	}
}

// worked adds what an action that worked had seen to the context: its
// file, or every file its patch named (the patch quoted or wrote them).
func (o *ohReader) worked(pc pendingCall) {
	o.ctx.add(pc.path)
	for _, i := range pc.ops {
		// In the format it was read in, whichever --format forced.
		if pc.patch && o.cur != nil && i < len(o.cur.Ops) && o.cur.Ops[i].Format != ToolCallFormat {
			o.ctx.add(o.cur.Ops[i].Path)
		}
	}
}

func (o *ohReader) flush() error {
	cur := o.cur
	if cur == nil {
		return nil
	}
	for _, id := range o.order {
		if pc, ok := o.byID[id]; ok { // no outcome recorded: assume it worked
			o.worked(pc)
		}
	}
	clear(o.byID)
	clear(o.calls)
	o.order = o.order[:0]
	for i := range cur.Ops {
		cur.Ops[i].Path = o.ro.rel(cur.Ops[i].Path)
		if cur.Ops[i].From != "" {
			cur.Ops[i].From = o.ro.rel(cur.Ops[i].From)
		}
		if c := cur.Ops[i].Command; c != nil {
			for j := range c.Paths {
				c.Paths[j] = o.ro.rel(c.Paths[j])
			}
		}
	}
	cur.Text = strings.Join(o.texts, "\n\n")
	cur.Model = o.model
	cur.Context = o.ctx.snapshot(o.ro.relRead)
	cur.resolve = o.ro.rel
	o.cur, o.texts = nil, nil
	return o.e.emit(cur)
}
