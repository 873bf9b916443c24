package transcript

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// cxLine is a Codex CLI rollout line: {"timestamp","type","payload"}. Older
// rollouts wrote response items bare, without the envelope.
type cxLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
	ThreadID  string          `json:"thread_id"` // codex exec --json's thread.started
}

// cxItem holds the payload fields this reader uses.
type cxItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Input     string          `json:"input"`
	Arguments string          `json:"arguments"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Action    *struct {
		Command          json.RawMessage `json:"command"`
		WorkingDirectory string          `json:"working_directory"`
	} `json:"action"`

	Cwd string `json:"cwd"` // session_meta, turn_context
	Git *struct {
		RepositoryURL string `json:"repository_url"`
	} `json:"git"` // session_meta: the repository of its folder
	Model   string `json:"model"`   // turn_context
	Message string `json:"message"` // event_msg user_message
	Success *bool  `json:"success"` // event_msg patch_apply_end
	Stderr  string `json:"stderr"`
}

// readCodex reads a Codex CLI rollout.
//
// Invariants: a response is everything the assistant did between two user
// messages (the response_item and the event_msg of one user message both
// mark the same boundary; injected environment and instruction messages do
// not); its edits are apply_patch calls in any of their three spellings, in
// order; a call's output (exit code, failure text, or a failed
// patch_apply_end event) marks it as failed at the time. A command of the
// unified exec tool that was still running when its call returned takes
// its outcome from the later write_stdin call that saw it exit; one whose
// exit the turn never recorded is not replayed. Context is unknown: Codex
// reads files through arbitrary shell commands.
func readCodex(r io.Reader, e *emitter) error {
	c := &codexReader{e: e, ro: e.newRooter(), calls: map[string]int{},
		commands: map[int]string{}, sessions: map[string]int{}, running: map[int]string{}}
	if err := readRecords(r, e, nil, c.record); err != nil {
		return err
	}
	return c.flush()
}

type codexReader struct {
	e     *emitter
	ro    *rooter
	model string
	cur   *Response
	texts []string
	calls map[string]int // call_id -> index in cur.Patches

	// Unified exec (exec_command, write_stdin): the command of each
	// shell patch, the patch of each process still running by its
	// session id, and the patches whose exit is not recorded yet (with
	// why, should it never be).
	commands map[int]string
	sessions map[string]int
	running  map[int]string
}

func (c *codexReader) record(rec int, raw []byte) error {
	var l cxLine
	if !decodeRecord(c.e, rec, raw, &l) {
		return nil
	}
	if isExecEvent(l.Type) {
		return &Error{Err: &ExecEventsError{ThreadID: l.ThreadID}} // the whole file, not a line, is the problem
	}
	payload := l.Payload
	if len(payload) == 0 {
		payload = raw // an old rollout's bare response item
	}
	var it cxItem
	if !decodeRecord(c.e, rec, payload, &it) {
		return nil
	}
	switch l.Type {
	case "session_meta", "turn_context":
		c.ro.setCwd(it.Cwd)
		if it.Git != nil {
			c.ro.setRepo(it.Git.RepositoryURL)
		}
		if it.Model != "" {
			c.model = it.Model
		}
		return nil
	case "event_msg":
		switch it.Type {
		case "user_message":
			if err := c.flush(); err != nil {
				return err
			}
			c.e.ask(it.Message)
			return nil
		case "patch_apply_end":
			if it.Success != nil && !*it.Success {
				c.fail(it.CallID, firstNonEmpty(strings.TrimSpace(it.Stderr), "apply_patch failed"))
			}
		}
		return nil
	}
	return c.item(rec, l.Timestamp, it)
}

// ExecEventsError is the event stream `codex exec --json` prints, given
// as a transcript: its file_change items name the files a patch changed
// but hold no patch text, so nothing in it can be replayed. The session
// file Codex wrote for the same run holds the patches.
type ExecEventsError struct {
	ThreadID string // "" when the stream's thread.started was not seen
}

func (e *ExecEventsError) Error() string {
	id := e.ThreadID
	if id == "" {
		id = "<thread id>"
	}
	return "this is the event stream of codex exec --json, which records no patch text (a file_change names its files only); " +
		"apply the session file Codex wrote for the run instead: ~/.codex/sessions/YYYY/MM/DD/rollout-*-" + id + ".jsonl (under $CODEX_HOME when it is set)"
}

// isExecEvent tells codex exec --json's event types (codex-rs exec
// ThreadEvent) from a rollout's.
func isExecEvent(typ string) bool {
	switch typ {
	case "thread.started", "turn.started", "turn.completed", "turn.failed", "item.started", "item.updated", "item.completed":
		return true
	}
	return false
}

func (c *codexReader) item(rec int, ts string, it cxItem) error {
	switch it.Type {
	case "message":
		text := contentText(it.Content)
		if it.Role == "user" {
			if injected(text) {
				return nil
			}
			if err := c.flush(); err != nil {
				return err
			}
			c.e.ask(text)
			return nil
		}
		if it.Role == "assistant" && strings.TrimSpace(text) != "" {
			c.start(rec, ts)
			c.texts = append(c.texts, strings.TrimSpace(text))
		}
	case "custom_tool_call", "function_call":
		patch, dir := "", ""
		switch {
		case it.Name == "apply_patch" && it.Type == "custom_tool_call":
			patch = it.Input
		case it.Name == "apply_patch":
			var a struct {
				Input string `json:"input"`
				Patch string `json:"patch"`
			}
			_ = json.Unmarshal([]byte(it.Arguments), &a)
			patch = firstNonEmpty(a.Input, a.Patch)
		default:
			var a struct {
				Command json.RawMessage `json:"command"`
				Workdir string          `json:"workdir"`
			}
			var x struct {
				Cmd     string `json:"cmd"`
				Workdir string `json:"workdir"`
			}
			if json.Unmarshal([]byte(it.Arguments), &a) == nil {
				patch, dir = shellPatch(a.Command)
				dir = joinDir(a.Workdir, dir)
				if patch == "" && (it.Name == "shell" || it.Name == "container.exec" || it.Name == "shell_command") {
					c.addShell(rec, ts, it.CallID, commandText(a.Command), a.Workdir)
					return nil
				}
			}
			if it.Name == "exec_command" && json.Unmarshal([]byte(it.Arguments), &x) == nil && x.Cmd != "" {
				if p, d := shellPatch(json.RawMessage(strconv.Quote(x.Cmd))); p != "" {
					c.addPatch(rec, ts, it.CallID, p, joinDir(x.Workdir, d))
				} else {
					c.addShell(rec, ts, it.CallID, x.Cmd, x.Workdir)
				}
				return nil
			}
			if it.Name == "write_stdin" {
				c.writeStdin(it.CallID, it.Arguments)
				return nil
			}
		}
		c.addPatch(rec, ts, it.CallID, patch, dir)
	case "local_shell_call":
		if it.Action != nil {
			patch, dir := shellPatch(it.Action.Command)
			if patch == "" {
				c.addShell(rec, ts, it.CallID, commandText(it.Action.Command), it.Action.WorkingDirectory)
				return nil
			}
			c.addPatch(rec, ts, it.CallID, patch, joinDir(it.Action.WorkingDirectory, dir))
		}
	case "function_call_output", "custom_tool_call_output":
		if x, ok := execOutput(it.Output); ok {
			c.execResult(it.CallID, x)
		} else if msg, failed := outputFailed(it.Output); failed {
			c.fail(it.CallID, msg)
		}
	}
	return nil
}

// writeStdin follows a process the unified exec tool left running: the
// output of this call may be the one that saw it exit.
func (c *codexReader) writeStdin(callID, arguments string) {
	var a struct {
		SessionID json.RawMessage `json:"session_id"`
	}
	if json.Unmarshal([]byte(arguments), &a) != nil {
		return
	}
	if i, ok := c.sessions[strings.Trim(string(a.SessionID), `"`)]; ok && callID != "" {
		c.calls[callID] = i
	}
}

