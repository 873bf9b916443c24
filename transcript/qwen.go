package transcript

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// qwenRecord is one line of a Qwen Code session,
// ~/.qwen/projects/<cwd>/chats/<session id>.jsonl (checked with 0.24.4):
// Claude Code's envelope (uuid, parentUuid, sessionId, timestamp, cwd)
// with a provenance, and a Gemini message (role, parts) inside.
type qwenRecord struct {
	UUID       string `json:"uuid"`
	Type       string `json:"type"`
	Provenance string `json:"provenance"`
	Timestamp  string `json:"timestamp"`
	Cwd        string `json:"cwd"`
	Model      string `json:"model"`
	Message    struct {
		Parts []struct {
			Text         string `json:"text"`
			Thought      bool   `json:"thought"`
			FunctionCall *struct {
				ID   string          `json:"id"`
				Name string          `json:"name"`
				Args json.RawMessage `json:"args"`
			} `json:"functionCall"`
		} `json:"parts"`
	} `json:"message"`
	ToolCallResult *struct {
		CallID        string          `json:"callId"`
		Status        string          `json:"status"`
		ResultDisplay json.RawMessage `json:"resultDisplay"`
		Error         json.RawMessage `json:"error"`
	} `json:"toolCallResult"`
}

// qwenArgs are the arguments of the edit tools' calls.
type qwenArgs struct {
	FilePath   string  `json:"file_path"`
	Content    *string `json:"content"`
	OldString  *string `json:"old_string"`
	NewString  *string `json:"new_string"`
	ReplaceAll bool    `json:"replace_all"`
	Command    string  `json:"command"`
	Directory  string  `json:"directory"`
}

// readQwen reads a Qwen Code session log.
//
// Invariants: a response is the assistant records from one user record
// the user typed (provenance real_user) to the next; tool_result records
// belong to the turn, and system records (telemetry, snapshots) are not
// read. Edits are the functionCall parts write_file (the whole file),
// edit (old_string's one occurrence, every one with replace_all; an
// empty old_string creates the file) and run_shell_command (replayed as
// shell-made edits, never run), in order; a tool_result whose status is
// not success, or whose shell exit code is not 0, marks its call failed.
// Paths are absolute; the records' cwd is the working directory.
func readQwen(r io.Reader, e *emitter) error {
	q := &qwenReader{e: e, ro: e.newRooter(), pending: map[string][]int{}}
	if err := readRecords(r, e, nil, q.record); err != nil {
		return err
	}
	return q.flush()
}

type qwenReader struct {
	e       *emitter
	ro      *rooter
	cur     *Response
	texts   []string
	pending map[string][]int // call id -> ops
}

func (q *qwenReader) record(rec int, raw []byte) error {
	var m qwenRecord
	if !decodeRecord(q.e, rec, raw, &m) {
		return nil
	}
	if m.Cwd != "" {
		q.ro.setCwd(m.Cwd)
	}
	switch m.Type {
	case "user":
		if m.Provenance != "" && m.Provenance != "real_user" {
			return nil // the CLI's own (a command's output, a reminder)
		}
		var said strings.Builder
		for _, p := range m.Message.Parts {
			if t := strings.TrimSpace(p.Text); t != "" && !p.Thought {
				said.WriteString(t + "\n\n")
			}
		}
		if said.Len() == 0 {
			return nil
		}
		if err := q.flush(); err != nil {
			return err
		}
		q.e.ask(said.String())
	case "assistant":
		q.assistant(rec, m)
	case "tool_result":
		q.result(m)
	}
	return nil
}

