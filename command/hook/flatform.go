package hook

import (
	"errors"
	"fmt"
	"strings"
)

// flatForm is the hook configuration shape of Cursor and GitHub Copilot
// CLI: {"version": 1, "hooks": {"<event>": [{…command…}, …]}}, each
// event a list of entries that each run one command. entry is the entry
// install adds; the command is in one of cmdKeys.
type flatForm struct {
	version bool // the file carries "version": 1
	entry   func(command string) any
	cmdKeys []string
}

func (f flatForm) parse(s *spec, text string) (*jnode, error) {
	root, err := parseStrictJSON(text)
	if err != nil {
		if _, lerr := parseJSONText(text); lerr == nil {
			return nil, fmt.Errorf("not valid JSON for %s (%v): remove the comments and trailing commas, which it does not read", s.display, err)
		}
		return nil, fmt.Errorf("not valid JSON (%v)", err)
	}
	if root.kind != '{' {
		return nil, errors.New("not a JSON object")
	}
	return root, nil
}

func (f flatForm) add(s *spec, text string, existed bool) (string, bool, error) {
	entry := f.entry(runCommand(s.name))
	if !existed || strings.TrimSpace(text) == "" {
		hooks := map[string]any{}
		for _, ev := range s.events {
			hooks[ev] = []any{entry}
		}
		head := ""
		if f.version {
			head = "\n  \"version\": 1,"
		}
		// Events in the spec's order, not a map's.
		var b strings.Builder
		b.WriteString("{" + head + "\n  \"hooks\": {")
		for i, ev := range s.events {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n    " + render(ev, "  ", 0) + ": " + render([]any{entry}, "  ", 2))
		}
		b.WriteString("\n  }\n}\n")
		return b.String(), false, nil
	}
	parse := func(text string) (*jnode, error) { return f.parse(s, text) }
	text, added, err := addHookEntries(text, s.events, parse, "the hook file's object", entry, f.has)
	if err != nil {
		return "", false, err
	}
	if f.version {
		root, err := f.parse(s, text)
		if err != nil {
			return "", false, err
		}
		if _, v := root.member("version"); v == nil && added {
			text = addMember(text, root, 0, indentUnit(text, root), "version", 1).apply(text)
		}
	}
	return text, !added, nil
}

// has reports whether an event's list holds git-aiedit's entry.
func (f flatForm) has(arr *jnode) bool { return f.find(arr) >= 0 }

// find is the index of git-aiedit's entry in an event's list, or -1.
func (f flatForm) find(arr *jnode) int {
	for i, h := range arr.elems {
		if h.kind != '{' {
			continue
		}
		for _, k := range f.cmdKeys {
			if _, c := h.member(k); c != nil && c.kind == '"' && ours(c.str) {
				return i
			}
		}
	}
	return -1
}

func (f flatForm) remove(_ *spec, text string) (string, bool, error) {
	return removeHookEntries(text, "the hook file's object", func(list *jnode) (edit, bool, bool) {
		i := f.find(list)
		if i < 0 {
			return edit{}, false, false
		}
		if len(list.elems) > 1 {
			return removeElem(list, i), true, false
		}
		return edit{}, true, true
	})
}

func (f flatForm) installed(s *spec, text string) ([]string, error) {
	root, err := f.parse(s, text)
	if err != nil {
		return nil, errors.New("invalid JSON")
	}
	return hookEvents(root, f.has), nil
}
