package gitops

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
)

// config is the repository's configuration as `git config --list -z`
// prints it (every file, include and GIT_CONFIG_* variable, as git reads
// them), read once per Repo and answered from memory.
type config struct {
	once    sync.Once
	start   func() (gitResult, error) // set by Discover; runs at most once
	raw     []byte
	entries []configEntry
	err     error
}

type configEntry struct {
	key   string // section and variable lower-cased, subsection as written
	value string
	bare  bool // "[x] key" with no "=": true as a boolean
}

func (c *config) load() error {
	c.once.Do(func() {
		if c.start == nil {
			c.err = errors.New("gitops: config not read (repository not discovered)")
			return
		}
		res, err := c.start()
		switch {
		case err != nil:
			c.err = err
		case res.code != 0:
			c.err = &RepoError{Op: "read config", Msg: gitMessage(res)}
		default:
			c.raw = res.stdout
			c.entries = parseConfigList(res.stdout)
		}
	})
	return c.err
}

// parseConfigList reads `git config --list -z`: entries ended by NUL,
// each "key\nvalue", or "key" alone for a key without a value.
func parseConfigList(out []byte) []configEntry {
	var entries []configEntry
	for _, e := range strings.Split(string(out), "\x00") {
		if e == "" {
			continue
		}
		key, value, hasValue := strings.Cut(e, "\n")
		entries = append(entries, configEntry{key: key, value: value, bare: !hasValue})
	}
	return entries
}

// canonicalKey lower-cases a key's section and variable name, which git
// compares without case; a subsection keeps its case.
func canonicalKey(key string) string {
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first < 0 {
		return strings.ToLower(key)
	}
	return strings.ToLower(key[:first]) + key[first:last] + strings.ToLower(key[last:])
}

// lookup returns the last value of key, as `git config --get` does.
func (c *config) lookup(key string) (configEntry, bool) {
	key = canonicalKey(key)
	for i := len(c.entries) - 1; i >= 0; i-- {
		if c.entries[i].key == key {
			return c.entries[i], true
		}
	}
	return configEntry{}, false
}

// ConfigList returns `git config --list -z` output as git printed it.
func (r *Repo) ConfigList(ctx context.Context) ([]byte, error) {
	if err := r.config.load(); err != nil {
		return nil, err
	}
	return r.config.raw, nil
}

// ConfigValue returns the last value of a config key and whether it is set.
func (r *Repo) ConfigValue(ctx context.Context, key string) (string, bool, error) {
	if err := r.config.load(); err != nil {
		return "", false, err
	}
	e, ok := r.config.lookup(key)
	return e.value, ok, nil
}

// ConfigBool reads a boolean git config key as git reads it (every file,
// include and GIT_CONFIG_* variable); def when the key is not set.
func (r *Repo) ConfigBool(ctx context.Context, key string, def bool) (bool, error) {
	if err := r.config.load(); err != nil {
		return def, err
	}
	e, ok := r.config.lookup(key)
	if !ok {
		return def, nil
	}
	b, ok := parseBool(e)
	if !ok {
		return def, &RepoError{Op: "read " + key, Dir: r.Dir,
			Msg:  "bad boolean config value '" + e.value + "' for '" + key + "'",
			Hint: "set it to true or false: git config " + key + " false"}
	}
	return b, nil
}

// parseBool is git's git_parse_maybe_bool: true/yes/on, false/no/off
// (any case), an empty value is false, a bare key is true, and integers
// are true unless zero.
func parseBool(e configEntry) (bool, bool) {
	if e.bare {
		return true, true
	}
	switch strings.ToLower(e.value) {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off", "":
		return false, true
	}
	n, err := strconv.ParseInt(e.value, 0, 64)
	if err != nil {
		// git accepts unit suffixes (1k) on integers too.
		v := strings.ToLower(e.value)
		if m := strings.TrimRight(v, "kmg"); len(m) == len(v)-1 {
			n, err = strconv.ParseInt(m, 0, 64)
		}
		if err != nil {
			return false, false
		}
	}
	return n != 0, true
}
