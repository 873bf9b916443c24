package hook

// A JSON document edited as text: values are located by a small parser
// that keeps every byte offset, and edits insert or cut text at those
// offsets. Everything else in the file — key order, unknown keys,
// indentation, comments (Gemini CLI's settings allow them) — stays byte
// for byte, and an insertion is cut out again exactly. Claude Code and
// Codex read their files as strict JSON and reject one with a comment or
// a trailing comma whole; parseStrictJSON refuses those, saying where.

import (
	"encoding/json"
	"fmt"
	"strings"
)

// jnode is one JSON value and where it is in the text.
type jnode struct {
	kind    byte // '{', '[', '"', or 'v' for a number or literal
	start   int  // offset of its first byte
	end     int  // offset just after its last byte
	str     string
	members []jmember // objects
	elems   []*jnode  // arrays
}

type jmember struct {
	key      string
	keyStart int
	val      *jnode
}

func (n *jnode) member(key string) (int, *jnode) {
	for i, m := range n.members {
		if m.key == key {
			return i, m.val
		}
	}
	return -1, nil
}

type jparser struct {
	s      string
	pos    int
	strict bool // no comments, no trailing commas
}

// parseJSONText parses JSON that may hold comments and trailing commas.
func parseJSONText(s string) (*jnode, error) { return parseJSON(s, false) }

// parseStrictJSON parses JSON as encoding/json and serde_json read it.
func parseStrictJSON(s string) (*jnode, error) { return parseJSON(s, true) }

func parseJSON(s string, strict bool) (*jnode, error) {
	p := &jparser{s: s, strict: strict}
	if err := p.space(); err != nil {
		return nil, err
	}
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	if err := p.space(); err != nil {
		return nil, err
	}
	if p.pos != len(s) {
		return nil, p.errf("unexpected text after the document")
	}
	return n, nil
}

func (p *jparser) errf(format string, args ...any) error {
	line := 1 + strings.Count(p.s[:min(p.pos, len(p.s))], "\n")
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

// space skips white space and comments.
func (p *jparser) space() error {
	for p.pos < len(p.s) {
		switch c := p.s[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case p.strict && (strings.HasPrefix(p.s[p.pos:], "//") || strings.HasPrefix(p.s[p.pos:], "/*")):
			return p.errf("a %s comment", p.s[p.pos:p.pos+2])
		case strings.HasPrefix(p.s[p.pos:], "//"):
			i := strings.IndexByte(p.s[p.pos:], '\n')
			if i < 0 {
				p.pos = len(p.s)
			} else {
				p.pos += i + 1
			}
		case strings.HasPrefix(p.s[p.pos:], "/*"):
			i := strings.Index(p.s[p.pos+2:], "*/")
			if i < 0 {
				return p.errf("unclosed comment")
			}
			p.pos += i + 4
		default:
			return nil
		}
	}
	return nil
}

// value parses the value at p.pos and records where it starts and ends.
func (p *jparser) value() (*jnode, error) {
	if p.pos >= len(p.s) {
		return nil, p.errf("unexpected end of the document")
	}
	n := &jnode{start: p.pos}
	var err error
	switch c := p.s[p.pos]; c {
	case '{':
		err = p.object(n)
	case '[':
		err = p.array(n)
	case '"':
		err = p.str(n)
	default:
		err = p.literal(n)
	}
	if err != nil {
		return nil, err
	}
	n.end = p.pos
	return n, nil
}

// object parses the members of the object at p.pos, up to its }.
func (p *jparser) object(n *jnode) error {
	n.kind = '{'
	p.pos++
	for {
		done, err := p.next('}', len(n.members) == 0)
		if done || err != nil {
			return err
		}
		keyStart := p.pos
		k, err := p.value()
		if err != nil {
			return err
		}
		if k.kind != '"' {
			return p.errf("expected a key")
		}
		if err := p.space(); err != nil {
			return err
		}
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return p.errf("expected :")
		}
		p.pos++
		if err := p.space(); err != nil {
			return err
		}
		v, err := p.value()
		if err != nil {
			return err
		}
		n.members = append(n.members, jmember{key: k.str, keyStart: keyStart, val: v})
	}
}

// array parses the elements of the array at p.pos, up to its ].
func (p *jparser) array(n *jnode) error {
	n.kind = '['
	p.pos++
	for {
		done, err := p.next(']', len(n.elems) == 0)
		if done || err != nil {
			return err
		}
		v, err := p.value()
		if err != nil {
			return err
		}
		n.elems = append(n.elems, v)
	}
}

