package transcript

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore"
)

// toolInput holds the fields of every file tool this package understands
// (Claude Code, Anthropic's text editor, OpenHands' editor); a call uses a
// few of them.
type toolInput struct {
	FilePath     string `json:"file_path"`
	Path         string `json:"path"`
	NotebookPath string `json:"notebook_path"`

	Command string `json:"command"`

	OldString  *string    `json:"old_string"`
	NewString  *string    `json:"new_string"`
	OldStr     *string    `json:"old_str"`
	NewStr     *string    `json:"new_str"`
	ReplaceAll bool       `json:"replace_all"`
	Edits      []editItem `json:"edits"`

	Content    *string  `json:"content"`
	FileText   *string  `json:"file_text"`
	InsertLine *flexInt `json:"insert_line"`
	InsertText *string  `json:"insert_text"`

	Start      *flexInt `json:"start"`
	End        *flexInt `json:"end"`
	ImplSource string   `json:"impl_source"`
}

type editItem struct {
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

// flexInt accepts 12 and "12": models sometimes quote numbers.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "null" || s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("not an integer: %s", b)
	}
	*f = flexInt(n)
	return nil
}

func (f *flexInt) get(def int) int {
	if f == nil {
		return def
	}
	return int(*f)
}

// maxRangeLines is OpenHands' limit on an LLM-based edit's range.
const maxRangeLines = 300

// toolEffect is what one tool call does: edits, and files it read.
type toolEffect struct {
	ops   []editcore.Op
	reads []string // recorded paths (not yet resolved)
	path  string   // recorded path the call targets
}

// mapTool turns a tool call into operations (docs/formats.md). Unknown tools
// have no effect. Paths stay as recorded; the caller resolves them.
func mapTool(name string, raw json.RawMessage, line int) toolEffect {
	kind := toolKind(name)
	if kind == "" {
		return toolEffect{}
	}
	var in toolInput
	if err := json.Unmarshal(raw, &in); err != nil {
		op := malformed(line, name, "", fmt.Sprintf("tool call input does not decode: %v", err))
		return toolEffect{ops: []editcore.Op{op}}
	}
	p := firstNonEmpty(in.FilePath, in.Path, in.NotebookPath)
	eff := toolEffect{path: p}
	if p == "" && kind != "read" {
		eff.ops = []editcore.Op{malformed(line, name, "", "tool call names no file")}
		return eff
	}
	raw1 := renderCall(name, in.Command, p)
	op := func(k editcore.Kind) editcore.Op {
		return editcore.Op{Kind: k, Format: ToolCallFormat, Path: p, Line: line, Raw: raw1}
	}
	switch kind {
	case "read":
		if p != "" {
			eff.reads = []string{p}
		}
	case "edit":
		o := op(editcore.Substring)
		o.OldText, o.NewText, o.ReplaceAll = deref(in.OldString), deref(in.NewString), in.ReplaceAll
		if in.OldString == nil {
			o = malformed(line, raw1, p, "Edit without old_string")
		} else if o.OldText == "" {
			// Claude Code creates a file from an Edit with an empty old_string.
			o.Kind, o.Content = editcore.Create, []byte(o.NewText)
		}
		eff.ops = []editcore.Op{o}
	case "multiedit":
		if len(in.Edits) == 0 {
			eff.ops = []editcore.Op{malformed(line, raw1, p, "MultiEdit without edits")}
			break
		}
		for _, ed := range in.Edits {
			o := op(editcore.Substring)
			o.OldText, o.NewText, o.ReplaceAll = ed.OldString, ed.NewString, ed.ReplaceAll
			if o.OldText == "" {
				o = malformed(line, raw1, p, "MultiEdit edit with an empty old_string")
			}
			eff.ops = append(eff.ops, o)
		}
	case "write":
		o := op(editcore.Write)
		o.Content = []byte(deref(firstPtr(in.Content, in.FileText)))
		eff.ops = []editcore.Op{o}
	case "notebook":
		eff.ops = []editcore.Op{malformed(line, raw1, p, "notebook edits are not supported")}
	case "editor":
		eff.ops, eff.reads = editorCommand(in, p, line, raw1)
	}
	return eff
}

