package transcript

import "strings"

// pathNear extracts a file path from the line written just above a pasted
// code block: "src/app.py", "`src/app.py`:", "**File: src/app.py**",
// "### src/app.py", "Here is src/app.py:". "" when there is none.
func pathNear(line string) string {
	s := strings.TrimSpace(line)
	s = strings.TrimLeft(s, "#> ")
	s = strings.Trim(s, "*_`: ")
	for _, p := range []string{"File:", "file:", "Path:", "path:", "Filename:", "filename:"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			s = strings.TrimSpace(rest)
		}
	}
	s = strings.Trim(s, "*_`: ")
	if f := strings.Fields(s); len(f) > 1 {
		s = strings.Trim(f[len(f)-1], "*_`:,;()")
	}
	if looksLikePath(s) {
		return s
	}
	return ""
}

// pathInInfo finds a path in a fence's info string: "python src/app.py",
// "src/app.py", "py:src/app.py", `python title="src/app.py"`. A citation
// (Cursor's "12:40:src/app.ts", some lines of a file) names no file seen
// in full.
func pathInInfo(info string) string {
	for _, tok := range strings.Fields(info) {
		if v, ok := strings.CutPrefix(tok, "title="); ok {
			tok = v
		}
		if lang, rest, ok := strings.Cut(tok, ":"); ok && !isWinAbs(tok) {
			if lang == "" || !looksLikeLang(lang) || strings.Contains(rest, ":") && !isWinAbs(rest) {
				continue
			}
			tok = rest
		}
		tok = strings.Trim(tok, `"'{}`)
		if looksLikePath(tok) {
			return tok
		}
	}
	return ""
}

// looksLikePath accepts "a/b", "name.ext", ".gitignore", absolute and
// Windows paths; it refuses words, numbers and URLs.
func looksLikePath(s string) bool {
	if s == "" || len(s) > 255 || strings.Contains(s, "://") || s[0] == '-' || strings.HasSuffix(s, ".") {
		return false
	}
	letter := false
	for _, r := range s {
		switch {
		case r <= ' ', strings.ContainsRune("<>\"|?*`'(){}[],;", r):
			return false
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r > 0x7f:
			letter = true
		}
	}
	if !letter {
		return false
	}
	if strings.ContainsAny(s, `/\`) {
		return true
	}
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 || len(s)-dot-1 > 10 {
		return false
	}
	for _, r := range s[dot+1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// slashPath turns a relative Windows path into a slash-separated one.
func slashPath(p string) string {
	if strings.Contains(p, `\`) && !strings.Contains(p, "/") && !isWinAbs(p) {
		return strings.ReplaceAll(p, `\`, "/")
	}
	return p
}

// looksLikeLang accepts a fence language name: a letter, then letters,
// digits and +-_#.
func looksLikeLang(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c|0x20 >= 'a' && c|0x20 <= 'z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || strings.IndexByte("+-_#", c) >= 0)) {
			return false
		}
	}
	return s != ""
}