// next moves to a container's next item: past the comma that must
// separate it from the one before (none before the first); done when the
// container closes there instead. A comma just before the close is a
// trailing comma, which only the lenient parser accepts.
func (p *jparser) next(closer byte, first bool) (done bool, err error) {
	if err := p.space(); err != nil {
		return false, err
	}
	if p.pos < len(p.s) && p.s[p.pos] == closer {
		p.pos++
		return true, nil
	}
	if first {
		return false, nil
	}
	if p.pos >= len(p.s) || p.s[p.pos] != ',' {
		return false, p.errf("expected , or %c", closer)
	}
	comma := p.pos
	p.pos++
	if err := p.space(); err != nil {
		return false, err
	}
	if p.pos < len(p.s) && p.s[p.pos] == closer { // a trailing comma
		if p.strict {
			p.pos = comma // the error names the comma's line
			return false, p.errf("a trailing comma")
		}
		p.pos++
		return true, nil
	}
	return false, nil
}

// str parses the string at p.pos, decoding it into n.str.
func (p *jparser) str(n *jnode) error {
	n.kind = '"'
	i := p.pos + 1
	for ; i < len(p.s) && p.s[i] != '"'; i++ {
		if p.s[i] == '\\' {
			i++
		}
	}
	if i >= len(p.s) {
		return p.errf("unclosed string")
	}
	if err := json.Unmarshal([]byte(p.s[p.pos:i+1]), &n.str); err != nil {
		return p.errf("bad string: %v", err)
	}
	p.pos = i + 1
	return nil
}

// literal parses the number, true, false or null at p.pos.
func (p *jparser) literal(n *jnode) error {
	n.kind = 'v'
	i := p.pos
	for i < len(p.s) && strings.IndexByte(" \t\r\n,]}/", p.s[i]) < 0 {
		i++
	}
	// Valid, not decoded: a number such as 1E700 is valid JSON that no
	// float64 holds, and the text is kept as written anyway.
	if i == p.pos || !json.Valid([]byte(p.s[p.pos:i])) {
		return p.errf("unexpected %q", p.s[p.pos:min(i+1, len(p.s))])
	}
	p.pos = i
	return nil
}

// indentUnit guesses the document's indentation from its first nested
// line; two spaces when it has none.
func indentUnit(s string, root *jnode) string {
	if root.kind == '{' && len(root.members) > 0 {
		if ind := lineIndent(s, root.members[0].keyStart); ind != "" {
			return ind
		}
	}
	return "  "
}

// lineIndent is the white space before offset on its line, when only
// white space precedes it there.
func lineIndent(s string, off int) string {
	i := strings.LastIndexByte(s[:off], '\n')
	ind := s[i+1 : off]
	if strings.Trim(ind, " \t") != "" {
		return ""
	}
	return ind
}

// render formats v at depth, for insertion after an indentation of depth
// units.
func render(v any, unit string, depth int) string {
	data, _ := json.MarshalIndent(v, strings.Repeat(unit, depth), unit)
	return string(data)
}

// edit is a replacement of s[start:end].
type edit struct {
	start, end int
	text       string
}

func (e edit) apply(s string) string { return s[:e.start] + e.text + s[e.end:] }

// addMember adds "key": value at the end of object obj at depth.
func addMember(s string, obj *jnode, depth int, unit, key string, value any) edit {
	k, _ := json.Marshal(key)
	inner := strings.Repeat(unit, depth+1)
	text := string(k) + ": " + render(value, unit, depth+1)
	if len(obj.members) == 0 {
		return edit{obj.start + 1, obj.end - 1, "\n" + inner + text + "\n" + strings.Repeat(unit, depth)}
	}
	last := obj.members[len(obj.members)-1].val.end
	return edit{last, last, ",\n" + inner + text}
}

// addElem adds value at the end of array arr at depth.
func addElem(s string, arr *jnode, depth int, unit string, value any) edit {
	inner := strings.Repeat(unit, depth+1)
	text := render(value, unit, depth+1)
	if len(arr.elems) == 0 {
		return edit{arr.start + 1, arr.end - 1, "\n" + inner + text + "\n" + strings.Repeat(unit, depth)}
	}
	last := arr.elems[len(arr.elems)-1].end
	return edit{last, last, ",\n" + inner + text}
}

// cut removes item i of a list of spans, with the separator an insertion
// added: from the previous item's end for the last item, up to the next
// item's start otherwise. open and close are the container's brackets.
func cut(starts, ends []int, i, open, close int) edit {
	switch {
	case len(starts) == 1:
		return edit{open + 1, close, ""}
	case i == len(starts)-1:
		return edit{ends[i-1], ends[i], ""}
	}
	return edit{starts[i], starts[i+1], ""}
}

func removeMember(obj *jnode, i int) edit {
	var starts, ends []int
	for _, m := range obj.members {
		starts, ends = append(starts, m.keyStart), append(ends, m.val.end)
	}
	return cut(starts, ends, i, obj.start, obj.end-1)
}

func removeElem(arr *jnode, i int) edit {
	var starts, ends []int
	for _, e := range arr.elems {
		starts, ends = append(starts, e.start), append(ends, e.end)
	}
	return cut(starts, ends, i, arr.start, arr.end-1)
}