// execResult records what a unified exec output says of the command its
// call (exec_command, or write_stdin to its process) ran.
func (c *codexReader) execResult(callID string, x execOut) {
	i, ok := c.calls[callID]
	if !ok || c.cur == nil || i >= len(c.cur.Patches) || c.cur.Patches[i].Text != "" {
		return
	}
	switch {
	case x.exited:
		delete(c.running, i)
		if x.code != 0 {
			c.fail(callID, firstNonEmpty(x.output, fmt.Sprintf("Process exited with code %d", x.code)))
		}
	case x.session != "":
		c.running[i] = stillRunning
		c.sessions[x.session] = i
	default:
		c.running[i] = noExit
	}
}

// Why a unified exec command whose exit was not seen is not replayed.
const (
	stillRunning = "it was still running when the turn ended, so whether it worked is not recorded"
	noExit       = "its output records no exit, so whether it worked is not known"
)

// unreplayedRunning turns the shell patches whose exit the turn never
// recorded into a not_replayed command: what they did is unknown.
func (c *codexReader) unreplayedRunning() {
	for i, why := range c.running {
		p := &c.cur.Patches[i]
		p.Ops = []editcore.Op{notReplayedOp(oneLine(c.commands[i]), p.Line, why)}
	}
}

func (c *codexReader) start(rec int, ts string) *Response {
	if c.cur == nil {
		c.cur = &Response{Line: rec}
		if t, err := time.Parse(time.RFC3339Nano, ts); err == nil {
			c.cur.Time = t
		}
	}
	return c.cur
}

