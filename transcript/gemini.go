package transcript

import (
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// gmMessage is one message of a Gemini CLI session (its chat recording:
// ~/.gemini/tmp/<project>/chats/session-*.jsonl, a log of records, or
// before v0.39 session-*.json, one JSON document {sessionId, projectHash,
// startTime, lastUpdated, messages}).
type gmMessage struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"` // user, gemini, info, error, warning
	Content   json.RawMessage `json:"content"`
	Model     string          `json:"model"`
	ToolCalls []gmToolCall    `json:"toolCalls"`
}

type gmToolCall struct {
	ID     string          `json:"id"`
	Name   string          `json:"name"`
	Args   json.RawMessage `json:"args"`
	Status string          `json:"status"` // success, error, cancelled
	// ResultDisplay is what the user saw: for a failed call, the error.
	ResultDisplay json.RawMessage `json:"resultDisplay"`
	// Result is what the model was told (functionResponse parts): for a
	// write, the absolute path written (geminiWrote).
	Result json.RawMessage `json:"result"`
}

// gmArgs holds the arguments of the file and shell tools this reader maps.
type gmArgs struct {
	FilePath      string   `json:"file_path"`
	AbsolutePath  string   `json:"absolute_path"`
	Path          string   `json:"path"`
	Paths         []string `json:"paths"`
	Content       *string  `json:"content"`
	OldString     *string  `json:"old_string"`
	NewString     *string  `json:"new_string"`
	Expected      *flexInt `json:"expected_replacements"`
	AllowMultiple bool     `json:"allow_multiple"`
	Command       string   `json:"command"`
	Directory     string   `json:"directory"`
}

// readGemini reads a Gemini CLI session.
//
// Invariants: the messages are those Gemini CLI itself would load (gmLog:
// the last copy of each message id, rewound messages dropped), so the
// whole session is read before the first response is emitted; a response
// is the gemini messages up to the next user message; its edits are the
// write_file, replace and run_shell_command calls, in order; a call whose
// status is not success failed at the time (cancelled too: it made no
// change) and is reported, not replayed. The session records no working
// directory: the workspace root is inferred from the edited paths.
// Context is unknown (the tools read files themselves), so every file
// counts as in context, as for Codex.
func readGemini(r io.Reader, e *emitter) error {
	log := newGmLog(e)
	err := readRecords(r, e, []string{"messages"}, log.record)
	log.answer()
	// What was read before an error stands, as in the other readers.
	g := &geminiReader{e: e, ro: e.newRooter(), results: true}
	for _, m := range log.msgs {
		if err := g.message(m); err != nil {
			return err
		}
	}
	if err := g.flush(); err != nil {
		return err
	}
	return err
}

type geminiReader struct {
	e     *emitter
	ro    *rooter
	cur   *Response
	texts []string
	// results: the record keeps what each write's result said (a
	// session does; stream-json keeps only its status). Either way a
	// relative path no result places is reported, never taken from the
	// root; this says which the message names.
	results bool
}

func (g *geminiReader) message(m gmKept) error {
	switch m.typ {
	case "user":
		if m.answers {
			return nil // the results of the turn's calls: the turn goes on
		}
		if err := g.flush(); err != nil {
			return err
		}
		g.e.ask(m.text)
		return nil
	case "gemini":
		g.gemini(m)
	}
	return nil // info, error and warning messages are the CLI's own
}

func (g *geminiReader) gemini(m gmKept) {
	if g.cur == nil {
		g.cur = &Response{Line: m.first, Key: "gemini-message:" + m.id}
		if t, err := time.Parse(time.RFC3339Nano, m.time); err == nil {
			g.cur.Time = t
		}
	}
	if g.cur.Model == "" {
		g.cur.Model = m.model
	}
	if m.text != "" {
		g.texts = append(g.texts, m.text)
	}
	for _, c := range m.calls {
		g.call(m.rec, c)
	}
}

