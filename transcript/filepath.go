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
// "src/app.py", "py:src/app.py", `python title="src/app.py"`.
func pathInInfo(info string) string {
	for _, tok := range strings.Fields(info) {
		if v, ok := strings.CutPrefix(tok, "title="); ok {
			tok = v
		}
		if i := strings.LastIndexByte(tok, ':'); i >= 0 && !isWinAbs(tok) {
			tok = tok[i+1:]
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