// toolKind classifies a tool by name.
func toolKind(name string) string {
	switch n := strings.ToLower(name); {
	case n == "edit":
		return "edit"
	case n == "multiedit" || n == "multi_edit":
		return "multiedit"
	case n == "write":
		return "write"
	case n == "notebookedit" || n == "notebook_edit":
		return "notebook"
	case n == "read":
		return "read"
	case strings.Contains(n, "str_replace") || strings.HasPrefix(n, "text_editor") ||
		n == "edit_file" || n == "file_editor":
		return "editor"
	}
	return ""
}

// editorCommand maps the text-editor tool (Anthropic str_replace_editor,
// str_replace_based_edit_tool; OpenHands' edit action).
func editorCommand(in toolInput, p string, line int, raw string) ([]editcore.Op, []string) {
	base := editcore.Op{Format: ToolCallFormat, Path: p, Line: line, Raw: raw}
	switch in.Command {
	case "view":
		return nil, []string{p}
	case "create":
		o := base
		o.Kind, o.Content = editcore.Write, []byte(deref(firstPtr(in.FileText, in.Content)))
		return []editcore.Op{o}, nil
	case "str_replace":
		if in.OldStr == nil && in.OldString == nil {
			return []editcore.Op{malformed(line, raw, p, "str_replace without old_str")}, nil
		}
		o := base
		o.Kind = editcore.Substring
		o.OldText = deref(firstPtr(in.OldStr, in.OldString))
		o.NewText = deref(firstPtr(in.NewStr, in.NewString))
		if o.OldText == "" {
			return []editcore.Op{malformed(line, raw, p, "str_replace with an empty old_str")}, nil
		}
		return []editcore.Op{o}, nil
	case "insert":
		if in.InsertLine == nil {
			return []editcore.Op{malformed(line, raw, p, "insert without insert_line")}, nil
		}
		o := base
		o.Kind, o.Start = editcore.Insert, in.InsertLine.get(0)
		o.New = splitLines(deref(firstPtr(in.NewStr, in.InsertText)))
		if o.Start < 0 {
			return []editcore.Op{malformed(line, raw, p, "insert_line is negative")}, nil
		}
		return []editcore.Op{o}, nil
	case "undo_edit":
		return []editcore.Op{malformed(line, raw, p, "undo_edit is not supported: the edit it undid was applied")}, nil
	case "":
		if in.Content != nil { // OpenHands LLM-based edit
			return []editcore.Op{rangeEdit(base, in)}, nil
		}
	}
	return []editcore.Op{malformed(line, raw, p, fmt.Sprintf("unknown editor command %q", in.Command))}, nil
}

// rangeEdit maps an OpenHands LLM-based edit: replace lines start..end
// (1-based, inclusive); start -1 appends; end -1 means the end of the file,
// whose range the applier must check against the limit.
func rangeEdit(base editcore.Op, in toolInput) editcore.Op {
	o := base
	o.Kind = editcore.ReplaceRange
	o.Start, o.End = in.Start.get(1), in.End.get(-1)
	o.New = splitLines(deref(in.Content))
	switch {
	case o.Start == -1:
	case o.Start < 1:
		return malformed(o.Line, o.Raw, o.Path, fmt.Sprintf("start %d is not a line number", o.Start))
	case o.End != -1 && o.End < o.Start:
		return malformed(o.Line, o.Raw, o.Path, fmt.Sprintf("end %d is before start %d", o.End, o.Start))
	case o.End != -1 && o.End-o.Start+1 > maxRangeLines:
		return malformed(o.Line, o.Raw, o.Path, fmt.Sprintf("range of %d lines exceeds the %d-line limit", o.End-o.Start+1, maxRangeLines))
	}
	return o
}

func malformed(line int, raw, p, problem string) editcore.Op {
	return editcore.Op{Kind: editcore.Malformed, Format: ToolCallFormat, Path: p, Line: line, Raw: raw, Problem: problem}
}

func renderCall(name, command, p string) string {
	if command != "" {
		return fmt.Sprintf("%s %s %s", name, command, p)
	}
	return fmt.Sprintf("%s %s", name, p)
}

// splitLines splits text into lines without terminators; a final newline
// does not start another line.
func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func firstPtr(ps ...*string) *string {
	for _, p := range ps {
		if p != nil {
			return p
		}
	}
	return nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
