package mdfence

import (
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// InfoPath finds a path in an opening fence's info string, and the
// language the string names: "python src/app.py", "python:src/app.py"
// (as chat interfaces such as Cursor write it), "src/app.py",
// `python title="src/app.py"`. A token is a path only with a dot, a slash
// or a backslash, and never a language name with a dot (node.js), so
// that a language is never taken for a file. A citation is no path:
// Cursor's "12:40:src/app.ts" (lines 12 to 40 of a file, quoted), or any
// other token with a colon but a Windows drive's (C:\src\app.ts).
func InfoPath(info string) (path, lang string) {
	for i, tok := range strings.Fields(info) {
		tok = unlabel(tok)
		if i == 0 {
			if l, rest, ok := strings.Cut(tok, ":"); ok && isWord(l) && isLetter(l[0]) {
				lang, tok = strings.ToLower(l), rest
			}
		}
		if p, ok := infoToken(tok); ok {
			return p, lang
		}
		if i == 0 && lang == "" && !strings.Contains(tok, ":") { // a citation names no language
			lang = strings.ToLower(tok)
		}
	}
	return "", lang
}

// unlabel removes path=, file=, filename=, title= or name= and quotes.
func unlabel(tok string) string {
	low := strings.ToLower(tok)
	for _, k := range []string{"path=", "file=", "filename=", "title=", "name="} {
		if strings.HasPrefix(low, k) {
			tok = tok[len(k):]
			break
		}
	}
	return strings.Trim(tok, `"'`)
}

// notPaths are language names with a dot, which a fence may carry.
var notPaths = map[string]bool{"node.js": true, "vue.js": true, "next.js": true, "react.js": true, "asp.net": true}

func infoToken(tok string) (string, bool) {
	if !strings.ContainsAny(tok, "./\\") || notPaths[strings.ToLower(tok)] {
		return "", false
	}
	colon := strings.IndexByte(tok, ':')
	if colon >= 0 && !(colon == 1 && isLetter(tok[0]) && len(tok) > 2 && (tok[2] == '\\' || tok[2] == '/') && strings.Count(tok, ":") == 1) {
		return "", false // a citation (12:40:src/app.ts), a URL-like or a label:value
	}
	return repopath.Detect(tok)
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isWord reports a language name: letters, digits and +-_#.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '_' || c == '#') {
			return false
		}
	}
	return true
}
