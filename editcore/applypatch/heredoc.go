package applypatch

import "strings"

// heredoc recognises the line that opens the Codex shell form of a patch,
// "apply_patch <<'EOF'" (optionally after a "$ " prompt, with any
// delimiter, quoted or not), and the bare "<<'EOF'" that Codex strips from
// its tool's argument. It returns the delimiter and whether the command was
// named.
func heredoc(t string) (delim string, cmd bool, ok bool) {
	if strings.IndexByte(t, '<') < 0 {
		return "", false, false // fast path: most lines
	}
	s := strings.TrimPrefix(t, "$ ")
	if i := strings.Index(s, "<<"); i > 0 {
		word := strings.TrimSpace(s[:i])
		word = word[strings.LastIndexByte(word, '/')+1:]
		if word != "apply_patch" && word != "applypatch" {
			return "", false, false
		}
		cmd, s = true, s[i:]
	}
	rest, found := strings.CutPrefix(s, "<<")
	if !found {
		return "", false, false
	}
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "-"))
	if len(rest) >= 2 && (rest[0] == '\'' || rest[0] == '"') && rest[len(rest)-1] == rest[0] {
		rest = rest[1 : len(rest)-1]
	}
	if !isWord(rest) || !cmd && rest != "EOF" {
		return "", false, false
	}
	return rest, cmd, true
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