func (q *qwenReader) assistant(rec int, m qwenRecord) {
	if q.cur == nil {
		q.cur = &Response{Line: rec, Key: "qwen-record:" + m.UUID}
		if t, err := time.Parse(time.RFC3339Nano, m.Timestamp); err == nil {
			q.cur.Time = t.UTC()
		}
	}
	if q.cur.Model == "" {
		q.cur.Model = m.Model
	}
	for _, p := range m.Message.Parts {
		if p.FunctionCall == nil {
			if t := strings.TrimSpace(p.Text); t != "" && !p.Thought {
				q.texts = append(q.texts, t)
			}
			continue
		}
		ops := q.ops(rec, p.FunctionCall.Name, p.FunctionCall.Args)
		var idx []int
		for _, o := range ops {
			idx = append(idx, len(q.cur.Ops))
			q.cur.Ops = append(q.cur.Ops, o)
		}
		if p.FunctionCall.ID != "" && len(idx) > 0 {
			q.pending[p.FunctionCall.ID] = idx
		}
	}
}

// ops maps one tool call onto operations.
func (q *qwenReader) ops(rec int, name string, args json.RawMessage) []editcore.Op {
	var a qwenArgs
	if name != "write_file" && name != "edit" && name != "run_shell_command" {
		return nil // reads, searches, and the rest change no file
	}
	if err := json.Unmarshal(args, &a); err != nil {
		return []editcore.Op{malformed(rec, name, "", name+" arguments are not an object: "+decodeProblem(err))}
	}
	if name == "run_shell_command" {
		dir := joinDir(q.ro.cwd, strings.TrimSpace(a.Directory))
		q.ro.ran(a.Command, dir)
		return shellOps(a.Command, rec, "", q.e.opt.Format, func(p string) string { return q.ro.relIn(dir, p) })
	}
	p := a.FilePath
	raw := renderCall(name, "", p)
	if p == "" {
		return []editcore.Op{malformed(rec, name, "", name+" names no file")}
	}
	o := editcore.Op{Format: ToolCallFormat, Line: rec, Raw: raw}
	switch {
	case name == "write_file" && a.Content == nil:
		return []editcore.Op{malformed(rec, raw, p, "write_file without content")}
	case name == "write_file":
		o.Kind, o.Content = editcore.Write, []byte(*a.Content)
	case a.OldString == nil:
		return []editcore.Op{malformed(rec, raw, p, "edit without old_string")}
	case *a.OldString == "":
		o.Kind, o.Content = editcore.Create, []byte(deref(a.NewString))
	default:
		o.Kind, o.OldText, o.NewText, o.ReplaceAll = editcore.Substring, *a.OldString, deref(a.NewString), a.ReplaceAll
	}
	q.ro.see(p)
	o.Path = q.ro.rel(p)
	return []editcore.Op{o}
}

// result marks a call's operations failed when its result says so.
func (q *qwenReader) result(m qwenRecord) {
	r := m.ToolCallResult
	if r == nil || q.cur == nil {
		return
	}
	idx, ok := q.pending[r.CallID]
	if !ok {
		return
	}
	delete(q.pending, r.CallID)
	var shell struct {
		ExitCode *int   `json:"exitCode"`
		Output   string `json:"output"`
	}
	_ = json.Unmarshal(r.ResultDisplay, &shell)
	msg := ""
	switch {
	case r.Status != "" && r.Status != "success":
		msg = firstNonEmpty(strings.Trim(string(r.Error), `"`), r.Status)
		if msg == "null" {
			msg = r.Status
		}
	case shell.ExitCode != nil && *shell.ExitCode != 0:
		msg = strings.TrimSpace(fmt.Sprintf("exit code %d %s", *shell.ExitCode, shell.Output))
	}
	if msg == "" {
		return
	}
	for _, i := range idx {
		if i < len(q.cur.Ops) {
			q.cur.Ops[i].RecordedError = shorten(msg, 2000)
		}
	}
}

func (q *qwenReader) flush() error {
	cur := q.cur
	if cur == nil {
		return nil
	}
	clear(q.pending)
	cur.Text = strings.Join(q.texts, "\n\n")
	cur.resolve = q.ro.rel
	q.cur, q.texts = nil, nil
	return q.e.emit(cur)
}
