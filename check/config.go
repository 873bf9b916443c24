package check

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultTimeout bounds a configured check that sets no timeout.
const DefaultTimeout = 120 * time.Second

// Config is the checks configuration from git config:
//
//	aiedit.checks = off | report | require
//	aiedit.check.<name>.command = go vet ./...
//	aiedit.check.<name>.paths = *.go          (repeatable; blank-separated globs)
//	aiedit.check.<name>.timeout = 90s         (or plain seconds; default 120 s)
//	aiedit.check.syntax.enabled = false       (turns the built-in check off)
type Config struct {
	Policy   Policy    // "" when aiedit.checks is unset
	Syntax   bool      // the built-in syntax check runs
	Commands []Command // in the order the config lists them
}

// ConfigError is a check setting that cannot be used.
type ConfigError struct {
	Key, Value, Msg string
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("git config %s=%q: %s", e.Key, e.Value, e.Msg)
}

// Regexps are compiled on first use: package init is on every command's start-up path.
// checkName is what a check may be called: it stands in a trailer before
// its status.
var checkName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`) })

// LoadConfig reads the checks configuration with `git config` in dir, so
// every config file, include and GIT_CONFIG_* variable counts as for git.
func LoadConfig(ctx context.Context, dir string) (Config, error) {
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "config", "-z", "--get-regexp", `^aiedit\.`)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 && stderr.Len() == 0 {
		err = nil // no key matched
	}
	if err != nil {
		return Config{}, fmt.Errorf("read git config: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	return parseConfig(out)
}

// ParseConfig reads the checks configuration from `git config --list -z`
// output (a repository's config as read once at discovery).
func ParseConfig(list []byte) (Config, error) { return parseConfig(list) }

// parseConfig reads `git config -z --get-regexp` (or --list) output: entries ended by
// NUL, each "key\nvalue" (or only "key" for a key without value). Section
// and variable names are case-insensitive; the check's name (the
// subsection) is not.
func parseConfig(out []byte) (Config, error) {
	c := Config{Syntax: true}
	byName := map[string]*Command{}
	var order []string
	for _, entry := range strings.Split(string(out), "\x00") {
		if entry == "" {
			continue
		}
		key, value, _ := strings.Cut(entry, "\n")
		first, rest, _ := strings.Cut(key, ".")
		if !strings.EqualFold(first, "aiedit") {
			continue
		}
		if strings.EqualFold(rest, "checks") {
			p, err := ParsePolicy(value)
			if err != nil {
				return Config{}, &ConfigError{Key: key, Value: value, Msg: "use off, report or require"}
			}
			c.Policy = p
			continue
		}
		// [aiedit "check.NAME"]: "check.NAME" is a subsection, whose
		// spelling git keeps as written.
		sub, ok := strings.CutPrefix(rest, "check.")
		dot := strings.LastIndexByte(sub, '.')
		if !ok || dot <= 0 {
			continue // another aiedit setting
		}
		name, variable := sub[:dot], strings.ToLower(sub[dot+1:])
		if name == SyntaxName {
			if variable != "enabled" {
				return Config{}, &ConfigError{Key: key, Value: value, Msg: `"syntax" is the built-in check; only aiedit.check.syntax.enabled can be set`}
			}
			on, err := parseBool(value)
			if err != nil {
				return Config{}, &ConfigError{Key: key, Value: value, Msg: "want true or false"}
			}
			c.Syntax = on
			continue
		}
		if !checkName().MatchString(name) {
			return Config{}, &ConfigError{Key: key, Value: value, Msg: "a check name has letters, digits, '.', '_' and '-' only"}
		}
		cmd := byName[name]
		if cmd == nil {
			cmd = &Command{Name: name, Timeout: DefaultTimeout}
			byName[name] = cmd
			order = append(order, name)
		}
		switch variable {
		case "command":
			cmd.Command = value
		case "paths":
			cmd.Paths = append(cmd.Paths, strings.Fields(value)...)
		case "timeout":
			d, err := parseTimeout(value)
			if err != nil {
				return Config{}, &ConfigError{Key: key, Value: value, Msg: "want a duration such as 90s or 5m, or seconds"}
			}
			cmd.Timeout = d
		}
	}
	for _, name := range order {
		cmd := byName[name]
		if strings.TrimSpace(cmd.Command) == "" {
			return Config{}, &ConfigError{Key: "aiedit.check." + name + ".command", Msg: "check " + name + " has settings but no command"}
		}
		c.Commands = append(c.Commands, *cmd)
	}
	return c, nil
}

func parseTimeout(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("bad timeout %q", s)
	}
	return d, nil
}

// parseBool reads a git boolean; a key without value is true.
func parseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "true", "yes", "on", "1":
		return true, nil
	case "false", "no", "off", "0":
		return false, nil
	}
	return false, fmt.Errorf("bad boolean %q", s)
}
