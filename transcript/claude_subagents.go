package transcript

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/git-aiedit/git-aiedit/internal/safeopen"
)

// Claude Code 2.1.2 and later keep a subagent's records out of the
// session file: in <session id>/subagents/agent-<agent id>.jsonl beside
// it, the Task call's result naming the agent (toolUseResult.agentId).
// Reading a session from its file (Options.Path), such a transcript is
// read where the result is, as the turn's sidechain: its edits count, its
// prose does not. A subagent may start its own (up to five levels);
// theirs sit in the same folder.
//
// A session whose subagents wrote into it (isSidechain records before
// the result, as older versions did) is not read twice: a turn with such
// records reads no subagent file.

// maxSubagentDepth bounds subagents of subagents (Claude Code allows 5).
const maxSubagentDepth = 8

type subagentState struct {
	session string          // the session's id, as its records say
	inline  bool            // this turn had sidechain records in the session
	depth   int             // > 0 while a subagent's transcript is read
	at      int             // the record of the Task result being read, for its edits
	reading map[string]bool // agent ids being read, against a loop
}

// see notes what the reader must know of a record before using it.
func (s *subagentState) see(r *ccRecord) {
	if s.depth > 0 {
		return
	}
	if r.SessionID != "" {
		s.session = r.SessionID
	}
	if r.IsSidechain {
		s.inline = true
	}
}

// line is where a record's edits are reported: a subagent's are at the
// Task result that brought them in.
func (s *subagentState) line(rec int) int {
	if s.depth > 0 {
		return s.at
	}
	return rec
}

var safeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`) })

// agentID is the subagent a tool result names, if any.
func agentID(raw json.RawMessage) string {
	var v struct {
		AgentID string `json:"agentId"`
	}
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v.AgentID
}

// subagent reads the transcript of the subagent r's Task result names,
// when the session was read from its file.
func (c *claudeReader) subagent(rec int, r *ccRecord) error {
	id := agentID(r.ToolUseResult)
	if id == "" || c.sub.inline || c.cur == nil {
		return nil
	}
	if !safeName().MatchString(id) {
		c.e.warn(rec, "subagent %q not read: its id is not a file name", id)
		return nil
	}
	if c.e.opt.Path == "" {
		c.e.warn(rec, "the edits of subagent %s are not read: Claude Code keeps them in a file beside the session file; name that file instead of standard input", id)
		return nil
	}
	session := c.sub.session
	if session == "" || !safeName().MatchString(session) {
		session = strings.TrimSuffix(filepath.Base(c.e.opt.Path), ".jsonl")
	}
	file := filepath.Join(filepath.Dir(c.e.opt.Path), session, "subagents", "agent-"+id+".jsonl")
	switch {
	case c.sub.reading[id]:
		return nil // a subagent that names itself
	case c.sub.depth >= maxSubagentDepth:
		c.e.warn(rec, "subagent transcript %s not read: subagents nested more than %d deep", file, maxSubagentDepth)
		return nil
	}
	// A regular file only, opened without blocking: a FIFO or a link to
	// /dev/zero in its place must not hang the read (internal/safeopen).
	f, err := safeopen.Regular(file)
	if errors.Is(err, fs.ErrNotExist) {
		c.e.warn(rec, "subagent transcript %s not found: the edits of subagent %s are missing from this response", file, id)
		return nil
	}
	if err != nil {
		c.e.warn(rec, "subagent transcript %s not read (%v): the edits of subagent %s are missing from this response", file, err, id)
		return nil
	}
	defer f.Close()
	return c.readSubagent(rec, id, file, f)
}

// readSubagent reads a subagent's records into the current turn, its
// warnings naming its file and line at the Task result's record.
func (c *claudeReader) readSubagent(rec int, id, file string, f *os.File) error {
	outer, saved := c.e, c.sub
	sub := &emitter{opt: outer.opt}
	sub.opt.Warn = func(line int, msg string) {
		outer.warn(rec, "subagent transcript %s:%d: %s", file, line, msg)
	}
	if c.sub.reading == nil {
		c.sub.reading = map[string]bool{}
	}
	c.sub.reading[id] = true
	c.e = sub
	c.sub.depth++
	c.sub.at = rec
	defer func() {
		delete(c.sub.reading, id)
		c.e = outer
		c.sub.depth, c.sub.at = saved.depth, saved.at
	}()
	return readRecords(f, sub, nil, c.record)
}
