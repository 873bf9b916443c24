package hook

// A JSON document edited in place: github.com/tailscale/hujson parses it
// into a syntax tree that keeps every byte (white space, comments —
// Gemini CLI's settings allow them —, trailing commas) and packs it back
// exactly; an edit changes the tree at a path and packs it, so key
// order, unknown keys and indentation stay byte for byte, and an
// insertion is cut out again exactly. The commands read a jnode, a view
// of the tree with each value's offsets and its path. Claude Code and
// Codex read their files as strict JSON and reject one with a comment or
// a trailing comma whole; parseStrictJSON refuses those, saying where.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/tailscale/hujson"
)

// jnode is one JSON value, where it is in the text, and its path.
type jnode struct {
	kind    byte // '{', '[', '"', or 'v' for a number or literal
	start   int  // offset of its first byte
	end     int  // offset just after its last byte
	str     string
	members []jmember // objects
	elems   []*jnode  // arrays
	path    []int     // member or element index at each level from the root
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

// parseJSONText parses JSON that may hold comments and trailing commas.
func parseJSONText(s string) (*jnode, error) { return parseJSON(s, false) }

// parseStrictJSON parses JSON as encoding/json and serde_json read it.
func parseStrictJSON(s string) (*jnode, error) { return parseJSON(s, true) }

func parseJSON(s string, strict bool) (*jnode, error) {
	v, err := hujson.Parse([]byte(s))
	if err != nil {
		return nil, parseError(err)
	}
	if strict {
		if off, what := firstExtension(&v); off >= 0 {
			return nil, fmt.Errorf("line %d: %s", lineAt(s, off), what)
		}
	}
	return view(&v, nil), nil
}

// hujson's errors start "hujson: line L, column C: "; ours, "line L: ".
// Compiled on first use: every command's start-up ran it.
var hujsonError = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^hujson: line (\d+), column \d+: `) })

func parseError(err error) error {
	return fmt.Errorf("%s", hujsonError().ReplaceAllString(err.Error(), "line $1: "))
}

func lineAt(s string, off int) int { return 1 + strings.Count(s[:min(off, len(s))], "\n") }

// view builds the jnode of v, at path.
func view(v *hujson.Value, path []int) *jnode {
	n := &jnode{start: v.StartOffset, end: v.EndOffset, path: path}
	switch t := v.Value.(type) {
	case *hujson.Object:
		n.kind = '{'
		for i := range t.Members {
			m := &t.Members[i]
			key, _ := m.Name.Value.(hujson.Literal)
			n.members = append(n.members, jmember{key: key.String(), keyStart: m.Name.StartOffset, val: view(&m.Value, child(path, i))})
		}
	case *hujson.Array:
		n.kind = '['
		for i := range t.Elements {
			n.elems = append(n.elems, view(&t.Elements[i], child(path, i)))
		}
	case hujson.Literal:
		n.kind = 'v'
		if t.Kind() == '"' {
			n.kind, n.str = '"', t.String()
		}
	}
	return n
}

func child(path []int, i int) []int { return append(append([]int(nil), path...), i) }

// firstExtension finds, in document order, the first comment or
// trailing comma: what strict JSON readers refuse. -1 when none.
func firstExtension(root *hujson.Value) (int, string) {
	best, what := -1, ""
	note := func(off int, w string) {
		if best < 0 || off < best {
			best, what = off, w
		}
	}
	extra := func(e hujson.Extra, off int) {
		if i := strings.IndexByte(string(e), '/'); i >= 0 {
			note(off+i, "a "+string(e[i:i+2])+" comment")
		}
	}
	var walk func(v *hujson.Value)
	walk = func(v *hujson.Value) {
		extra(v.BeforeExtra, v.StartOffset-len(v.BeforeExtra))
		extra(v.AfterExtra, v.EndOffset)
		var last *hujson.Value
		var after hujson.Extra
		switch t := v.Value.(type) {
		case *hujson.Object:
			for i := range t.Members {
				walk(&t.Members[i].Name)
				walk(&t.Members[i].Value)
				last = &t.Members[i].Value
			}
			after = t.AfterExtra
		case *hujson.Array:
			for i := range t.Elements {
				walk(&t.Elements[i])
				last = &t.Elements[i]
			}
			after = t.AfterExtra
		default:
			return
		}
		extra(after, v.EndOffset-1-len(after))
		if last != nil && last.AfterExtra != nil {
			note(last.EndOffset+len(last.AfterExtra), "a trailing comma")
		}
	}
	walk(root)
	return best, what
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

// edit is a change of the tree at a path: the container's, which do
// changes. The zero edit changes nothing.
type edit struct {
	path []int
	do   func(*hujson.Value)
}

// apply makes the edit on the text s.
func (e edit) apply(s string) string {
	if e.do == nil {
		return s
	}
	v, err := hujson.Parse([]byte(s))
	if err != nil {
		return s // s is the text the path was read from
	}
	target := &v
	for _, i := range e.path {
		switch t := target.Value.(type) {
		case *hujson.Object:
			target = &t.Members[i].Value
		case *hujson.Array:
			target = &t.Elements[i]
		}
	}
	e.do(target)
	return string(v.Pack())
}

// rendered is v as render formats it at depth: packed verbatim (a
// literal of hujson's is written as its bytes), and read back as a tree
// by the next parse.
func rendered(v any, unit string, depth int) hujson.Value {
	return hujson.Value{Value: hujson.Literal(render(v, unit, depth))}
}

// addMember adds "key": value at the end of object obj at depth, on a
// line of its own.
func addMember(s string, obj *jnode, depth int, unit, key string, value any) edit {
	inner, outer := "\n"+strings.Repeat(unit, depth+1), "\n"+strings.Repeat(unit, depth)
	return edit{path: obj.path, do: func(v *hujson.Value) {
		o := v.Value.(*hujson.Object)
		m := hujson.ObjectMember{
			Name:  hujson.Value{BeforeExtra: hujson.Extra(inner), Value: hujson.String(key)},
			Value: rendered(value, unit, depth+1),
		}
		m.Value.BeforeExtra = hujson.Extra(" ")
		if len(o.Members) == 0 {
			// The braces' inner white space (and comments) make way.
			o.AfterExtra = hujson.Extra(outer)
		} else {
			// What followed the last value (a trailing comma's space)
			// follows the new one.
			last := &o.Members[len(o.Members)-1].Value
			m.Value.AfterExtra, last.AfterExtra = last.AfterExtra, nil
		}
		o.Members = append(o.Members, m)
	}}
}

// addElem adds value at the end of array arr at depth, on a line of its
// own.
func addElem(s string, arr *jnode, depth int, unit string, value any) edit {
	inner, outer := "\n"+strings.Repeat(unit, depth+1), "\n"+strings.Repeat(unit, depth)
	return edit{path: arr.path, do: func(v *hujson.Value) {
		a := v.Value.(*hujson.Array)
		e := rendered(value, unit, depth+1)
		e.BeforeExtra = hujson.Extra(inner)
		if len(a.Elements) == 0 {
			a.AfterExtra = hujson.Extra(outer)
		} else {
			last := &a.Elements[len(a.Elements)-1]
			e.AfterExtra, last.AfterExtra = last.AfterExtra, nil
		}
		a.Elements = append(a.Elements, e)
	}}
}

// removeMember removes member i of obj with the separator an insertion
// added (addMember): from the previous value's end for the last member,
// up to the next key otherwise; the only one takes the braces' inner
// space with it.
func removeMember(obj *jnode, i int) edit {
	return edit{path: obj.path, do: func(v *hujson.Value) {
		o := v.Value.(*hujson.Object)
		switch {
		case len(o.Members) == 1:
			o.AfterExtra = nil
		case i == len(o.Members)-1:
			o.Members[i-1].Value.AfterExtra = o.Members[i].Value.AfterExtra
		default:
			o.Members[i+1].Name.BeforeExtra = o.Members[i].Name.BeforeExtra
		}
		o.Members = append(o.Members[:i:i], o.Members[i+1:]...)
	}}
}

// removeElem removes element i of arr, as removeMember does a member.
func removeElem(arr *jnode, i int) edit {
	return edit{path: arr.path, do: func(v *hujson.Value) {
		a := v.Value.(*hujson.Array)
		switch {
		case len(a.Elements) == 1:
			a.AfterExtra = nil
		case i == len(a.Elements)-1:
			a.Elements[i-1].AfterExtra = a.Elements[i].AfterExtra
		default:
			a.Elements[i+1].BeforeExtra = a.Elements[i].BeforeExtra
		}
		a.Elements = append(a.Elements[:i:i], a.Elements[i+1:]...)
	}}
}
