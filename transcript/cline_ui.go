package transcript

import (
	"encoding/json"
	"strings"
)

// Cline's ui_messages.json is what its panel showed: a list of
// {ts, type: "say"|"ask", say|ask: kind, text, partial}. An edit the agent
// made is a "tool" message (said when auto-approved, asked otherwise)
// whose text is a ClineSayTool in JSON: {"tool": "editedExistingFile",
// "path", "diff"} holds the model's SEARCH/REPLACE text, {"tool":
// "newFileCreated", "path", "content"} the whole new file; a path is
// relative to the workspace. The fixture follows Cline 3.x.
//
// Invariants: a response runs from the task or a message of the user
// (user_feedback) to the next; its prose is its "text" messages; its
// edits are its complete (not partial) tool messages of those two kinds,
// in order, read as the api_conversation_history.json's write_to_file and
// replace_in_file are; the working directory is the one the environment
// details of an api_req_started message name. Nothing says whether the
// user approved an asked edit: it is taken as made, as the panel showed it.
type clUIMessage struct {
	TS      int64  `json:"ts"`
	Type    string `json:"type"`
	Ask     string `json:"ask"`
	Say     string `json:"say"`
	Text    string `json:"text"`
	Partial bool   `json:"partial"`
}

func (c *clineReader) uiRecord(rec int, raw []byte) error {
	var m clUIMessage
	if !decodeRecord(c.e, rec, raw, &m) || m.Partial {
		return nil
	}
	kind := m.Say
	if m.Type == "ask" {
		kind = m.Ask
	}
	switch kind {
	case "task", "user_feedback":
		return c.flush()
	case "api_req_started":
		var req struct {
			Request string `json:"request"`
		}
		if json.Unmarshal([]byte(m.Text), &req) == nil {
			if mm := clineCwdRe().FindStringSubmatch(req.Request); mm != nil {
				c.ro.setCwd(strings.TrimSpace(mm[1]))
			}
		}
	case "text", "completion_result":
		if t := strings.TrimSpace(m.Text); t != "" {
			c.start(rec, m.TS, raw)
			c.texts = append(c.texts, t)
		}
	case "tool":
		var t struct {
			Tool    string  `json:"tool"`
			Path    string  `json:"path"`
			Diff    string  `json:"diff"`
			Content *string `json:"content"`
		}
		if json.Unmarshal([]byte(m.Text), &t) != nil {
			return nil
		}
		params := map[string]string{"path": t.Path}
		switch t.Tool {
		case "editedExistingFile":
			params["diff"] = t.Diff
			c.start(rec, m.TS, raw)
			c.push(c.fileOps(rec, "replace_in_file", params))
		case "newFileCreated":
			if t.Content != nil {
				params["content"] = *t.Content
			}
			c.start(rec, m.TS, raw)
			c.push(c.fileOps(rec, "write_to_file", params))
		}
		// Reads, searches and listings change nothing.
	}
	return nil
}
