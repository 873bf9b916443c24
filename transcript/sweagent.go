package transcript

import (
	"encoding/json"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/editcore"
	"github.com/git-aiedit/git-aiedit/editcore/shell"
)

// sweStep is one step of a SWE-agent trajectory: the model's response, the
// command it chose (action) and what the environment answered.
type sweStep struct {
	Action      string          `json:"action"`
	Observation string          `json:"observation"`
	Response    string          `json:"response"`
	Thought     string          `json:"thought"`
	State       json.RawMessage `json:"state"` // an object, or older: a JSON string of one
}

type sweState struct {
	OpenFile   string `json:"open_file"`
	WorkingDir string `json:"working_dir"`
}

func (s sweStep) state() sweState {
	var st sweState
	raw := s.State
	var str string
	if json.Unmarshal(raw, &str) == nil {
		raw = json.RawMessage(str)
	}
	_ = json.Unmarshal(raw, &st)
	if st.OpenFile == "n/a" {
		st.OpenFile = ""
	}
	return st
}

// Regexps are compiled on first use: package init is on every command's start-up path.
var sweEditRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)^edit\s+(\d+)\s*:\s*(\d+)\s*\n(.*?)\n?end_of_edit\s*$`)
})

// An observation says the edit was not made when it holds one of
// sweRefused (the linter's report, a failed replacement) or starts with one
// of sweErrors (a tool error).
var (
	sweRefused = []string{
		"Your proposed edit has introduced new syntax error",
		"Your edit was not applied",
		"No replacement was performed",
		"did not appear verbatim",
		// SWE-agent 1.0's windowed edit: asks the model to retry.
		"###SWE-AGENT-RETRY-WITH-OUTPUT###",
		"Your search and replace strings are the same",
		"Search text must not be empty",
		"No file opened.",
	}
	sweErrors = []string{"The path ", "Usage: ", "usage: ", "Invalid ", "ERROR", "Error:"}
)

// readSWEAgent reads a SWE-agent .traj file: an object whose "trajectory"
// lists the steps.
//
// Invariants: every step whose action edits a file is one response (the
// model chose one command per response), with its thought as prose; steps
// that only look around make no response. "edit N:M … end_of_edit"
// replaces lines N..M of the open file (the step's state, or the last
// open / create); "create F" makes an empty file that the next edit fills;
// str_replace_editor calls map like the text-editor tool. An observation
// that shows the edit was refused (the linter's syntax-error report, or a
// tool error) marks it as failed at the time. "submit" ends the task.
func readSWEAgent(r io.Reader, e *emitter) error {
	s := &sweReader{e: e, ro: e.newRooter(), created: map[string]bool{}}
	e.meta = func(key string, value json.RawMessage) {
		if key == "info" {
			sweSubmission(e, value)
		}
	}
	return readRecords(r, e, []string{"trajectory"}, s.record)
}

type sweReader struct {
	e       *emitter
	ro      *rooter
	open    string          // recorded path of the open file
	created map[string]bool // files made empty by create, not edited since
	done    bool
	asked   bool // the task was looked for in the first step's query
}

// task reports the task the trajectory works on as the user's prompt,
// from the messages the first step sent to the model (SWE-agent 1.0
// records them as the step's query): its first user message, or the
// <pr_description> inside it. Only the first step's query is read: each
// step repeats all of the history before it.
func (s *sweReader) task(raw []byte) {
	s.asked = true
	var st struct {
		Query []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"query"`
	}
	if json.Unmarshal(raw, &st) != nil {
		return
	}
	for _, m := range st.Query {
		if m.Role != "user" {
			continue
		}
		text := contentText(m.Content)
		for _, tag := range []string{"pr_description", "issue", "problem_statement"} {
			if _, in, ok := strings.Cut(text, "<"+tag+">"); ok {
				in, _, _ = strings.Cut(in, "</"+tag+">")
				text = in
				break
			}
		}
		s.e.ask(text)
		return
	}
}

