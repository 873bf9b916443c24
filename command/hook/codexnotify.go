package hook

// This file edits Codex's config.toml for `hook install codex --notify`
// (a Codex older than its hooks): notify runs git-aiedit, then the
// user's own program, if any.

import (
	"errors"
	"fmt"
	"strings"
)

// codexArgv is the notify program install writes: git-aiedit, then the
// user's own program (if any) after "--", which hook run starts as well.
func codexArgv(theirs []string) []string {
	argv := strings.Fields(runCommand(Codex))
	if len(theirs) > 0 {
		argv = append(append(argv, "--"), theirs...)
	}
	return argv
}

func codexOurs(argv []string) bool { return ours(strings.Join(argv, " ") + " ") }

func installCodex(text string) (string, bool, error) {
	theirs, defined, err := tomlNotify(text)
	if err != nil {
		return "", false, fmt.Errorf("not valid TOML (%v)", err)
	}
	if defined && codexOurs(theirs) {
		return text, true, nil
	}
	line := "notify = " + tomlArray(codexArgv(theirs)) + "\n"
	if defined {
		start, end, ok := notifySpan(text)
		if !ok {
			return "", false, errors.New("notify is set in a way this tool cannot edit safely (not a top-level `notify = [...]` line)")
		}
		return text[:start] + line + text[end:], false, nil
	}
	pos, pre := topLevelInsert(text)
	return text[:pos] + pre + line + text[pos:], false, nil
}

func uninstallCodex(text string, st *installState) (string, bool, error) {
	argv, defined, err := tomlNotify(text)
	if err != nil {
		return "", false, fmt.Errorf("not valid TOML (%v)", err)
	}
	if !defined || !codexOurs(argv) {
		return text, false, nil
	}
	start, end, ok := notifySpan(text)
	if !ok {
		return "", false, errors.New("cannot find the notify line to remove")
	}
	var theirs []string
	for i, a := range argv {
		if a == "--" {
			theirs = argv[i+1:]
			break
		}
	}
	replacement := ""
	if len(theirs) > 0 {
		replacement = "notify = " + tomlArray(theirs) + "\n"
		// The user's own line, as they wrote it, when install saw it.
		if st != nil {
			if s, e, ok := notifySpan(st.Original); ok {
				if old, _, _ := tomlNotify(st.Original); strings.Join(old, "\x00") == strings.Join(theirs, "\x00") {
					replacement = st.Original[s:e]
				}
			}
		}
	}
	return text[:start] + replacement + text[end:], true, nil
}
