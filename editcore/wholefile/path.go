package wholefile

import (
	"path"
	"strings"

	"github.com/git-aiedit/git-aiedit/editcore/repopath"
)

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
	p, ok := repopath.Detect(t)
	if ok && strings.Contains(p, " ") && path.Ext(path.Base(strings.ReplaceAll(p, `\`, "/"))) == "" {
		// "`adb devices`" before a fence is a command and its output: a
		// file named with a space has an extension ("My Notes.txt").
		return "", false
	}
	return p, ok
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
