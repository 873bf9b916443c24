package wholefile

import (
	"path"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

// infoPath finds a path in a fence's info string, and the language the
// string names ("python src/app.py", "python:src/app.py", "src/app.py",
// `python title="src/app.py"`).
func infoPath(info string) (p, lang string) {
	for i, tok := range strings.Fields(info) {
		tok = unlabel(tok)
		if i == 0 {
			if l, rest, ok := strings.Cut(tok, ":"); ok && isWord(l) {
				lang, tok = strings.ToLower(l), rest
			}
		}
		if p, ok := infoToken(tok); ok {
			return p, lang
		}
		if i == 0 && lang == "" {
			lang = strings.ToLower(tok)
		}
	}
	return "", lang
}

// unlabel removes path=, file=, filename= or title= and quotes.
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
	return repopath.Detect(tok)
}

// linePath reads a path alone on the line before a fence: bare or
// decorated as repopath.Detect allows, after a markdown heading's "#"s or a
// "File:" label; with spaces only when quoted.
func linePath(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if h := strings.TrimLeft(t, "#"); h != t && (h == "" || h[0] == ' ') {
		t = strings.TrimSpace(h)
	}
	for _, k := range []string{"file:", "filename:", "path:"} {
		if hasPrefixFold(t, k) {
			t = strings.TrimSpace(t[len(k):])
			break
		}
	}
	if strings.Contains(strings.TrimSuffix(t, ":"), " ") && !quoted(strings.TrimSuffix(t, ":")) {
		// "The new src/app.py:" is a sentence. A path with spaces must be
		// quoted to be taken from a line (a wrong guess overwrites a file).
		return "", false
	}
	return repopath.Detect(t)
}

// hasPrefixFold is strings.HasPrefix(strings.ToLower(s), prefix) for a
// lower-case ASCII prefix, without lowering the whole line. A few
// non-ASCII letters lower to ASCII ones (İ to i): past a non-ASCII byte it
// asks strings.ToLower.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if c >= 0x80 {
			return strings.HasPrefix(strings.ToLower(s), prefix)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

func quoted(t string) bool {
	return len(t) > 2 && t[0] == '`' && t[len(t)-1] == '`' ||
		len(t) > 4 && strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**")
}

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

// never are languages whose blocks are not files.
var never = map[string]bool{
	"diff": true, "patch": true, "udiff": true, "console": true, "terminal": true,
	"shell-session": true, "sh-session": true, "shellsession": true, "pycon": true,
	"output": true,
}

// shells are languages whose blocks are usually commands to run.
var shells = map[string]bool{
	"bash": true, "sh": true, "shell": true, "zsh": true, "fish": true, "ksh": true,
	"powershell": true, "ps1": true, "pwsh": true, "bat": true, "batch": true, "cmd": true,
}

var scripts = map[string]bool{
	".sh": true, ".bash": true, ".zsh": true, ".fish": true, ".ksh": true, ".ps1": true,
	".psm1": true, ".bat": true, ".cmd": true, ".command": true,
}

// allowed says whether a block in language lang can be the whole file p.
func allowed(lang, p string) bool {
	switch {
	case never[lang]:
		return false
	case shells[lang]:
		base := path.Base(strings.ReplaceAll(p, `\`, "/"))
		return scripts[strings.ToLower(path.Ext(base))] || strings.HasPrefix(base, ".")
	}
	return true
}