func (c *codexReader) addPatch(rec int, ts, callID, patch, dir string) {
	if patch == "" {
		return
	}
	cur := c.start(rec, ts)
	p := Patch{Text: patch, Line: rec}
	ro := c.ro
	// Relative paths are the call's folder's, else the session's folder
	// as it was when the call was made.
	d := ro.cwd
	switch {
	case dir == "":
	case isAbs(dir):
		p.Dir, d = ro.rel(dir), cleanAbs(dir)
	default:
		p.Dir = strings.ReplaceAll(dir, `\`, "/")
		d = path.Join(d, p.Dir)
	}
	// The patch is read when the response is emitted (Patch.read); its
	// paths are seen now, in the session's order, for learning where it
	// worked.
	for _, l := range strings.Split(patch, "\n") {
		for _, h := range []string{"*** Update File: ", "*** Add File: ", "*** Delete File: ", "*** Move to: "} {
			if f, ok := strings.CutPrefix(l, h); ok {
				if f = strings.TrimSpace(f); isAbs(f) {
					ro.see(f)
				} else if isAbs(d) {
					ro.see(path.Join(cleanAbs(d), strings.ReplaceAll(f, `\`, "/")))
				}
			}
		}
	}
	p.resolve = func(s string) string {
		// Resolved when the response is emitted, with all the turn taught.
		out := ro.relIn(d, s)
		cur.Workdirs = addWorkdirs(cur.Workdirs, ro.take())
		return out
	}
	if callID != "" {
		c.calls[callID] = len(cur.Patches)
	}
	cur.Patches = append(cur.Patches, p)
}

// addShell records a command the agent ran, as the operations that replay
// it, in order with the patches.
func (c *codexReader) addShell(rec int, ts, callID, text, workdir string) {
	ro := c.ro
	dir := ""
	if workdir != "" {
		dir = cleanAbs(workdir)
	}
	ro.ran(text, dir)
	ops := shellOps(text, rec, "", c.e.opt.Format, func(p string) string {
		if dir != "" {
			return ro.relIn(dir, p)
		}
		return ro.relIn(ro.cwd, p)
	})
	if len(ops) == 0 {
		return
	}
	cur := c.start(rec, ts)
	if callID != "" {
		c.calls[callID] = len(cur.Patches)
	}
	c.commands[len(cur.Patches)] = text
	cur.Patches = append(cur.Patches, Patch{Line: rec, Ops: ops})
}

// commandText is the script of a recorded command: the last word of
// bash -lc SCRIPT, or the words joined.
func commandText(raw json.RawMessage) string {
	var words []string
	if json.Unmarshal(raw, &words) != nil {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	if len(words) >= 3 && (words[1] == "-lc" || words[1] == "-c") {
		return words[len(words)-1]
	}
	for i, w := range words {
		if strings.ContainsAny(w, " \t'\"$") {
			words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

func (c *codexReader) fail(callID, msg string) {
	i, ok := c.calls[callID]
	if !ok || c.cur == nil || i >= len(c.cur.Patches) {
		return
	}
	if c.cur.Patches[i].RecordedError == "" {
		c.cur.Patches[i].RecordedError = shorten(msg, 2000)
	}
}

func (c *codexReader) flush() error {
	cur := c.cur
	if cur == nil {
		return nil
	}
	c.unreplayedRunning()
	cur.Text = strings.Join(c.texts, "\n\n")
	cur.Model = c.model
	cur.resolve = c.ro.rel
	c.cur, c.texts = nil, nil
	clear(c.calls)
	clear(c.commands)
	clear(c.sessions)
	clear(c.running)
	return c.e.emit(cur)
}

// contentText joins the text parts of a message's content.
func contentText(raw json.RawMessage) string {
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	var b strings.Builder
	for _, p := range parts {
		if b.Len() > 0 && p.Text != "" {
			b.WriteString("\n")
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// injected tells Codex's own context messages from the user's words.
func injected(text string) bool {
	t := strings.TrimSpace(text)
	for _, p := range []string{"<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<user_shell_command>", "<turn_aborted>"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

var (
	// Regexps are compiled on first use: package init is on every command's start-up path.
	heredocRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)\bapply_?patch\s*<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)(['"]?)[^\n]*\n`)
	})
	cdRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*cd\s+("[^"]+"|'[^']+'|\S+)\s*&&`) })
)

