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

// ohEvent is an OpenHands event: an action or an observation.
type ohEvent struct {
	ID          *int64          `json:"id"`
	Timestamp   string          `json:"timestamp"`
	Source      string          `json:"source"`
	Action      string          `json:"action"`
	Observation string          `json:"observation"`
	Cause       *int64          `json:"cause"`
	Content     string          `json:"content"`
	Args        json.RawMessage `json:"args"`
	Extras      *struct {
		ExitCode *int `json:"exit_code"`
		Metadata *struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	} `json:"extras"`
	Meta *struct {
		ModelResponse *struct {
			Model string `json:"model"`
		} `json:"model_response"`
	} `json:"tool_call_metadata"`
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
	ro := newRooter(e.opt)
	ro.infer = true
	o := &ohReader{e: e, ro: ro, byID: map[int64]pendingCall{}}
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
	byID  map[int64]pendingCall // action id -> its ops (path is recorded, unresolved)
	order []int64
	ctx   fileSet // recorded paths
	model string
	group int
	synth int64 // ids given to actions of [action, observation] pairs
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
	if !decodeRecord(o.e, rec, raw, &ev) {
		return nil
	}
	if ev.Action == "" && ev.Observation == "" {
		return o.eval(rec, raw)
	}
	return o.event(rec, ev)
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
	if m := uploadedRe().FindStringSubmatch(ev.Instruction); m != nil && o.ro.hint == "" {
		o.ro.hint = cleanAbs(m[1])
	}
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
		if len(evs) == 2 && evs[1].Observation != "" && evs[1].Cause == nil {
			// A pair links its observation to its action by position.
			if evs[0].ID == nil {
				o.synth--
				evs[0].ID = ptr(o.synth)
			}
			evs[1].Cause = evs[0].ID
		}
		for _, e := range evs {
			if err := o.event(rec, e); err != nil {
				return err
			}
		}
	}
	return o.flush()
}

func (o *ohReader) event(rec int, ev ohEvent) error {
	if ev.Meta != nil && ev.Meta.ModelResponse != nil && ev.Meta.ModelResponse.Model != "" {
		o.model = ev.Meta.ModelResponse.Model
	}
	if ev.Observation != "" {
		o.observation(ev)
		return nil
	}
	var a ohArgs
	_ = json.Unmarshal(ev.Args, &a)
	switch {
	case ev.Action == "message" && ev.Source == "user":
		if m := uploadedRe().FindStringSubmatch(a.Content); m != nil && o.ro.hint == "" {
			o.ro.hint = cleanAbs(m[1])
		}
		return o.flush()
	case ev.Action == "message" && ev.Source == "agent":
		o.text(rec, ev, a.Content)
	case ev.Action == "edit", ev.Action == "write", ev.Action == "read":
		o.text(rec, ev, a.Thought)
		o.fileAction(rec, ev)
	case ev.Action == "run" && (a.IsInput == nil || a.IsInput == false || a.IsInput == "false"):
		o.text(rec, ev, a.Thought)
		o.run(rec, ev, a.Command)
	case ev.Action == "finish":
		o.text(rec, ev, firstNonEmpty(a.FinalThought, a.Thought))
		return o.flush()
	case ev.Source == "agent" && ev.Action != "":
		o.text(rec, ev, a.Thought)
	}
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

func (o *ohReader) fileAction(rec int, ev ohEvent) {
	var eff toolEffect
	switch ev.Action {
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
	if eff.path == "" {
		return
	}
	o.ro.see(eff.path)
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
	if ev.ID == nil {
		o.ctx.add(pc.path)
		return
	}
	o.byID[*ev.ID] = pc
	o.order = append(o.order, *ev.ID)
}

// run records a command the agent ran (CmdRunAction); its observation's
// exit code says whether it worked. Paths resolve when the turn ends.
func (o *ohReader) run(rec int, ev ohEvent, command string) {
	ops := shellOps(command, rec, "", func(p string) string { return p })
	if len(ops) == 0 {
		return
	}
	cur := o.start(rec, ev)
	pc := pendingCall{}
	for _, op := range ops {
		if op.Command != nil {
			op.Command.Paths = append([]string(nil), op.Command.Paths...)
		}
		pc.ops = append(pc.ops, len(cur.Ops))
		cur.Ops = append(cur.Ops, op)
	}
	if ev.ID != nil {
		o.byID[*ev.ID] = pc
		o.order = append(o.order, *ev.ID)
	}
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

func (o *ohReader) observation(ev ohEvent) {
	if ev.Cause == nil {
		return
	}
	pc, ok := o.byID[*ev.Cause]
	if !ok {
		return
	}
	delete(o.byID, *ev.Cause)
	content := strings.TrimSpace(ev.Content)
	failed := ev.Observation == "error" || strings.HasPrefix(content, "ERROR:")
	if ev.Observation == "run" && ev.Extras != nil {
		code := ev.Extras.ExitCode
		if ev.Extras.Metadata != nil && ev.Extras.Metadata.ExitCode != nil {
			code = ev.Extras.Metadata.ExitCode
		}
		failed = code != nil && *code != 0
		if failed {
			content = fmt.Sprintf("exit status %d: %s", *code, shorten(content, 500))
		}
	}
	if !failed {
		o.ctx.add(pc.path)
		return
	}
	msg := shorten(strings.TrimSpace(strings.TrimPrefix(content, "ERROR:")), 2000)
	if msg == "" {
		msg = "the edit failed"
	}
	for _, i := range pc.ops {
		if o.cur != nil && i < len(o.cur.Ops) {
			o.cur.Ops[i].RecordedError = msg
		}
	}
}

func (o *ohReader) flush() error {
	cur := o.cur
	if cur == nil {
		return nil
	}
	for _, id := range o.order {
		if pc, ok := o.byID[id]; ok {
			o.ctx.add(pc.path)
		}
	}
	clear(o.byID)
	o.order = o.order[:0]
	for i := range cur.Ops {
		cur.Ops[i].Path = o.ro.rel(cur.Ops[i].Path)
		if c := cur.Ops[i].Command; c != nil {
			for j := range c.Paths {
				c.Paths[j] = o.ro.rel(c.Paths[j])
			}
		}
	}
	cur.Text = strings.Join(o.texts, "\n\n")
	cur.Model = o.model
	cur.Context = o.ctx.snapshot(o.ro.rel)
	cur.resolve = o.ro.rel
	o.cur, o.texts = nil, nil
	return o.e.emit(cur)
}
