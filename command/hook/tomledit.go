package hook

// Codex's config.toml edited as text: only the top-level `notify = […]`
// line is written or cut, so comments, order and formatting elsewhere stay
// as they were. BurntSushi/toml validates the file and reads the value.

import (
	"encoding/json"
	"strings"

	"github.com/BurntSushi/toml"
)

// tomlNotify reads the top-level notify array of a config; ok is false
// when there is none.
func tomlNotify(text string) (argv []string, ok bool, err error) {
	var cfg struct {
		Notify []string `toml:"notify"`
	}
	md, err := toml.Decode(text, &cfg)
	if err != nil {
		return nil, false, err
	}
	return cfg.Notify, md.IsDefined("notify"), nil
}

// tomlArray renders argv as a TOML array of basic strings (JSON string
// escapes are TOML's).
func tomlArray(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		q, _ := json.Marshal(a)
		parts[i] = string(q)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// lines splits text into lines that keep their terminators, with offsets.
func lines(text string) (starts []int, ls []string) {
	for off := 0; off < len(text); {
		i := strings.IndexByte(text[off:], '\n')
		end := len(text)
		if i >= 0 {
			end = off + i + 1
		}
		starts, ls = append(starts, off), append(ls, text[off:end])
		off = end
	}
	return starts, ls
}

func isTableHeader(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "[")
}

// notifySpan finds the top-level `notify = …` assignment: from its line's
// start to the end of the line where its value ends (multi-line arrays
// included).
func notifySpan(text string) (start, end int, ok bool) {
	starts, ls := lines(text)
	for i, l := range ls {
		t := strings.TrimSpace(l)
		if isTableHeader(l) {
			return 0, 0, false
		}
		key, _, found := strings.Cut(t, "=")
		if !found || strings.Trim(strings.TrimSpace(key), `"'`) != "notify" {
			continue
		}
		eq := starts[i] + strings.IndexByte(l, '=') + 1
		return starts[i], valueEnd(text, eq), true
	}
	return 0, 0, false
}

// valueEnd scans a TOML value from off and returns the offset after the
// newline that ends it (or the end of the text).
func valueEnd(text string, off int) int {
	depth := 0
	for i := off; i < len(text); i++ {
		switch c := text[i]; c {
		case '"', '\'':
			delim := string(c)
			if strings.HasPrefix(text[i:], strings.Repeat(delim, 3)) {
				delim = strings.Repeat(delim, 3)
			}
			j := i + len(delim)
			for j < len(text) && !strings.HasPrefix(text[j:], delim) {
				if c == '"' && text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + len(delim) - 1
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case '#':
			k := strings.IndexByte(text[i:], '\n')
			if k < 0 {
				return len(text)
			}
			i += k - 1
		case '\n':
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return len(text)
}

// topLevelInsert is where a new top-level key goes: before the first table
// header and the comment lines directly above it, or at the end.
func topLevelInsert(text string) (int, string) {
	starts, ls := lines(text)
	for i, l := range ls {
		if !isTableHeader(l) {
			continue
		}
		j := i
		for j > 0 && strings.HasPrefix(strings.TrimSpace(ls[j-1]), "#") {
			j--
		}
		return starts[j], ""
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		return len(text), "\n"
	}
	return len(text), ""
}
