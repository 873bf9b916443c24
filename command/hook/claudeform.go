package hook

// This file edits settings of Claude Code's shape: install adds
// git-aiedit's hook group to each event, uninstall takes it out again.

import (
	"errors"
	"fmt"
	"strings"
)

// claudeForm is Claude Code's settings shape, which Gemini CLI and
// Codex's hooks.json share: "hooks": {"<Event>": [{"hooks": [{"type":
// "command", "command": …}]}]}. strict: the agent rejects a file with
// comments or trailing commas whole.
type claudeForm struct{ strict bool }

func (claudeForm) add(s *spec, text string, existed bool) (string, bool, error) {
	return installClaude(s.name, text, existed)
}

func (claudeForm) remove(_ *spec, text string) (string, bool, error) { return uninstallClaude(text) }

func (claudeForm) installed(s *spec, text string) ([]string, error) {
	root, err := parseSettings(s.name, text)
	if err != nil || root.kind != '{' {
		return nil, errors.New("invalid JSON")
	}
	return hookEvents(root, claudeHas), nil
}

type claudeHook struct {
	Type    string `json:"type"`
	Command string `json:"command"`
}

type claudeGroup struct {
	Hooks []claudeHook `json:"hooks"`
}

// installClaude adds a hook group running git-aiedit to each of the
// agent's events (its spec's), after whatever groups are there. Gemini
// CLI's settings take the same shape as Claude Code's.
func installClaude(agent Agent, text string, existed bool) (string, bool, error) {
	if !existed || strings.TrimSpace(text) == "" {
		text = "{}\n"
	}
	group := claudeGroup{Hooks: []claudeHook{{Type: "command", Command: runCommand(agent)}}}
	parse := func(text string) (*jnode, error) {
		root, err := parseSettings(agent, text)
		if err == nil && root.kind != '{' {
			return nil, errors.New("not a JSON object")
		}
		return root, err
	}
	text, added, err := addHookEntries(text, agent.spec().events, parse, "the settings object", group, claudeHas)
	if err != nil {
		return "", false, err
	}
	return text, !added, nil
}

// parseSettings parses an agent's JSON settings as the agent reads them:
// Claude Code (anthropics/claude-code #83190) and Codex (serde_json)
// reject a file with a comment or a trailing comma whole, so hooks added
// to one would never run; Gemini CLI allows both.
func parseSettings(agent Agent, text string) (*jnode, error) {
	if f, ok := agent.spec().form.(claudeForm); ok && !f.strict {
		root, err := parseJSONText(text)
		if err != nil {
			return nil, fmt.Errorf("not valid JSON (%v)", err)
		}
		return root, nil
	}
	root, err := parseStrictJSON(text)
	if err == nil {
		return root, nil
	}
	if _, lerr := parseJSONText(text); lerr == nil {
		return nil, fmt.Errorf("not valid JSON for %s (%v): %s rejects a settings file with comments or trailing commas whole, "+
			"so its hooks would never run; remove them", agent.display(), err, agent.display())
	}
	return nil, fmt.Errorf("not valid JSON (%v)", err)
}

// claudeHas reports whether an event's groups already run git-aiedit.
func claudeHas(arr *jnode) bool {
	i, _ := claudeFind(arr)
	return i >= 0
}

// claudeFind locates the first of git-aiedit's hooks in an event's list of
// groups: group i, hook j.
func claudeFind(arr *jnode) (int, int) {
	for i, g := range arr.elems {
		if g.kind != '{' {
			continue
		}
		_, hs := g.member("hooks")
		if hs == nil || hs.kind != '[' {
			continue
		}
		for j, h := range hs.elems {
			if h.kind != '{' {
				continue
			}
			if _, c := h.member("command"); c != nil && c.kind == '"' && ours(c.str) {
				return i, j
			}
		}
	}
	return -1, -1
}

// uninstallClaude cuts out git-aiedit's hooks, then the groups, event
// lists and "hooks" object that are left empty by that.
func uninstallClaude(text string) (string, bool, error) {
	return removeHookEntries(text, "the settings object", func(arr *jnode) (edit, bool, bool) {
		i, j := claudeFind(arr)
		if i < 0 {
			return edit{}, false, false
		}
		_, hs := arr.elems[i].member("hooks")
		switch {
		case len(hs.elems) > 1:
			return removeElem(hs, j), true, false
		case len(arr.elems) > 1:
			return removeElem(arr, i), true, false
		}
		return edit{}, true, true
	})
}