// call turns one tool call into operations.
func (g *geminiReader) call(rec int, c gmCall) {
	var a gmArgs
	if err := json.Unmarshal(c.args, &a); err != nil {
		if geminiEdits(c.name) {
			g.cur.Ops = append(g.cur.Ops, malformed(rec, c.name, "", "tool call arguments do not decode: "+err.Error()))
		}
		return
	}
	failed := c.failed
	p := firstNonEmpty(a.FilePath, a.AbsolutePath, a.Path)
	unplaced := false // a relative path no result places
	if p != "" && !isAbs(p) && (c.name == "write_file" || c.name == "replace") {
		// A relative path is relative to the folder Gemini CLI ran in,
		// which the session does not record; the result of the write
		// (on the call, or since v0.39 in the next user message) names
		// the file it wrote in full. Taken only when it ends with the
		// path asked for, so it can only say which folder. Without it
		// (stream-json keeps no result's text) the folder is unknown: the
		// write is reported, never taken from the repository's root.
		if abs := c.wrote; abs != "" && strings.HasSuffix(cleanSlash(abs), "/"+strings.TrimPrefix(cleanSlash(p), "./")) {
			p = abs
		} else {
			unplaced = failed == ""
		}
	}
	if geminiReads(c.name) {
		for _, q := range append([]string{p}, a.Paths...) {
			g.ro.seeRead(q)
		}
		return
	}
	var ops []editcore.Op
	switch c.name {
	case "run_shell_command":
		dir := ""
		if a.Directory != "" {
			dir = a.Directory
		}
		resolve := func(q string) string {
			if dir != "" && !strings.HasPrefix(q, "/") {
				q = dir + "/" + q
			}
			return g.ro.rel(q)
		}
		if failed == "" {
			g.ro.ran(a.Command, dir)
		}
		g.cur.Ops = append(g.cur.Ops, shellOps(a.Command, rec, failed, g.e.opt.Format, resolve)...)
		return
	case "write_file":
		o := editcore.Op{Kind: editcore.Write, Format: ToolCallFormat, Path: p, Line: rec, Raw: renderCall(c.name, "", p)}
		o.Content = []byte(deref(a.Content))
		if a.Content == nil {
			o = malformed(rec, o.Raw, p, "write_file without content")
		}
		ops = []editcore.Op{o}
	case "replace":
		o := editcore.Op{Kind: editcore.Substring, Format: ToolCallFormat, Path: p, Line: rec, Raw: renderCall(c.name, "", p)}
		o.OldText, o.NewText = deref(a.OldString), deref(a.NewString)
		// Gemini's replace changes every occurrence when allowed to
		// (allow_multiple, since v0.31) or, before that, when told how
		// many to expect (expected_replacements, exactly that many).
		o.ReplaceAll = a.AllowMultiple || a.Expected.get(1) > 1
		switch {
		case a.OldString == nil:
			o = malformed(rec, o.Raw, p, "replace without old_string")
		case o.OldText == "":
			// An empty old_string creates the file.
			o.Kind, o.Content = editcore.Create, []byte(o.NewText)
		}
		ops = []editcore.Op{o}
	default:
		return // not kept: only the tools geminiEdits and geminiReads name are
	}
	if p == "" {
		ops = []editcore.Op{malformed(rec, c.name, "", "tool call names no file")}
	}
	if unplaced {
		why := "Gemini CLI took this relative path from the folder it ran in, which the session does not record, " +
			"and no result of the call names the file"
		if !g.results {
			why = "Gemini CLI took this relative path from the folder it ran in, " +
				"which its stream-json output does not record (nor the file a result named)"
		}
		for i := range ops {
			ops[i].Outside, ops[i].OutsideWhy = true, why
		}
		g.cur.Ops = append(g.cur.Ops, ops...)
		return
	}
	g.ro.see(p)
	for _, o := range ops {
		o.Path = g.ro.rel(o.Path)
		o.RecordedError = failed
		g.cur.Ops = append(g.cur.Ops, o)
	}
}

// geminiEdits reports whether a tool writes files (a call that does not
// decode is then reported).
func geminiEdits(name string) bool {
	return name == "write_file" || name == "replace" || name == "run_shell_command"
}

// geminiReads reports whether a tool reads files (the paths it names help
// to infer the workspace root).
func geminiReads(name string) bool {
	switch name {
	case "read_file", "read_many_files", "list_directory", "glob", "search_file_content":
		return true
	}
	return false
}

// partsText flattens a message's content: a string, or a list of parts
// ({text}, or a functionResponse whose response holds output or error).
func partsText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text     string `json:"text"`
		Thought  bool   `json:"thought"`
		Response *struct {
			Response struct {
				Output string `json:"output"`
				Error  string `json:"error"`
			} `json:"response"`
		} `json:"functionResponse"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		var one struct {
			Text string `json:"text"`
		}
		_ = json.Unmarshal(raw, &one)
		return one.Text
	}
	var out []string
	for _, p := range parts {
		switch {
		case p.Thought:
		case p.Text != "":
			out = append(out, p.Text)
		case p.Response != nil && p.Response.Response.Error != "":
			out = append(out, p.Response.Response.Error)
		case p.Response != nil && p.Response.Response.Output != "":
			out = append(out, p.Response.Response.Output)
		}
	}
	return strings.Join(out, "\n")
}

func (g *geminiReader) flush() error {
	cur := g.cur
	if cur == nil {
		return nil
	}
	cur.Text = strings.Join(g.texts, "\n\n")
	cur.resolve = g.ro.rel
	g.cur, g.texts = nil, nil
	return g.e.emit(cur)
}

// geminiWroteRe is the start of write_file's and replace's result on
// success (Gemini CLI 0.x, tools/write-file.ts and tools/edit.ts): the
// absolute path of the file, then ". Here is …", " (N replacements)" or
// the end.
var geminiWroteRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^Successfully (?:created and wrote to new file|overwrote file|modified file): (.+?)(?:\. Here is| \(\d+ replacements?\)|\.?\s*$)`)
})

// geminiWrote returns the absolute path a successful write's result
// names, or "".
func geminiWrote(result json.RawMessage) string {
	text, _, _ := strings.Cut(strings.TrimSpace(partsText(result)), "\n")
	m := geminiWroteRe().FindStringSubmatch(text)
	if m == nil || !isAbs(m[1]) {
		return ""
	}
	return m[1]
}

// cleanSlash is a path with forward slashes, for comparing a result's
// path with the one asked for.
func cleanSlash(p string) string { return strings.ReplaceAll(p, "\\", "/") }