func (s *sweReader) record(rec int, raw []byte) error {
	var st sweStep
	if !decodeRecord(s.e, rec, raw, &st) || s.done {
		return nil
	}
	if !s.asked {
		s.task(raw)
	}
	state := st.state()
	// The shell's folder: the repository's at first (/testbed,
	// /owner__repo), as its files confirm; later, where the agent cd'd to.
	s.ro.setCwd(state.WorkingDir)
	action := strings.TrimSpace(strings.ReplaceAll(st.Action, "\r\n", "\n"))
	var ops []editcore.Op
	first, _, _ := strings.Cut(action, "\n")
	words := strings.Fields(first)
	if len(words) == 0 {
		return nil
	}
	abs := func(p string) string {
		if isAbs(p) || state.WorkingDir == "" {
			return p
		}
		return path.Join(cleanAbs(state.WorkingDir), p)
	}
	switch words[0] {
	case "submit":
		s.done = true
		return nil
	case "open", "goto":
		if words[0] == "open" && len(words) > 1 {
			s.open = abs(strings.Trim(words[1], `"'`))
			s.ro.seeRead(s.open)
		}
		return nil
	case "create":
		if len(words) < 2 {
			return nil
		}
		p := abs(strings.Trim(words[1], `"'`))
		s.open, s.created[p] = p, true
		ops = []editcore.Op{{Kind: editcore.Create, Format: ToolCallFormat, Path: p, Line: rec, Raw: first, Content: []byte{}}}
	case "edit":
		ops = []editcore.Op{s.edit(rec, action, firstNonEmpty(state.OpenFile, s.open))}
	case "str_replace_editor", "edit_anthropic":
		ops = s.editor(rec, action)
	case "find_file", "search_dir", "search_file", "scroll_up", "scroll_down", "filemap", "exit_forfeit", "exit_cost", "exit_error", "exit_format":
		return nil // SWE-agent's own tools that only read
	default:
		ops = shellOps(action, rec, "", s.e.opt.Format, func(p string) string { return s.ro.rel(abs(p)) })
	}
	if len(ops) == 0 {
		return nil
	}
	if msg := sweFailure(st.Observation); msg != "" {
		for i := range ops {
			ops[i].RecordedError = msg
		}
	} else {
		for _, op := range ops {
			if op.Kind != editcore.Create {
				delete(s.created, op.Path)
			}
		}
	}
	for i := range ops {
		s.ro.see(ops[i].Path)
	}
	for i := range ops {
		ops[i].Path = s.ro.rel(ops[i].Path)
	}
	return s.e.emit(&Response{Line: rec, Text: strings.TrimSpace(firstNonEmpty(st.Thought, st.Response)), Ops: ops, resolve: s.ro.rel})
}

// edit maps "edit N:M" on the open file.
func (s *sweReader) edit(rec int, action, file string) editcore.Op {
	first, _, _ := strings.Cut(action, "\n")
	m := sweEditRe().FindStringSubmatch(action)
	if m == nil {
		if op, ok := sweReplace(rec, action, file); ok {
			return op
		}
		return malformed(rec, first, file, "an edit command needs \"edit N:M\", the new lines and end_of_edit, or \"edit SEARCH REPLACE\"")
	}
	if file == "" {
		return malformed(rec, first, "", "edit with no open file")
	}
	start, _ := strconv.Atoi(m[1])
	end, _ := strconv.Atoi(m[2])
	if s.created[file] && start <= 1 {
		// The first edit of a file create made empty fills it.
		return editcore.Op{Kind: editcore.Write, Format: ToolCallFormat, Path: file, Line: rec, Raw: first, Content: []byte(m[3] + "\n")}
	}
	return rangeEdit(editcore.Op{Format: ToolCallFormat, Path: file, Line: rec, Raw: first},
		toolInput{Content: ptr(m[3] + "\n"), Start: ptr(flexInt(start)), End: ptr(flexInt(end))})
}

// editor maps a str_replace_editor command line: its words are shell words,
// the multi-line texts quoted.
func (s *sweReader) editor(rec int, action string) []editcore.Op {
	cmds := shell.ParseLine(action, 1)
	if len(cmds) == 0 || len(cmds[0].Args) < 2 {
		first, _, _ := strings.Cut(action, "\n")
		return []editcore.Op{malformed(rec, first, "", "str_replace_editor command does not parse")}
	}
	args := cmds[0].Args
	in := map[string]any{"command": args[0], "path": args[1]}
	for i := 2; i+1 < len(args); i += 2 {
		k := strings.TrimPrefix(args[i], "--")
		if k == "insert_line" {
			n, _ := strconv.Atoi(args[i+1])
			in[k] = n
			continue
		}
		in[k] = args[i+1]
	}
	raw, _ := json.Marshal(in)
	return mapTool("str_replace_editor", raw, rec).ops
}

// sweFailure returns the error an observation reports, or "".
func sweFailure(obs string) string {
	t := strings.TrimSpace(obs)
	for _, p := range sweRefused {
		if strings.Contains(t, p) {
			return shorten(t, 2000)
		}
	}
	for _, p := range sweErrors {
		if strings.HasPrefix(t, p) {
			return shorten(t, 2000)
		}
	}
	return ""
}
