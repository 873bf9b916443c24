package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// codexHome is $CODEX_HOME, by default ~/.codex.
func codexHome() string {
	if h := os.Getenv("CODEX_HOME"); h != "" {
		return h
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".codex")
}

// findRollout finds a Codex session's rollout file,
// $CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl, the
// newest first.
func findRollout(thread string) string {
	home := codexHome()
	if home == "" || thread == "" {
		return ""
	}
	matches, _ := filepath.Glob(filepath.Join(home, "sessions", "*", "*", "*", "rollout-*"+safeGlob(thread)+".jsonl"))
	if len(matches) == 0 {
		return ""
	}
	sort.Strings(matches)
	return matches[len(matches)-1]
}

// safeGlob escapes glob metacharacters in an id.
func safeGlob(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[', '\\':
			out = append(out, '\\')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Codex has two ways to call git-aiedit. Its hooks engine (rust-v0.114,
// March 2026) reads $CODEX_HOME/hooks.json and <repo>/.codex/hooks.json,
// in Claude Code's shape, and sends SessionStart and Stop on standard
// input; that is what install writes. Older Codex has only notify, one
// program in $CODEX_HOME/config.toml run after each turn (--notify).
// The first releases with hooks run them only with [features]
// codex_hooks = true; later ones (Codex's hooks page since May 2026) run
// them by default and call that key a deprecated alias, so install does
// not write it: the note says what each version needs.

// codexNote is what install adds for Codex's hooks engine: what Codex
// itself asks before it runs a new hook, which install cannot do for the
// user.
func codexNote(agent Agent, notify bool, path string) string {
	if agent != Codex || notify {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nCodex runs a new hook only once you trust it: open /hooks in Codex and trust git-aiedit's SessionStart and Stop.")
	if filepath.Dir(path) != filepath.Clean(codexHome()) {
		b.WriteString(" It reads a project's .codex/hooks.json only in a project you trust.")
	}
	config := filepath.Join(codexHome(), "config.toml")
	text, _, _ := readSettings(config)
	if key, off := codexHooksOff(text); off {
		fmt.Fprintf(&b, "\nHooks are turned off in %s ([features] %s = false): nothing runs until that goes.", config, key)
	} else {
		fmt.Fprintf(&b, "\nA Codex whose hooks are still experimental also needs [features] codex_hooks = true in %s; "+
			"a Codex older than 0.114 has no hooks: use `git aiedit hook install --notify codex`.", config)
	}
	if argv, defined, err := tomlNotify(text); err == nil && defined && codexOurs(argv) {
		fmt.Fprintf(&b, "\nnotify in %s runs git-aiedit too (each turn is still recorded once); `git aiedit hook uninstall --notify codex` removes it.", config)
	}
	return b.String()
}

// codexHooksOff reports a config.toml that turns Codex's hooks off.
func codexHooksOff(text string) (string, bool) {
	var cfg struct {
		Features map[string]any `toml:"features"`
	}
	if _, err := toml.Decode(text, &cfg); err != nil {
		return "", false
	}
	for _, key := range []string{"hooks", "codex_hooks"} {
		if v, ok := cfg.Features[key].(bool); ok && !v {
			return key, true
		}
	}
	return "", false
}

// notifyHint points an uninstall of Codex's hooks that found none at the
// notify program an earlier install may have written.
func notifyHint(agent Agent, notify bool) string {
	if agent != Codex || notify {
		return ""
	}
	config := filepath.Join(codexHome(), "config.toml")
	text, _, _ := readSettings(config)
	if argv, defined, err := tomlNotify(text); err == nil && defined && codexOurs(argv) {
		return fmt.Sprintf("; notify in %s runs git-aiedit: `git aiedit hook uninstall --notify codex` removes it", config)
	}
	return ""
}
