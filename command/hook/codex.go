package hook

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/git-aiedit/git-aiedit/internal/exitcode"
)

// Codex reads hooks from $CODEX_HOME/hooks.json and .codex/hooks.json in
// Claude Code's shape (strict JSON), and sends SessionStart and Stop on
// standard input; an older Codex runs one notify program instead (below).
// Its session file, the rollout, is named by no event: it is found by
// the thread id.
var codexSpec = &spec{
	name:     Codex,
	display:  "Codex",
	project:  ".codex/hooks.json",
	user:     "$CODEX_HOME/hooks.json",
	settings: codexSettings,
	scopes:   append(allScopes[:len(allScopes):len(allScopes)], scope{user: true, notify: true}),
	form:     claudeForm{strict: true},
	events:   []string{"SessionStart", "Stop"},
	describe: "SessionStart takes the base, Stop records each turn",
	note:     codexNote,
	hint:     notifyHint,
	read:     readCodexEvent,
	locate:   func(ev Event) string { return findRollout(ev.Session) },
	settle:   true,
	idle: "Codex runs a new hook only once you trust it: open /hooks in an interactive `codex` and trust git-aiedit's SessionStart and Stop; " +
		"`codex exec` runs hooks not trusted yet only with --dangerously-bypass-hook-trust",
}

func codexSettings(ctx context.Context, sc scope, dir string) (string, error) {
	if sc.notify && sc.project {
		return "", exitcode.UsageErrorf("Codex reads notify only from $CODEX_HOME/config.toml; use --user (the default for codex)")
	}
	if sc.project {
		return projectFile(ctx, dir, ".codex", "hooks.json")
	}
	home := codexHome()
	if home == "" {
		return "", exitcode.UsageErrorf("cannot find your home directory for $CODEX_HOME; set CODEX_HOME")
	}
	if sc.notify {
		return filepath.Join(home, "config.toml"), nil
	}
	return filepath.Join(home, "hooks.json"), nil
}

// readCodexEvent reads Codex's event: on standard input from its hooks
// engine, or as the notify program's last argument; for notify it also
// starts the program the user had before install, and wait waits for it.
func readCodexEvent(opts *RunOptions) (ev Event, wait func(), err error) {
	args, chained := splitChained(opts.Args)
	if len(args) == 0 && len(chained) == 0 {
		// Codex's hooks engine: the event on standard input, in Claude
		// Code's shape.
		ev, err = readClaude(opts.Stdin, opts.Agent)
		return ev, nil, err
	}
	if len(args) == 0 {
		return Event{}, nil, errors.New("codex: no notify argument (Codex passes the event as JSON in the last argument)")
	}
	if len(chained) > 0 {
		wait = runChained(chained, args[len(args)-1])
	}
	ev, err = readCodex(args[len(args)-1])
	return ev, wait, err
}

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
func codexNote(notify bool, path string) string {
	if notify {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nCodex runs a new hook only once you trust it: open /hooks in Codex and trust git-aiedit's SessionStart and Stop; " +
		"until then nothing is recorded, and `codex exec` runs them only with --dangerously-bypass-hook-trust. " +
		"`git aiedit hook status codex` says whether they have run.")
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
func notifyHint(notify bool) string {
	if notify {
		return ""
	}
	config := filepath.Join(codexHome(), "config.toml")
	text, _, _ := readSettings(config)
	if argv, defined, err := tomlNotify(text); err == nil && defined && codexOurs(argv) {
		return fmt.Sprintf("; notify in %s runs git-aiedit: `git aiedit hook uninstall --notify codex` removes it", config)
	}
	return ""
}