// shellPatch finds an apply_patch invocation in a shell command: the argv
// form ["apply_patch", patch] or a script with an apply_patch heredoc (or a
// bare "*** Begin Patch" … "*** End Patch" argument). dir is a leading
// "cd DIR &&".
func shellPatch(raw json.RawMessage) (patch, dir string) {
	var argv []string
	var script string
	if json.Unmarshal(raw, &argv) != nil {
		if json.Unmarshal(raw, &script) != nil {
			return "", ""
		}
	} else {
		switch {
		case len(argv) >= 2 && (argv[0] == "apply_patch" || argv[0] == "applypatch"):
			return argv[1], ""
		case len(argv) >= 3 && strings.HasPrefix(argv[1], "-") && strings.Contains(argv[1], "c"):
			script = argv[2]
		default:
			return "", ""
		}
	}
	if m := cdRe().FindStringSubmatch(script); m != nil {
		dir = strings.Trim(m[1], `"'`)
	}
	if loc := heredocRe().FindStringSubmatchIndex(script); loc != nil {
		delim := script[loc[4]:loc[5]]
		body := script[loc[1]:]
		for i := 0; i <= len(body); {
			j := strings.IndexByte(body[i:], '\n')
			end := len(body)
			if j >= 0 {
				end = i + j
			}
			if strings.TrimSpace(body[i:end]) == delim {
				return body[:i], dir
			}
			if j < 0 {
				break
			}
			i = end + 1
		}
		return body, dir // unterminated heredoc: the rest of the script
	}
	if !strings.Contains(script, "apply_patch") && !strings.Contains(script, "applypatch") {
		return "", ""
	}
	if i := strings.Index(script, "*** Begin Patch"); i >= 0 {
		body := script[i:]
		if j := strings.Index(body, "*** End Patch"); j >= 0 {
			body = body[:j+len("*** End Patch")] + "\n"
		}
		return body, dir
	}
	return "", ""
}

func joinDir(workdir, dir string) string {
	switch {
	case dir == "":
		return workdir
	case workdir == "" || isAbs(dir):
		return dir
	}
	return strings.TrimSuffix(workdir, "/") + "/" + dir
}

// execOut is what the unified exec tool (exec_command, write_stdin) says
// of its process in the header of its output, the lines before "Output:"
// (codex-rs unified_exec format_response): "Chunk ID: …", "Wall time: …",
// then "Process exited with code N" once it has exited, or "Process
// running with session ID N" while it runs. The command's own output
// follows "Output:" and is never read for an exit code.
type execOut struct {
	exited  bool
	code    int
	session string // the process still runs, under this id
	output  string
}

func execOutput(raw json.RawMessage) (execOut, bool) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return execOut{}, false
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if !strings.HasPrefix(s, "Chunk ID:") && !strings.HasPrefix(s, "Wall time:") {
		return execOut{}, false
	}
	var x execOut
	header, body, _ := strings.Cut(s, "\nOutput:\n")
	if !strings.Contains(s, "\nOutput:\n") {
		header, body, _ = strings.Cut(s, "\nOutput:") // an empty output at the very end
	}
	x.output = strings.TrimSpace(body)
	for _, l := range strings.Split(header, "\n") {
		if v, ok := strings.CutPrefix(l, "Process exited with code "); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				x.exited, x.code = true, n
			}
		}
		if v, ok := strings.CutPrefix(l, "Process running with session ID "); ok {
			x.session = strings.TrimSpace(v)
		}
	}
	return x, true
}

var exitCodeRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:Exit code|Process exited with code):?\s*(-?\d+)`)
})

// outputFailed reads a tool call's output: a JSON string holding
// {"output", "metadata": {"exit_code"}}, plain text (possibly starting
// "Exit code: N"), or an object {content, success}.
func outputFailed(raw json.RawMessage) (string, bool) {
	var obj struct {
		Content string `json:"content"`
		Success *bool  `json:"success"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Success != nil {
		return obj.Content, !*obj.Success
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	var wrapped struct {
		Output   string `json:"output"`
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if json.Unmarshal([]byte(s), &wrapped) == nil && wrapped.Metadata.ExitCode != nil {
		return strings.TrimSpace(wrapped.Output), *wrapped.Metadata.ExitCode != 0
	}
	t := strings.TrimSpace(s)
	if m := exitCodeRe().FindStringSubmatch(t); m != nil {
		n, _ := strconv.Atoi(m[1])
		return t, n != 0
	}
	if strings.Contains(t, "verification failed") {
		return t, true
	}
	for _, p := range []string{"Failed to", "failed to", "Invalid patch", "invalid patch", "error:", "Error:"} {
		if strings.HasPrefix(t, p) {
			return t, true
		}
	}
	return "", false
}
