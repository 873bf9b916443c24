package transcript

import (
	"encoding/json"
	"io"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// ocMessage is one message of `opencode export <session>`: the document
// {info: {id, directory, …}, messages: [{info, parts}]}.
type ocMessage struct {
	Info struct {
		ID      string `json:"id"`
		Role    string `json:"role"`
		ModelID string `json:"modelID"`
		Time    struct {
			Created int64 `json:"created"` // milliseconds
		} `json:"time"`
		Path struct {
			Cwd  string `json:"cwd"`
			Root string `json:"root"` // the project's worktree; "/" outside one
		} `json:"path"`
	} `json:"info"`
	Parts []struct {
		Type      string `json:"type"` // text, reasoning, tool, step-start, …
		Text      string `json:"text"`
		Synthetic bool   `json:"synthetic"` // text OpenCode added, not the user's
		Tool      string `json:"tool"`
		State     struct {
			Status string          `json:"status"` // pending, running, completed, error
			Input  json.RawMessage `json:"input"`
			Error  string          `json:"error"`
		} `json:"state"`
	} `json:"parts"`
}

// ocInput holds the arguments of the file and shell tools this reader maps.
type ocInput struct {
	FilePath   string  `json:"filePath"`
	OldString  *string `json:"oldString"`
	NewString  *string `json:"newString"`
	ReplaceAll bool    `json:"replaceAll"`
	Content    *string `json:"content"`
	PatchText  string  `json:"patchText"`
	Command    string  `json:"command"`
	Workdir    string  `json:"workdir"`
	Edits      []struct {
		FilePath   string `json:"filePath"`
		OldString  string `json:"oldString"`
		NewString  string `json:"newString"`
		ReplaceAll bool   `json:"replaceAll"`
	} `json:"edits"`
}

// readOpenCode reads an OpenCode session as `opencode export` writes it.
//
// Invariants: a response is the assistant messages from one user message
// to the next; its edits are the parts of type tool, in order: edit,
// multiedit, write, apply_patch (patchText) and bash (command, workdir).
// A call whose state is error failed at the time and is reported with its
// error; one still pending or running when the session was exported is
// reported as not known to have run: neither is replayed. Paths are
// absolute, mapped through the session's directory (info.directory) or
// the message's path.cwd. Every file is in context.
func readOpenCode(r io.Reader, e *emitter) error {
	o := &openCodeReader{e: e, ro: e.newRooter()}
	e.meta = func(key string, value json.RawMessage) {
		if key != "info" {
			return
		}
		var info struct {
			Directory string `json:"directory"`
		}
		if json.Unmarshal(value, &info) == nil && info.Directory != "" && o.ro.cwd == "" {
			o.ro.setCwd(info.Directory)
		}
	}
	err := readRecords(r, e, []string{"messages"}, o.message)
	if ferr := o.flush(); ferr != nil {
		return ferr
	}
	return err
}

type openCodeReader struct {
	e     *emitter
	ro    *rooter
	cur   *Response
	texts []string
}

func (o *openCodeReader) message(rec int, raw []byte) error {
	var m ocMessage
	if !decodeRecord(o.e, rec, raw, &m) {
		return nil
	}
	if m.Info.Role == "user" {
		if err := o.flush(); err != nil {
			return err
		}
		var words []string
		for _, p := range m.Parts {
			if p.Type == "text" && !p.Synthetic && strings.TrimSpace(p.Text) != "" {
				words = append(words, p.Text)
			}
		}
		o.e.ask(shorten(strings.TrimSpace(strings.Join(words, "\n")), maxPrompt))
		return nil
	}
	if m.Info.Role != "assistant" {
		return nil
	}
	if m.Info.Path.Cwd != "" { // each message's: the agent may move
		o.ro.setCwd(m.Info.Path.Cwd)
		o.ro.setGitRoot(m.Info.Path.Root)
	}
	if o.cur == nil {
		o.cur = &Response{Line: rec}
		if m.Info.ID != "" {
			// The export is written whole each time: the message's id
			// names the turn wherever it stands in it.
			o.cur.Key = "opencode-message:" + m.Info.ID
		}
		if m.Info.Time.Created > 0 {
			o.cur.Time = time.UnixMilli(m.Info.Time.Created).UTC()
		}
	}
	if m.Info.ModelID != "" {
		o.cur.Model = m.Info.ModelID
	}
	for _, p := range m.Parts {
		switch p.Type {
		case "text":
			if strings.TrimSpace(p.Text) != "" {
				o.texts = append(o.texts, p.Text)
			}
		case "tool":
			failed := ""
			switch p.State.Status {
			case "completed":
			case "error":
				failed = firstNonEmpty(p.State.Error, "the tool call failed")
			default:
				failed = "the session was exported before this call completed: not known to have run"
			}
			o.tool(rec, p.Tool, p.State.Input, failed)
		}
	}
	return nil
}

// tool turns one tool call into its place in the response: edits and
// shell commands as operations, apply_patch as a patch, all kept in
// order as patches.
func (o *openCodeReader) tool(rec int, name string, raw json.RawMessage, failed string) {
	switch name {
	case "edit", "multiedit", "write", "apply_patch", "patch", "bash":
	default:
		return
	}
	var in ocInput
	if err := json.Unmarshal(raw, &in); err != nil {
		o.add(rec, []editcore.Op{malformed(rec, name, "", "tool call input does not decode: "+err.Error())})
		return
	}
	p := in.FilePath
	call := renderCall(name, "", p)
	op := func(k editcore.Kind, path string) editcore.Op {
		o.ro.see(path)
		return editcore.Op{Kind: k, Format: ToolCallFormat, Path: o.ro.rel(path), Line: rec, Raw: call, RecordedError: failed}
	}
	switch name {
	case "bash":
		// A relative path is the command's folder's: its workdir, else
		// the session's (a session started in a subfolder removes that
		// subfolder's file, never the root's of the same name).
		dir := firstNonEmpty(in.Workdir, o.ro.cwd)
		resolve := func(q string) string { return o.ro.relIn(dir, q) }
		o.ro.ran(in.Command, in.Workdir)
		o.add(rec, shellOps(in.Command, rec, failed, o.e.opt.Format, resolve))
		return
	case "apply_patch", "patch":
		if strings.TrimSpace(in.PatchText) == "" {
			o.add(rec, []editcore.Op{malformed(rec, name, "", "apply_patch without patchText")})
			return
		}
		patch := Patch{Text: in.PatchText, Line: rec, RecordedError: failed, resolve: o.ro.rel}
		o.cur.Patches = append(o.cur.Patches, patch)
		return
	}
	if p == "" && name != "multiedit" {
		o.add(rec, []editcore.Op{malformed(rec, name, "", "tool call names no file")})
		return
	}
	switch name {
	case "write":
		w := op(editcore.Write, p)
		w.Content = []byte(deref(in.Content))
		if in.Content == nil {
			w = malformed(rec, call, w.Path, "write without content")
		}
		o.add(rec, []editcore.Op{w})
	case "edit":
		ed := op(editcore.Substring, p)
		ed.OldText, ed.NewText, ed.ReplaceAll = deref(in.OldString), deref(in.NewString), in.ReplaceAll
		switch {
		case in.OldString == nil:
			ed = malformed(rec, call, ed.Path, "edit without oldString")
		case ed.OldText == "":
			ed.Kind, ed.Content = editcore.Create, []byte(ed.NewText) // OpenCode creates the file
		}
		o.add(rec, []editcore.Op{ed})
	case "multiedit":
		var ops []editcore.Op
		for _, x := range in.Edits {
			ed := op(editcore.Substring, firstNonEmpty(x.FilePath, p))
			ed.OldText, ed.NewText, ed.ReplaceAll = x.OldString, x.NewString, x.ReplaceAll
			ops = append(ops, ed)
		}
		if len(ops) == 0 {
			ops = []editcore.Op{malformed(rec, call, p, "multiedit without edits")}
		}
		o.add(rec, ops)
	}
}

// add keeps operations in their place among the response's patches.
func (o *openCodeReader) add(rec int, ops []editcore.Op) {
	if len(ops) > 0 {
		o.cur.Patches = append(o.cur.Patches, Patch{Line: rec, Ops: ops})
	}
}

func (o *openCodeReader) flush() error {
	cur := o.cur
	if cur == nil {
		return nil
	}
	cur.Text = strings.Join(o.texts, "\n\n")
	cur.resolve = o.ro.rel
	o.cur, o.texts = nil, nil
	return o.e.emit(cur)
}
