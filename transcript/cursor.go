package transcript

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// cursorRecord is one line of a Cursor agent transcript
// (~/.cursor/projects/<project>/agent-transcripts/<conversation id>.jsonl,
// or <id>/<id>.jsonl): {role, message: {content}}, content being Claude
// Code's blocks, text and tool_use {name, input}.
type cursorRecord struct {
	Role    string `json:"role"`
	Message struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// cursorInput holds the arguments of the tools this reader maps.
type cursorInput struct {
	Path      string  `json:"path"`
	Contents  *string `json:"contents"`
	OldString *string `json:"old_string"`
	NewString *string `json:"new_string"`
	Command   string  `json:"command"`
}

// isCursor reports a record of a Cursor agent transcript: a role and a
// message, and nothing else Claude Code's records carry.
func isCursor(k keys) bool {
	return k.has("role", "message") && !k.has("type") && !k.has("sessionId") && !k.has("uuid")
}

// readCursor reads a Cursor agent transcript.
//
// Invariants: a response is the assistant records from one user record
// to the next. Its edits are the tool_use blocks, in order: Write (path,
// contents) writes the file, StrReplace (path, old_string, new_string)
// replaces one occurrence, Shell (command) is replayed as shell-made
// edits, never run; other tools (Read, Grep, Glob, …) change no file.
// Cursor records no tool results, so no call is known to have failed:
// each is replayed as asked, and one that no longer matches is reported
// as failed then. Paths are absolute and the transcript names no working
// directory: the repository's folder is learned from them. Every file is
// in context.
func readCursor(r io.Reader, e *emitter) error {
	c := &cursorReader{e: e, ro: e.newRooter()}
	err := readRecords(r, e, nil, c.record)
	if ferr := c.flush(); ferr != nil {
		return ferr
	}
	return err
}

type cursorReader struct {
	e     *emitter
	ro    *rooter
	cur   *Response
	texts []string
}

func (c *cursorReader) record(rec int, raw []byte) error {
	var m cursorRecord
	if !decodeRecord(c.e, rec, raw, &m) {
		return nil
	}
	bs, err := blocks(m.Message.Content)
	if err != nil {
		c.e.skip(rec, "record skipped: its content is neither text nor a list of content blocks")
		return nil
	}
	switch m.Role {
	case "user":
		return c.flush()
	case "assistant":
		if c.cur == nil {
			c.cur = &Response{Line: rec}
		}
		for _, b := range bs {
			switch b.Type {
			case "text":
				if t := strings.TrimSpace(b.Text); t != "" {
					c.texts = append(c.texts, t)
				}
			case "tool_use":
				c.call(rec, b)
			}
		}
	}
	return nil
}

// call turns one tool call into operations.
func (c *cursorReader) call(rec int, b block) {
	name := b.Name
	switch name {
	case "Write", "StrReplace", "Shell":
	default:
		return
	}
	var in cursorInput
	if err := json.Unmarshal(b.Input, &in); err != nil {
		c.cur.Ops = append(c.cur.Ops, malformed(rec, name, "", "tool call arguments do not decode: "+err.Error()))
		return
	}
	if name == "Shell" {
		c.ro.ran(in.Command, "") // git init, mkdir: what the folder is
		c.cur.Ops = append(c.cur.Ops, shellOps(in.Command, rec, "", c.e.opt.Format, c.ro.rel)...)
		return
	}
	raw := renderCall(name, "", in.Path)
	o := editcore.Op{Format: ToolCallFormat, Path: in.Path, Line: rec, Raw: raw}
	switch {
	case in.Path == "":
		o = malformed(rec, name, "", "tool call names no file")
	case name == "Write" && in.Contents == nil:
		o = malformed(rec, raw, in.Path, "Write without contents")
	case name == "Write":
		o.Kind, o.Content = editcore.Write, []byte(*in.Contents)
	case in.OldString == nil || *in.OldString == "":
		o = malformed(rec, raw, in.Path, "StrReplace without old_string")
	default:
		o.Kind, o.OldText, o.NewText = editcore.Substring, *in.OldString, deref(in.NewString)
	}
	c.ro.see(in.Path)
	o.Path = c.ro.rel(o.Path)
	c.cur.Ops = append(c.cur.Ops, o)
}

func (c *cursorReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	cur.Text = strings.Join(c.texts, "\n\n")
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	return c.e.emit(cur)
}
